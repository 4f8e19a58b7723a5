import type { Knex } from 'knex';

/**
 * Extmarket read models: the credentials a vendor sees (never the key: only its hint)
 * and the sync log (SPEC.md part 2 "Extmarket sync log": product_export, historical_import, order
 * sync jobs with files_processed / files_succeeded / files_failed). One statement per raw call.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE extmarket_sync_id_seq');
  // projections/extmarket/extmarketCredentials.ts
  await knex.raw(`CREATE TABLE extmarket_credentials (
    vendor_id              integer PRIMARY KEY,
    api_key_hint           text NOT NULL,
    api_endpoint           text NOT NULL,
    auto_sync_enabled      boolean NOT NULL,
    connection_status      text NOT NULL DEFAULT 'untested',
    connection_error       text,
    connection_tested_at   timestamptz,
    updated_at             timestamptz NOT NULL
  )`);
  // projections/extmarket/extmarketSyncLogs.ts
  await knex.raw(`CREATE TABLE extmarket_sync_logs (
    id                integer PRIMARY KEY,
    vendor_id         integer NOT NULL,
    job_type          text NOT NULL,
    status            text NOT NULL,
    files_processed   integer NOT NULL DEFAULT 0,
    files_succeeded   integer NOT NULL DEFAULT 0,
    files_failed      integer NOT NULL DEFAULT 0,
    orders_imported   integer NOT NULL DEFAULT 0,
    orders_skipped    integer NOT NULL DEFAULT 0,
    progress_message  text,
    error_message     text,
    error_details     jsonb NOT NULL DEFAULT '{}'::jsonb,
    attempt           integer NOT NULL DEFAULT 0,
    created_by        text,
    created_by_name   text,
    created_at        timestamptz NOT NULL,
    started_at        timestamptz,
    completed_at      timestamptz,
    updated_at        timestamptz NOT NULL
  )`);
  await knex.raw('CREATE INDEX extmarket_sync_logs_vendor ON extmarket_sync_logs (vendor_id, id DESC)');
  await knex.raw('CREATE INDEX extmarket_sync_logs_type ON extmarket_sync_logs (job_type, id DESC)');
  await knex.raw('CREATE INDEX extmarket_sync_logs_status ON extmarket_sync_logs (status, updated_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE extmarket_sync_logs');
  await knex.raw('DROP TABLE extmarket_credentials');
  await knex.raw('DROP SEQUENCE extmarket_sync_id_seq');
}
