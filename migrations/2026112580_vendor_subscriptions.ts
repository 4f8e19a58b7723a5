import type { Knex } from 'knex';

/** vendor_subscriptions: one row per vendor with a subscription record (projections/subscriptions/vendorSubscriptions.ts). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE vendor_subscriptions (
    vendor_id            integer PRIMARY KEY,
    tier_code            text NOT NULL,
    status               text NOT NULL,
    current_period_start timestamptz NOT NULL,
    current_period_end   timestamptz NOT NULL,
    custom_limits        jsonb,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL
  )`);
  // Deleting a tier counts its live subscriptions.
  await knex.raw('CREATE INDEX vendor_subscriptions_tier ON vendor_subscriptions (tier_code, status)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE vendor_subscriptions');
}
