import type { Knex } from 'knex';

/**
 * One index per order of the order lists (`sort`, queries/orders/listOrders.ts ORDER_SORTS) and
 * of the extmarket job lists (queries/extmarket/listJobs.ts JOB_SORTS, its sync log side): the
 * vendor's list (vendor_id, <key>, id), the admin's across vendors (<key>, id). Those that exist
 * already are not repeated: order_list_date (order_date DESC, id DESC) and
 * extmarket_sync_logs_type (job_type, id DESC), read either way. One statement per raw call (PGlite).
 */
const INDEXES: Array<[name: string, table: string, columns: string]> = [
  ['order_list_vendor_date', 'order_list', 'vendor_id, order_date, id'],
  ['order_list_vendor_total', 'order_list', 'vendor_id, gross_cents, id'],
  ['order_list_total', 'order_list', 'gross_cents, id'],
  ['order_list_vendor_status_id', 'order_list', 'vendor_id, status, id'],
  ['order_list_status_id', 'order_list', 'status, id'],
  ['extmarket_sync_logs_vendor_created', 'extmarket_sync_logs', 'vendor_id, created_at, id'],
  ['extmarket_sync_logs_created', 'extmarket_sync_logs', 'created_at, id'],
  ['extmarket_sync_logs_vendor_status', 'extmarket_sync_logs', 'vendor_id, status, id'],
  ['extmarket_sync_logs_status_id', 'extmarket_sync_logs', 'status, id'],
  ['extmarket_sync_logs_vendor_type', 'extmarket_sync_logs', 'vendor_id, job_type, id'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, table, columns] of INDEXES) await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ON ${table} (${columns})`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of INDEXES) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}
