import type { Knex } from 'knex';

/**
 * vendor_legacy_plans (projections/subscriptions/vendorLegacyPlans.ts): the vendors the upgrade
 * put on the legacy plan, and when they left it; subscription_settings
 * (projections/subscriptions/subscriptionSettings.ts): the platform's default tier.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE vendor_legacy_plans (
    vendor_id  integer PRIMARY KEY,
    upgrade    text NOT NULL,
    since      timestamptz NOT NULL,
    ended_at   timestamptz
  )`);
  await knex.raw(`CREATE TABLE subscription_settings (
    key        text PRIMARY KEY,
    value      text NOT NULL,
    updated_at timestamptz NOT NULL
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE subscription_settings');
  await knex.raw('DROP TABLE vendor_legacy_plans');
}
