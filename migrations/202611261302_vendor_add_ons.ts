import type { Knex } from 'knex';

/** vendor_add_ons: the add-ons vendors bought, active or canceled (projections/billing/vendorAddOns.ts). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE vendor_add_ons (
    id                  text PRIMARY KEY,
    vendor_id           integer NOT NULL,
    add_on_code         text NOT NULL,
    quantity            integer NOT NULL,
    price_monthly_cents integer NOT NULL,
    status              text NOT NULL,
    stripe_ref          text,
    purchased_at        timestamptz NOT NULL,
    canceled_at         timestamptz
  )`);
  // The plan of a vendor sums its active add-ons on every limited creation.
  await knex.raw('CREATE INDEX vendor_add_ons_vendor ON vendor_add_ons (vendor_id, status)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE vendor_add_ons');
}
