import type { Knex } from 'knex';

/**
 * The event store and the consumer bookkeeping (ARCHITECTURE.md "Event store").
 * One statement per raw call: PGlite runs each call as one extended-protocol query.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE events (
    position    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id    uuid NOT NULL,
    stream_id   text NOT NULL,
    version     integer NOT NULL CHECK (version > 0),
    type        text NOT NULL,
    data        jsonb NOT NULL,
    metadata    jsonb NOT NULL DEFAULT '{}'::jsonb,
    tx_id       xid8 NOT NULL DEFAULT pg_current_xact_id(),
    recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    CONSTRAINT events_event_id UNIQUE (event_id),
    CONSTRAINT events_stream_version UNIQUE (stream_id, version)
  )`);
  // The feed order; also serves the head lookup (scanned backwards).
  await knex.raw(`CREATE INDEX events_feed ON events (tx_id, position)`);
  // Checkpoint = the pair (a, b) of the port's Position, compared as a row value.
  await knex.raw(`CREATE TABLE consumer_checkpoints (
    name       text PRIMARY KEY,
    pos_a      numeric(20) NOT NULL DEFAULT 0,
    pos_b      numeric(20) NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
  // Process managers record (handler, event id) in the transaction of their writes.
  await knex.raw(`CREATE TABLE processed_events (
    handler    text NOT NULL,
    event_id   uuid NOT NULL,
    done_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (handler, event_id)
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE processed_events');
  await knex.raw('DROP TABLE consumer_checkpoints');
  await knex.raw('DROP TABLE events');
}
