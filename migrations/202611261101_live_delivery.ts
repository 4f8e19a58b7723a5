import type { Knex } from 'knex';

/**
 * Live delivery of messages (docs/messaging.md "Live delivery", "E-mail to offline recipients").
 * - live_connections: who has an open message stream, per service instance. Each instance keeps
 *   its own rows and refreshes `seen_at` on a heartbeat; a row not refreshed for a while belongs to
 *   an instance that is gone (src/runtime/livePresence.ts).
 * - message_mail_notices: when a participant was last e-mailed about a conversation, so that a
 *   busy conversation sends one mail per quiet period (src/processes/mailRecipientsOnMessagePosted.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE live_connections (
    viewer_kind  text NOT NULL,
    viewer_id    integer NOT NULL,
    vendor_id    integer NOT NULL,
    instance_id  text NOT NULL,
    connections  integer NOT NULL,
    seen_at      timestamptz NOT NULL,
    PRIMARY KEY (viewer_kind, viewer_id, vendor_id, instance_id)
  )`);
  await knex.raw('CREATE INDEX live_connections_instance ON live_connections (instance_id)');
  await knex.raw(`CREATE TABLE message_mail_notices (
    conversation_id text NOT NULL,
    recipient_kind  text NOT NULL,
    recipient_id    integer NOT NULL,
    mailed_at       timestamptz NOT NULL,
    PRIMARY KEY (conversation_id, recipient_kind, recipient_id)
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE message_mail_notices');
  await knex.raw('DROP TABLE live_connections');
}
