import type { Knex } from 'knex';

/**
 * Where each order last moved within the order lists: the feed position (moved_a, moved_b, the
 * pair of src/eventstore/port.ts Position) of its arrival or of its last status change, the only
 * events that add an order to a list or change its place there (filters and sorts read vendor,
 * channel, status, customer, names, date and total, and only the status changes after import).
 * The deep pages (queries/orders/listOrders.ts) remember where some of their rows were and seek
 * from there instead of skipping tens of thousands of rows; a list's last move, read in the same
 * statement, tells whether what they remember still holds. Indexed per vendor (the vendor's lists)
 * and across vendors (the admin's list of every order), so the last move is one index probe.
 * Rows of before this column count as never moved (0, 0): any later move is after them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE order_list ADD COLUMN moved_a numeric NOT NULL DEFAULT 0');
  await knex.raw('ALTER TABLE order_list ADD COLUMN moved_b numeric NOT NULL DEFAULT 0');
  await knex.raw('CREATE INDEX order_list_vendor_moved ON order_list (vendor_id, moved_a, moved_b)');
  await knex.raw('CREATE INDEX order_list_moved ON order_list (moved_a, moved_b)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX order_list_moved');
  await knex.raw('DROP INDEX order_list_vendor_moved');
  await knex.raw('ALTER TABLE order_list DROP COLUMN moved_b');
  await knex.raw('ALTER TABLE order_list DROP COLUMN moved_a');
}
