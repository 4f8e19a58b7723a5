import type { Knex } from 'knex';

interface StatusCountRow {
  status: string;
  n: number;
}

/** The admin dashboard's import figures: marketplace import jobs by status. */
export async function importFigures(knex: Knex) {
  const rows = await knex('marketplace_import_jobs').groupBy('status').select<StatusCountRow[]>('status', knex.raw('count(*)::int AS n'));
  const byStatus = Object.fromEntries(rows.map((r) => [r.status, r.n]));
  return { imports: { total: rows.reduce((a, r) => a + r.n, 0), by_status: byStatus } };
}
