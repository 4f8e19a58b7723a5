import type { Knex } from 'knex';

/** subscription_tiers: the tier read model (projections/subscriptions/subscriptionTiers.ts). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE subscription_tiers (
    code                  text PRIMARY KEY,
    name                  text NOT NULL,
    description           text,
    price_monthly_cents   integer NOT NULL,
    price_yearly_cents    integer NOT NULL,
    max_orders_per_period integer,
    max_products          integer,
    max_team_members      integer,
    features              jsonb NOT NULL,
    sort_order            integer NOT NULL,
    is_active             boolean NOT NULL,
    created_at            timestamptz NOT NULL,
    updated_at            timestamptz NOT NULL
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE subscription_tiers');
}
