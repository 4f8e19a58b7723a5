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
  // Lists read newest period first, per vendor or across vendors.
  await knex.raw(
    'CREATE INDEX billing_history_vendor ON billing_history (vendor_id, (coalesce(period_start, created_at)) DESC, created_at DESC, invoice_id DESC)',
  );
  await knex.raw(
    'CREATE INDEX billing_history_period ON billing_history ((coalesce(period_start, created_at)) DESC, created_at DESC, invoice_id DESC)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE billing_history');
}
