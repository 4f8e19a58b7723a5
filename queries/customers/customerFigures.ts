import type { Knex } from 'knex';

/** The admin dashboard's customer figures (every shop). */
export async function customerFigures(knex: Knex) {
  const [r]: { total: number; with_orders: number }[] = await knex('customer_list').select(
    knex.raw('count(*)::int AS total'),
    knex.raw('count(*) FILTER (WHERE order_count > 0)::int AS with_orders'),
  );
  return { customers: { total: r.total, with_orders: r.with_orders } };
}
