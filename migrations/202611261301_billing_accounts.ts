import type { Knex } from 'knex';

/** billing_accounts: each vendor's Stripe customer and subscription (projections/billing/billingAccounts.ts). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE billing_accounts (
    vendor_id              integer PRIMARY KEY,
    stripe_customer_id     text NOT NULL,
    stripe_subscription_id text NOT NULL,
    has_payment_method     boolean NOT NULL DEFAULT false,
    opened_at              timestamptz NOT NULL,
    updated_at             timestamptz NOT NULL
  )`);
  // The webhooks find the vendor of a Stripe customer or subscription.
  await knex.raw('CREATE UNIQUE INDEX billing_accounts_customer ON billing_accounts (stripe_customer_id)');
  await knex.raw('CREATE INDEX billing_accounts_subscription ON billing_accounts (stripe_subscription_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE billing_accounts');
}
