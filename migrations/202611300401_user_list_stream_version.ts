import type { Knex } from 'knex';

/**
 * The user's stream version each user_list row is folded to: a user's commands write the row in
 * the statement that appends their events (an inline projection, src/runtime/inlineProjection.ts),
 * and the projection, running behind on the feed, must never write an older row over it. Rows of
 * before this column count as folded to no version: the projection's next event for them applies.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE user_list ADD COLUMN stream_version integer NOT NULL DEFAULT 0');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE user_list DROP COLUMN stream_version');
}
