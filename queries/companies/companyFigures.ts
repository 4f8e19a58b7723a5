import type { Knex } from 'knex';

/** The admin dashboard's company figures. */
export async function companyFigures(knex: Knex) {
  const [r] = await knex('company_list').select<{ total: number; active: number; verified: number }[]>(
    knex.raw('count(*)::int AS total'),
    knex.raw('count(*) FILTER (WHERE is_active)::int AS active'),
    knex.raw('count(*) FILTER (WHERE is_verified)::int AS verified'),
  );
  return { companies: { total: r.total, active: r.active, verified: r.verified } };
}
