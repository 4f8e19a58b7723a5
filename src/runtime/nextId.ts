import { sequenceName } from '../core/ids.ts';
import { sql, type Executor } from './database.ts';

/** The next integer id of an aggregate, from its PostgreSQL sequence (gaps are harmless). */
export async function nextId(db: Executor, aggregate: string): Promise<number> {
  const [row] = await sql(db, `SELECT nextval('${sequenceName(aggregate)}')::int AS id`);
  return Number(row.id);
}

/** `count` next ids of an aggregate in one statement (an order's items), ascending. */
export async function nextIds(db: Executor, aggregate: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await sql(db, `SELECT nextval('${sequenceName(aggregate)}')::int AS id FROM generate_series(1, $1::int)`, [count]);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}
