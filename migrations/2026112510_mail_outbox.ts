import type { Knex } from 'knex';

/**
 * The outbox of outgoing mail (src/mail/outbox.ts): a process manager records a mail in the same
 * transaction as its checkpoint, under an idempotency key, and the delivery worker
 * (src/workers/mailDelivery.ts) sends it later. A pending row whose `next_attempt_at` has passed
 * is due; a worker that claims it moves `next_attempt_at` past its sending time, so a row is held
 * by one worker at a time and comes back by itself if that worker stops mid-send.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE mail_outbox (
    id bigserial PRIMARY KEY,
    key text NOT NULL UNIQUE,
    "to" text NOT NULL,
    subject text NOT NULL,
    text text NOT NULL,
    html text NOT NULL,
    language text NOT NULL,
    vendor_id integer,
    template text NOT NULL,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL,
    last_error text,
    created_at timestamptz NOT NULL,
    sent_at timestamptz
  )`);
  await knex.raw("CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, id) WHERE status = 'pending'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE mail_outbox');
}
