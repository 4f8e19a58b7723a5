import type { Knex } from 'knex';

/**
 * The order lists' search (queries/orders/listOrders.ts: the term anywhere in the order number,
 * the extmarket's order id, the customer's surname or e-mail, case-insensitive) gets a trigram
 * index per searched column, so that PostgreSQL answers the four ILIKEs with one bitmap of
 * matches instead of reading every order. Measured on 100,000 orders of one vendor
 * (`npm run bench -- order-pages`, docs/performance.md "Vendor order pages"): one search of a
 * customer's surname, the page and its count, 930 ms without them, 7.4 ms with them, one request
 * at a time. Where pg_trgm is not installed the search reads the rows as before.
 *
 * And (vendor_id, imported_at): the plan usage (queries/subscriptions/vendorSubscriptions.ts
 * vendorUsage) counts the vendor's orders imported in the billing period on every vendor
 * dashboard and usage request; without it a parallel scan of the whole order list, 281 ms at
 * 100,000 orders of one vendor, with it an index-only scan of the period's orders, 9-16 ms.
 */
const COLUMNS = ['order_number', 'external_order_id', 'customer_last_name', 'customer_email'];
const hasTrigrams = async (knex: Knex) =>
  (await knex.raw<{ rows: unknown[] }>(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`)).rows.length > 0;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS order_list_vendor_imported ON order_list (vendor_id, imported_at)');
  if (!(await hasTrigrams(knex))) return;
  for (const column of COLUMNS)
    await knex.raw(`CREATE INDEX IF NOT EXISTS order_list_search_${column} ON order_list USING gin (${column} gin_trgm_ops)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS order_list_vendor_imported');
  for (const column of COLUMNS) await knex.raw(`DROP INDEX IF EXISTS order_list_search_${column}`);
}
