import type { Knex } from 'knex';

/**
 * A seller's distance sales of the year, in the order they were made: an order taxed as a
 * distance sale adds its net to the seller's running total until that total passes the OSS
 * threshold (queries/invoices/getSellerVatProfile.ts). Only such orders are in the index, so the
 * total reads them alone, however many domestic orders the seller has.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE INDEX order_list_distance_sales ON order_list (vendor_id, order_date, id) INCLUDE (net_cents)
     WHERE vat_regime IN ('origin', 'oss') AND status <> 'declined'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX order_list_distance_sales');
}
