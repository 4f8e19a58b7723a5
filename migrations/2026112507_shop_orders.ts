import type { Knex } from 'knex';

/**
 * Shop orders in the order list: the customer who placed one (the customer's history and the
 * vendor's customer detail read it) and the delivery charge, VAT included.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE order_list ADD COLUMN customer_id integer');
  await knex.raw('ALTER TABLE order_list ADD COLUMN shipping_cents integer NOT NULL DEFAULT 0');
  await knex.raw('CREATE INDEX order_list_customer ON order_list (customer_id, order_date DESC, id DESC) WHERE customer_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX order_list_customer');
  await knex.raw('ALTER TABLE order_list DROP COLUMN shipping_cents');
  await knex.raw('ALTER TABLE order_list DROP COLUMN customer_id');
}
