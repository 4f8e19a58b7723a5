import type { Knex } from 'knex';

/**
 * One index per order of the import job lists (`sort`, queries/marketplace-imports/listImportJobs.ts
 * IMPORT_JOB_SORTS): the vendor's list (vendor_id, <key>, id), the admin's across vendors
 * (<key>, id). The id orders have theirs already (the primary key, marketplace_import_jobs_vendor).
 * One statement per raw call (PGlite).
 */
const KEYS: Array<[name: string, column: string]> = [
  ['created', 'created_at'],
  ['status_order', 'status'],
  ['completed', 'completed_at'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, column] of KEYS) {
    await knex.raw(
      `CREATE INDEX IF NOT EXISTS marketplace_import_jobs_vendor_${name} ON marketplace_import_jobs (vendor_id, ${column}, id)`,
    );
    await knex.raw(`CREATE INDEX IF NOT EXISTS marketplace_import_jobs_${name} ON marketplace_import_jobs (${column}, id)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of KEYS) {
    await knex.raw(`DROP INDEX IF EXISTS marketplace_import_jobs_vendor_${name}`);
    await knex.raw(`DROP INDEX IF EXISTS marketplace_import_jobs_${name}`);
  }
}
