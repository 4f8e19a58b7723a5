import type { Knex } from 'knex';

/**
 * stripe_webhook_events: the inbox of Stripe's webhook events (SPEC.md part 6 item 1, "each event
 * is recorded in a webhook events table"). A verified event is stored once by its id before it is
 * handled; `handled_at` and `outcome` say what came of it, `error` why its handling failed (the
 * sync task and a replay try it again). src/workers/billing/stripeWebhookInbox.ts writes it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE stripe_webhook_events (
    id              text PRIMARY KEY,
    type            text NOT NULL,
    payload         jsonb NOT NULL,
    stripe_created  timestamptz NOT NULL,
    vendor_id       integer,
    received_at     timestamptz NOT NULL,
    handled_at      timestamptz,
    outcome         text,
    attempts        integer NOT NULL DEFAULT 0,
    error           text
  )`);
  // The sync task retries the events whose handling failed, oldest first.
  await knex.raw('CREATE INDEX stripe_webhook_events_failed ON stripe_webhook_events (stripe_created) WHERE handled_at IS NULL');
  await knex.raw('CREATE INDEX stripe_webhook_events_received ON stripe_webhook_events (received_at DESC, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE stripe_webhook_events');
}
