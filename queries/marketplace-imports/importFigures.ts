import type { Knex } from 'knex';

/** The admin dashboard's import figures: marketplace import jobs by status. */
export async function importFigures(knex: Knex) {
  const rows = await knex('marketplace_import_jobs').groupBy('status').select('status', knex.raw('count(*)::int AS n'));
  const byStatus = Object.fromEntries((rows as any[]).map((r) => [r.status, r.n]));
  return { imports: { total: (rows as any[]).reduce((a, r) => a + r.n, 0), by_status: byStatus } };
}
