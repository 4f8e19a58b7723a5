import { invoiceBook } from '../../commands/invoices/invoiceBook.ts';
import { invoiceSettings } from '../../commands/invoices/invoiceSettings.ts';
import { invoiceList } from '../../projections/invoices/invoiceList.ts';
import { invoiceSettingsProjection } from '../../projections/invoices/invoiceSettings.ts';
import { sellerCountriesView } from '../../projections/invoices/sellerCountriesView.ts';
import { vendorInvoiceRoutes } from '../http/vendor/invoices.ts';
import { invoicePageRoutes, invoicesBackOffice } from '../pages/invoices/invoicePages.ts';
import { DEFAULT_SELLER_COUNTRY } from '../core/vat/rates.ts';
import { getSellerCountry, getSellerVatProfile } from '../../queries/invoices/getSellerVatProfile.ts';
import { getInvoiceSettings } from '../../queries/invoices/listInvoices.ts';
import { defineModule } from './module.ts';

export const invoicesModule = defineModule({
  name: 'invoices',
  tag: 'Invoices',
  description: 'EU VAT invoices of orders, their gapless numbering and PDFs.',
  features: ['EU VAT invoices (OSS, reverse charge)', 'Gapless numbering', 'PDF invoices', 'Credit notes'],
  dependsOn: ['orders'],
  routes: { vendor: [vendorInvoiceRoutes] },
  consumers: [invoiceList, invoiceSettingsProjection],
  aggregates: [invoiceBook, invoiceSettings],
  pages: [invoicePageRoutes],
  backOffice: invoicesBackOffice,
  memoryViews: [sellerCountriesView],
  // From memory where the view is loaded (a service); a command-line tool reads the settings.
  sellerState: async (services, vendorId) => {
    const countries = services.views.find(sellerCountriesView);
    return countries ? (countries.get(vendorId) ?? DEFAULT_SELLER_COUNTRY) : getSellerCountry(services.db.knex, vendorId);
  },
  sellerVatProfile: getSellerVatProfile,
  invoiceSettings: getInvoiceSettings,
});
