import type { Knex } from 'knex';

/**
 * The order's stream version each order_items row is folded to: an order's commands write its
 * items in the statement that appends their events (an inline projection,
 * src/runtime/inlineProjection.ts), and the projection, running behind on the feed, must never
 * write an older row over it. Rows of before this column count as folded to no version: the
 * projection's next event for them applies.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE order_items ADD COLUMN stream_version integer NOT NULL DEFAULT 0');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE order_items DROP COLUMN stream_version');
}
