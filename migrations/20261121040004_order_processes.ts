import type { Knex } from 'knex';

/**
 * Bookkeeping of src/processes/resolveOrderItemExceptionsOnProductImported.ts: its own index of
 * vendor products by GTIN and of pending exceptions by GTIN, written in its own transactions, so
 * a match never depends on how far another projection has read (either event may come first).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE exception_matcher_products (
    vendor_id  integer NOT NULL,
    gtin14     text NOT NULL,
    product_id integer NOT NULL,
    PRIMARY KEY (vendor_id, gtin14, product_id)
  )`);
  await knex.raw('CREATE INDEX exception_matcher_products_product ON exception_matcher_products (product_id)');
  await knex.raw(`CREATE TABLE exception_matcher_pending (
    exception_id integer PRIMARY KEY,
    vendor_id    integer NOT NULL,
    order_id     integer NOT NULL,
    gtin14       text NOT NULL
  )`);
  await knex.raw('CREATE INDEX exception_matcher_pending_gtin ON exception_matcher_pending (vendor_id, gtin14)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE exception_matcher_pending');
  await knex.raw('DROP TABLE exception_matcher_products');
}
