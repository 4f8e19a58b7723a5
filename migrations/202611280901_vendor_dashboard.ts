import type { Knex } from 'knex';

/**
 * The vendor dashboard's figures (projections/vendorDashboard/vendorDashboardFigures.ts), counted
 * per vendor as the orders arrive and change status, so the dashboard and the analytics read a
 * few rows per vendor and day however many orders there are:
 *   - vendor_order_counts: orders and their gross value per (vendor, status, channel, currency);
 *   - vendor_order_states: each order's status, channel, currency and gross (what a status change
 *     moves from one count to another);
 *   - vendor_order_days: the orders that arrived each day (order date, UTC) per vendor, channel
 *     and currency, with their gross value, and those of them declined since;
 *   - vendor_product_days: units and gross value of each product ordered per vendor and day;
 *   - vendor_open_exceptions: the vendor's order item exceptions waiting for a product.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE vendor_order_counts (
    vendor_id    integer NOT NULL,
    status       text NOT NULL,
    channel      text NOT NULL,
    currency     text NOT NULL,
    orders       bigint NOT NULL,
    gross_cents  bigint NOT NULL,
    PRIMARY KEY (vendor_id, status, channel, currency)
  )`);
  await knex.raw(`CREATE TABLE vendor_order_states (
    id           integer PRIMARY KEY,
    vendor_id    integer NOT NULL,
    day          date NOT NULL,
    status       text NOT NULL,
    channel      text NOT NULL,
    currency     text NOT NULL,
    gross_cents  bigint NOT NULL
  )`);
  await knex.raw(`CREATE TABLE vendor_order_days (
    vendor_id       integer NOT NULL,
    day             date NOT NULL,
    channel         text NOT NULL,
    currency        text NOT NULL,
    orders          bigint NOT NULL,
    gross_cents     bigint NOT NULL,
    declined        bigint NOT NULL DEFAULT 0,
    declined_cents  bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (vendor_id, day, channel, currency)
  )`);
  await knex.raw(`CREATE TABLE vendor_product_days (
    vendor_id     integer NOT NULL,
    day           date NOT NULL,
    product_id    integer NOT NULL,
    product_name  text NOT NULL,
    currency      text NOT NULL,
    quantity      bigint NOT NULL,
    gross_cents   bigint NOT NULL,
    PRIMARY KEY (vendor_id, day, product_id, currency)
  )`);
  await knex.raw(`CREATE TABLE vendor_open_exceptions (
    vendor_id  integer PRIMARY KEY,
    pending    integer NOT NULL
  )`);
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['vendor_open_exceptions', 'vendor_product_days', 'vendor_order_days', 'vendor_order_states', 'vendor_order_counts']) {
    await knex.raw(`DROP TABLE IF EXISTS ${t}`);
  }
}
