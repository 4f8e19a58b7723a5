import type { Knex } from 'knex';
import { sql } from './database.ts';

/** A row of an EXPLAIN (FORMAT JSON) answer: the plan as JSON text or already parsed. */
interface ExplainRow {
  'QUERY PLAN': unknown;
}
/** What is read of that plan: its top node's row estimate. */
type JsonPlan = { Plan?: { 'Plan Rows'?: number } }[] | null | undefined;

/** The row estimate of an EXPLAIN (FORMAT JSON) answer, from node-postgres or PGlite. */
export function planRows(rows: ExplainRow[]): number {
  const plan = rows[0]?.['QUERY PLAN'];
  // PostgreSQL's documented shape of EXPLAIN (FORMAT JSON): one { Plan } per statement.
  const json = (typeof plan === 'string' ? JSON.parse(plan) : plan) as JsonPlan;
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
  return planRows(await sql<ExplainRow>(knex, `EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values));
}
