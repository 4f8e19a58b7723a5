import type { Knex } from 'knex';

/**
 * Marketplace imports: the job list and the import errors (projections of the job
 * streams), and the write-side registry of product keys → marketplace product ids
 * (commands/marketplace-imports/assignProductIds.ts). One statement per raw call (PGlite).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE marketplace_import_id_seq');
  await knex.raw('CREATE SEQUENCE marketplace_product_id_seq');
  await knex.raw(`CREATE TABLE marketplace_product_keys (
    key        text PRIMARY KEY,
    product_id integer NOT NULL UNIQUE
  )`);
  // projections/marketplace-imports/marketplaceImportJobs.ts
  await knex.raw(`CREATE TABLE marketplace_import_jobs (
    id              integer PRIMARY KEY,
    vendor_id       integer NOT NULL,
    language        text NOT NULL,
    marketplace     text NOT NULL,
    source_type     text NOT NULL,
    source_url      text,
    file_name       text,
    delimiter       text,
    status          text NOT NULL,
    attempt         integer NOT NULL DEFAULT 0,
    batches         integer NOT NULL DEFAULT 0,
    rows_processed  integer NOT NULL DEFAULT 0,
    imported_count  integer NOT NULL DEFAULT 0,
    created_count   integer NOT NULL DEFAULT 0,
    error_count     integer NOT NULL DEFAULT 0,
    bytes_read      bigint NOT NULL DEFAULT 0,
    bytes_total     bigint,
    error_code      text,
    error_message   text,
    created_by      text,
    created_by_name text,
    created_at      timestamptz NOT NULL,
    started_at      timestamptz,
    completed_at    timestamptz,
    updated_at      timestamptz NOT NULL,
    -- Feed position of the Completed/Failed event: GET waits for the catalogue to pass it.
    final_pos_a     text,
    final_pos_b     text
  )`);
  await knex.raw('CREATE INDEX marketplace_import_jobs_vendor ON marketplace_import_jobs (vendor_id, id)');
  await knex.raw('CREATE INDEX marketplace_import_jobs_status ON marketplace_import_jobs (status, updated_at)');
  // projections/marketplace-imports/marketplaceImportErrors.ts: MarketplaceImportError records.
  await knex.raw(`CREATE TABLE marketplace_import_errors (
    job_id        integer NOT NULL,
    row_number    integer NOT NULL,
    vendor_id     integer NOT NULL,
    identifier    text,
    error_type    text NOT NULL,
    error_message text NOT NULL,
    row_data      jsonb NOT NULL,
    created_at    timestamptz NOT NULL,
    PRIMARY KEY (job_id, row_number)
  )`);
  await knex.raw('CREATE INDEX marketplace_import_errors_type ON marketplace_import_errors (job_id, error_type, row_number)');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['marketplace_import_errors', 'marketplace_import_jobs', 'marketplace_product_keys'])
    await knex.raw(`DROP TABLE ${table}`);
  await knex.raw('DROP SEQUENCE marketplace_product_id_seq');
  await knex.raw('DROP SEQUENCE marketplace_import_id_seq');
}
