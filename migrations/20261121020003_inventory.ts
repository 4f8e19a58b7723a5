import type { Knex } from 'knex';

/**
 * Inventory read models: the stock rows (one per product, warehouse and bin) and the
 * transaction history, one row per stock movement event (its id is the event id).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE inventory_id_seq');
  // projections/inventory/inventoryList.ts
  await knex.raw(`CREATE TABLE inventory_list (
    id                integer PRIMARY KEY,
    vendor_id         integer NOT NULL,
    product_id        integer NOT NULL,
    warehouse         text NOT NULL,
    bin_location      text NOT NULL,
    quantity          integer NOT NULL,
    reserved_quantity integer NOT NULL,
    created_at        timestamptz NOT NULL,
    updated_at        timestamptz NOT NULL
  )`);
  await knex.raw('CREATE INDEX inventory_list_vendor ON inventory_list (vendor_id, id)');
  await knex.raw('CREATE INDEX inventory_list_product ON inventory_list (product_id)');
  // projections/inventory/inventoryTransactions.ts
  await knex.raw(`CREATE TABLE inventory_transactions (
    id               uuid PRIMARY KEY,
    vendor_id        integer NOT NULL,
    product_id       integer NOT NULL,
    inventory_id     integer NOT NULL,
    warehouse        text NOT NULL,
    bin_location     text NOT NULL,
    transaction_type text NOT NULL,
    quantity_change  integer NOT NULL,
    reserved_change  integer NOT NULL,
    quantity_after   integer NOT NULL,
    reserved_after   integer NOT NULL,
    order_id         integer,
    order_item_id    integer,
    reference        text,
    note             text,
    user_id          text,
    created_at       timestamptz NOT NULL,
    seq              bigint NOT NULL
  )`);
  await knex.raw('CREATE INDEX inventory_transactions_vendor ON inventory_transactions (vendor_id, created_at)');
  await knex.raw('CREATE INDEX inventory_transactions_product ON inventory_transactions (product_id, created_at)');
  await knex.raw('CREATE INDEX inventory_transactions_order ON inventory_transactions (order_id)');
  await knex.raw('CREATE INDEX inventory_transactions_type ON inventory_transactions (transaction_type)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE inventory_transactions');
  await knex.raw('DROP TABLE inventory_list');
  await knex.raw('DROP SEQUENCE inventory_id_seq');
}
