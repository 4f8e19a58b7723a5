import type { Knex } from 'knex';

/**
 * vendor_onboarding (projections/onboarding/vendorOnboarding.ts): one row per vendor opened
 * through signup, with where it stands in the four steps and what each step gave. A vendor
 * without a row existed before onboarding and is never blocked.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE vendor_onboarding (
    vendor_id        integer PRIMARY KEY,
    status           text NOT NULL,
    next_step        integer,
    company_profile  jsonb,
    connection       jsonb,
    import_urls      jsonb,
    sync_job_id      integer,
    sync_status      text,
    sync_error       text,
    steps_done_at    jsonb NOT NULL,
    started_at       timestamptz NOT NULL,
    completed_at     timestamptz,
    skipped_by       text,
    skip_reason      text,
    skipped_at       timestamptz,
    updated_at       timestamptz NOT NULL
  )`);
  // The gate's memory view loads the unfinished ones at start.
  await knex.raw("CREATE INDEX vendor_onboarding_unfinished ON vendor_onboarding (vendor_id) WHERE status = 'in_progress'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS vendor_onboarding');
}
