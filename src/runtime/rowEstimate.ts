import type { Knex } from 'knex';
import { sql } from './database.ts';

/** The row estimate of an EXPLAIN (FORMAT JSON) answer, from node-postgres or PGlite. */
export function planRows(rows: any[]): number {
  const plan = rows[0]?.['QUERY PLAN'];
  const json = typeof plan === 'string' ? JSON.parse(plan) : plan;
  return Number(json?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * PostgreSQL's estimate of the rows a query would return, from the planner's statistics: no row
 * is read. What a bounded list reports as its total past its exact-count cap
 * (src/core/pagination.ts "Bounded totals").
 */
export async function estimatedRows(
  knex: Knex | Knex.Transaction,
  query: Knex.QueryBuilder | { text: string; values: unknown[] },
): Promise<number> {
  const statement =
    'text' in query ? query : (({ sql: text, bindings }) => ({ text, values: bindings as unknown[] }))(query.toSQL().toNative());
  return planRows(await sql(knex, `EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values));
}
