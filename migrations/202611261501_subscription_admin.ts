import type { Knex } from 'knex';

/**
 * The subscriptions area's admin read models: each vendor's trial and how it ended (the trial
 * conversion figures of /subscriptions/stats), and the daily capacity snapshots (SPEC.md part 2
 * CapacitySnapshot). One statement per raw call (PGlite).
 */
export async function up(knex: Knex): Promise<void> {
  // projections/subscriptions/subscriptionTrials.ts
  await knex.raw(`CREATE TABLE subscription_trials (
    vendor_id   integer PRIMARY KEY,
    tier_code   text NOT NULL,
    started_at  timestamptz NOT NULL,
    outcome     text,
    ended_at    timestamptz
  )`);
  // projections/subscriptions/capacitySnapshots.ts: one row per day, the day's latest measurement.
  await knex.raw(`CREATE TABLE capacity_snapshots (
    day              date PRIMARY KEY,
    taken_at         timestamptz NOT NULL,
    taken_by         text NOT NULL,
    times_taken      integer NOT NULL,
    metrics          jsonb NOT NULL
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE capacity_snapshots');
  await knex.raw('DROP TABLE subscription_trials');
}
