import type { Knex } from 'knex';

/** billing_history: the vendors' Stripe invoices, paid or failed, with their PDF links (projections/billing/billingHistory.ts). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE billing_history (
    invoice_id          text PRIMARY KEY,
    vendor_id           integer NOT NULL,
    number              text,
    status              text NOT NULL,
    amount_cents        integer NOT NULL,
    currency            text NOT NULL,
    period_start        timestamptz,
    period_end          timestamptz,
    invoice_pdf         text,
    hosted_invoice_url  text,
    attempt_count       integer NOT NULL DEFAULT 0,
    paid_at             timestamptz,
    failed_at           timestamptz,
    created_at          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL
  )`);
  await knex.raw('CREATE INDEX billing_history_vendor ON billing_history (vendor_id, created_at DESC, invoice_id)');
  await knex.raw('CREATE INDEX billing_history_created ON billing_history (created_at DESC, invoice_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE billing_history');
}
