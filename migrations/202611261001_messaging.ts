import type { Knex } from 'knex';

/**
 * Messaging read models (projections/messaging/conversations.ts): the conversations with their
 * last message, every message in stream order (`seq`, the stream version of its event), and each
 * reader's position per conversation; an unread count is the messages past that position that
 * the reader did not write (queries/messaging/unread.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE conversations (
    id                text PRIMARY KEY,
    conversation_type text NOT NULL,
    subject           text NOT NULL,
    vendor_id         integer,
    customer_id       integer,
    admin_ids         jsonb NOT NULL DEFAULT '[]',
    started_by        jsonb NOT NULL,
    created_at        timestamptz NOT NULL,
    message_count     integer NOT NULL DEFAULT 0,
    last_message_id   text,
    last_message_seq  integer NOT NULL DEFAULT 0,
    last_message_at   timestamptz NOT NULL
  )`);
  await knex.raw('CREATE INDEX conversations_vendor_activity ON conversations (vendor_id, last_message_at DESC, id DESC)');
  await knex.raw('CREATE INDEX conversations_type_activity ON conversations (conversation_type, last_message_at DESC, id DESC)');
  await knex.raw(`CREATE TABLE conversation_messages (
    id              text PRIMARY KEY,
    conversation_id text NOT NULL,
    seq             integer NOT NULL,
    author_kind     text NOT NULL,
    author_id       integer NOT NULL,
    author_name     text NOT NULL,
    body            text NOT NULL,
    attachments     jsonb NOT NULL DEFAULT '[]',
    created_at      timestamptz NOT NULL
  )`);
  await knex.raw('CREATE UNIQUE INDEX conversation_messages_order ON conversation_messages (conversation_id, seq)');
  await knex.raw(`CREATE TABLE conversation_reads (
    conversation_id text NOT NULL,
    reader_kind     text NOT NULL,
    reader_id       integer NOT NULL,
    up_to_seq       integer NOT NULL,
    read_at         timestamptz NOT NULL,
    PRIMARY KEY (conversation_id, reader_kind, reader_id)
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE conversation_reads');
  await knex.raw('DROP TABLE conversation_messages');
  await knex.raw('DROP TABLE conversations');
}
