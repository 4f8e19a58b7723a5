import type { Knex } from 'knex';

/**
 * The admin dashboard's order figures (projections/orders/orderFigures.ts), counted as the orders
 * arrive and change status, so the dashboard reads a few rows however many orders there are:
 *   - order_figure_counts: orders and their gross value per (status, channel, currency);
 *   - order_figure_orders: each order's status, channel, currency and gross, what a status change
 *     moves from one count to another;
 *   - order_figure_days: the orders that arrived each day (by order date, UTC) per channel and
 *     currency, with their gross value: the platform statistics' series.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE order_figure_counts (
    status       text NOT NULL,
    channel      text NOT NULL,
    currency     text NOT NULL,
    orders       bigint NOT NULL,
    gross_cents  bigint NOT NULL,
    PRIMARY KEY (status, channel, currency)
  )`);
  await knex.raw(`CREATE TABLE order_figure_orders (
    id           integer PRIMARY KEY,
    status       text NOT NULL,
    channel      text NOT NULL,
    currency     text NOT NULL,
    gross_cents  bigint NOT NULL
  )`);
  await knex.raw(`CREATE TABLE order_figure_days (
    day          date NOT NULL,
    channel      text NOT NULL,
    currency     text NOT NULL,
    orders       bigint NOT NULL,
    gross_cents  bigint NOT NULL,
    PRIMARY KEY (day, channel, currency)
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS order_figure_days');
  await knex.raw('DROP TABLE IF EXISTS order_figure_orders');
  await knex.raw('DROP TABLE IF EXISTS order_figure_counts');
}
