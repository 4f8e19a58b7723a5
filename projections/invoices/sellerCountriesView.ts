import type { Knex } from 'knex';
import type { InvoiceSettingsEvent } from '../../commands/invoices/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { defineMemoryView } from '../../src/runtime/memoryView.ts';
import type { InvoiceSettingsRow } from './invoiceSettings.ts';

/** Per vendor that set its invoice settings, the member state it dispatches from. */
export type SellerCountries = Map<number, string>;

/**
 * The sellers' countries in every instance's memory (src/runtime/memoryViews.ts): every product
 * write and every cart reads its seller's (the VAT rates a price is checked and shown with), so
 * it costs no statement. Loaded from invoice_settings, kept current from the settings' updates; a
 * vendor's own update is in this instance's view before its answer (the command waits for the
 * views of its events).
 */
export const sellerCountriesView = defineMemoryView<SellerCountries>({
  name: 'seller_countries',
  eventTypes: ['VendorInvoiceSettingsUpdated'],
  sources: ['invoice_settings'],
  async load(trx: Knex.Transaction) {
    const rows = await trx<InvoiceSettingsRow>('invoice_settings').select('vendor_id', 'company_country_iso');
    return new Map(rows.map((r) => [Number(r.vendor_id), r.company_country_iso]));
  },
  apply(state, raw) {
    const { vendor_id, company_country_iso } = domainEvent<InvoiceSettingsEvent>(raw).data;
    state.set(vendor_id, company_country_iso);
    return state;
  },
});
