import type { Knex } from 'knex';

/**
 * The auditors' time line across streams (queries/history/searchEvents.ts): who changed what and
 * when. Events by acting user, newest first, come from an index on the metadata's user id and the
 * position; a time range is found through a BRIN index on the recording time, which the
 * append-only table keeps in order at almost no cost to appends.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX IF NOT EXISTS events_acting_user ON events ((metadata->>'user_id'), position)`);
  await knex.raw(`CREATE INDEX IF NOT EXISTS events_recorded_at_brin ON events USING brin (recorded_at)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS events_recorded_at_brin');
  await knex.raw('DROP INDEX IF EXISTS events_acting_user');
}
