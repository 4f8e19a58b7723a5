import type { Knex } from 'knex';

/**
 * vendor_subscriptions.billing_interval: whether the vendor pays its tier's monthly or yearly price
 * (projections/subscriptions/vendorSubscriptions.ts). The records started before the interval was
 * recorded were billed monthly, which the default keeps. One statement per raw call (PGlite).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE vendor_subscriptions ADD COLUMN billing_interval text NOT NULL DEFAULT 'month'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE vendor_subscriptions DROP COLUMN billing_interval');
}
