import type { Knex } from 'knex';

/**
 * The product's stream version each vendor_product_list row is folded to: a product's commands
 * write the row in the statement that appends their events (an inline projection,
 * src/runtime/inlineProjection.ts), and the projection, running behind on the feed, must never
 * write an older row over it. Rows of before this column count as folded to no version.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE vendor_product_list ADD COLUMN stream_version integer NOT NULL DEFAULT 0');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE vendor_product_list DROP COLUMN stream_version');
}
