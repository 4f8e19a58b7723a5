import type { Knex } from 'knex';
import { coalescedReadsPer } from '../../src/runtime/coalescedReads.ts';
import { sql } from '../../src/runtime/database.ts';
import { DEFAULT_SELLER_COUNTRY } from '../../src/core/vat/rates.ts';
import { OSS_THRESHOLD_CENTS } from '../../src/core/vat/regime.ts';
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

/** A seller's distance sales since a day ($1 the vendor, $2 the day), as the partial index order_list_distance_sales holds them. */
const DISTANCE_SALES = `vendor_id = $1 AND vat_regime IN ('origin', 'oss') AND status <> 'declined' AND order_date >= $2`;

/**
 * The seller's VAT profile: this year's cross-border B2C sales from the orders taxed as distance
 * sales, last year's from the invoice settings (the service may not hold that year's orders).
 * Without invoice settings the platform's country, Luxembourg, is assumed; the vendor sets its own
 * in the invoice settings.
 *
 * This year's sales are summed in the order they were made and only until they pass the OSS
 * threshold: past it, every further sale is over it whatever the exact total, and the VAT
 * decision (src/core/vat/regime.ts) reads no more than that. So the reading stops at the order
 * that crossed it, however many orders the seller takes in the rest of the year (the partial
 * index order_list_distance_sales holds the distance sales alone).
 */
export async function getSellerVatProfile(knex: Knex, vendorId: number, at: Date): Promise<SellerVatProfile> {
  const yearStart = new Date(Date.UTC(at.getUTCFullYear(), 0, 1));
  const [settings, [{ total }]] = await Promise.all([
    knex<InvoiceSettingsRow>('invoice_settings').where('vendor_id', vendorId).first(),
    sql<{ total: string | null }>(
      knex,
      // The running total's LIMIT stops the ordered index scan at the crossing sale; the plain sum
      // (the total when no sale crossed) runs only when the first finds none.
      `SELECT coalesce(
         (SELECT total FROM (SELECT sum(net_cents) OVER (ORDER BY order_date, id ROWS UNBOUNDED PRECEDING) AS total
                             FROM order_list WHERE ${DISTANCE_SALES}) r
          WHERE total > $3 LIMIT 1),
         (SELECT sum(net_cents) FROM order_list WHERE ${DISTANCE_SALES}),
         0)::text AS total`,
      [vendorId, yearStart, OSS_THRESHOLD_CENTS],
      'seller_distance_sales',
    ),
  ]);
  return {
    seller_country_iso: settings?.company_country_iso ?? DEFAULT_SELLER_COUNTRY,
    opted_for_destination: settings?.oss_opted_for_destination ?? false,
    cross_border_b2c_current_year_cents: Number(total ?? 0),
    cross_border_b2c_previous_year_cents: Number(settings?.cross_border_b2c_previous_year_cents ?? 0),
  };
}
