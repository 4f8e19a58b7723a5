import type { Knex } from 'knex';
import { DEFAULT_SELLER_COUNTRY } from '../../src/core/vat/rates.ts';

/**
 * The member state whose VAT a cart shows: the vendor's own (its invoice settings, else the
 * platform's, as the seller profile of orders reads it). A cart has no destination yet; the
 * order fixes the VAT for where the goods go.
 */
export async function getCartVatCountry(knex: Knex, vendorId: number): Promise<string> {
  const row = await knex('invoice_settings').select('company_country_iso').where('vendor_id', vendorId).first();
  return row?.company_country_iso ?? DEFAULT_SELLER_COUNTRY;
}
