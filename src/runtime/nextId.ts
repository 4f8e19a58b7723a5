import { sequenceName } from '../core/ids.ts';
import { sql, type Executor } from './database.ts';

/** The next integer id of an aggregate, from its PostgreSQL sequence (gaps are harmless). */
export async function nextId(db: Executor, aggregate: string): Promise<number> {
  const [row] = await sql(db, `SELECT nextval('${sequenceName(aggregate)}')::int AS id`);
  return Number(row.id);
}

/**
 * The next id of one aggregate and `count` of another's, in one statement (an order and its
 * items): `{ id, ids }`, the ids ascending.
 */
export async function nextIdWith(db: Executor, aggregate: string, other: string, count: number): Promise<{ id: number; ids: number[] }> {
  const [row] = await sql<{ id: number; ids: number[] }>(
    db,
    `SELECT nextval('${sequenceName(aggregate)}')::int AS id,
            ARRAY(SELECT nextval('${sequenceName(other)}')::int FROM generate_series(1, $1::int)) AS ids`,
    [count],
  );
  return { id: Number(row.id), ids: row.ids.map(Number).sort((a, b) => a - b) };
}
