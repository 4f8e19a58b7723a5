import { sequenceName } from '../core/ids.ts';
import { sql, type Executor } from './database.ts';

/** The next integer id of an aggregate, from its PostgreSQL sequence (gaps are harmless). */
export async function nextId(db: Executor, aggregate: string): Promise<number> {
  const [row] = await sql(db, `SELECT nextval('${sequenceName(aggregate)}')::int AS id`);
  return Number(row.id);
}
