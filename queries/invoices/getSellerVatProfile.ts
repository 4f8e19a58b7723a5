import type { Knex } from 'knex';
import { coalescedReadsPer } from '../../src/runtime/coalescedReads.ts';
import { sql } from '../../src/runtime/database.ts';
import { DEFAULT_SELLER_COUNTRY } from '../../src/core/vat/rates.ts';
import type { SellerVatProfile } from '../../src/core/vat/sellerVatProfile.ts';
import type { InvoiceSettingsRow } from '../../projections/invoices/invoiceSettings.ts';

export type { SellerVatProfile } from '../../src/core/vat/sellerVatProfile.ts';

/** The member state a vendor dispatches from: its invoice settings' country, else the platform's. */
export async function getSellerCountry(knex: Knex, vendorId: number): Promise<string> {
  return (await countryReader(knex).read(vendorId)) ?? DEFAULT_SELLER_COUNTRY;
}

/** The sellers' countries by vendor: every product write reads its seller's, and concurrent ones read together. */
const countryReader = coalescedReadsPer<number, string>(async (knex, vendorIds) => {
  const rows = await sql<Pick<InvoiceSettingsRow, 'vendor_id' | 'company_country_iso'>>(
    knex,
    'SELECT vendor_id, company_country_iso FROM invoice_settings WHERE vendor_id = ANY($1::int[])',
    [vendorIds],
    'seller_countries',
  );
  return new Map(rows.map((r) => [Number(r.vendor_id), r.company_country_iso]));
});

/**
 * The seller's VAT profile: this year's cross-border B2C sales from the orders taxed as distance
 * sales, last year's from the invoice settings (the service may not hold that year's orders).
 * Without invoice settings the platform's country, Luxembourg, is assumed; the vendor sets its own
 * in the invoice settings.
 */
export async function getSellerVatProfile(knex: Knex, vendorId: number, at: Date): Promise<SellerVatProfile> {
  const yearStart = new Date(Date.UTC(at.getUTCFullYear(), 0, 1));
  const [settings, [{ total }]] = await Promise.all([
    knex<InvoiceSettingsRow>('invoice_settings').where('vendor_id', vendorId).first(),
    knex('order_list')
      .where('vendor_id', vendorId)
      .whereIn('vat_regime', ['origin', 'oss'])
      .where('order_date', '>=', yearStart)
      .whereNot('status', 'declined')
      .sum({ total: 'net_cents' }),
  ]);
  return {
    seller_country_iso: settings?.company_country_iso ?? DEFAULT_SELLER_COUNTRY,
    opted_for_destination: settings?.oss_opted_for_destination ?? false,
    cross_border_b2c_current_year_cents: Number(total ?? 0),
    cross_border_b2c_previous_year_cents: Number(settings?.cross_border_b2c_previous_year_cents ?? 0),
  };
}
