import type { Knex } from 'knex';

/** The admin dashboard's user figures. */
export async function userFigures(knex: Knex) {
  const [r] = await knex('user_list').select<{ total: number; active: number; admins: number; vendor_users: number }[]>(
    knex.raw('count(*)::int AS total'),
    knex.raw('count(*) FILTER (WHERE is_active)::int AS active'),
    knex.raw("count(*) FILTER (WHERE role = 'admin')::int AS admins"),
    knex.raw("count(*) FILTER (WHERE role = 'vendor')::int AS vendor_users"),
  );
  return { users: { total: r.total, active: r.active, admins: r.admins, vendor_users: r.vendor_users } };
}
