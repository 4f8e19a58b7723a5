import { sql, type Executor } from '../../src/runtime/database.ts';

/**
 * Product keys → marketplace product ids, on the write side. An import batch carries the id of
 * every product it touches, so the catalogue projection is a pure function of the events (a
 * rebuild gives the same ids). The registry table `marketplace_product_keys` is to these ids what
 * a sequence is to other aggregates: a key gets an id once, the first import that meets it, and
 * keeps it; concurrent imports of the same key agree because the insert is ON CONFLICT DO NOTHING
 * and the loser reads the winner's row.
 *
 * Keys name the importing vendor (rowMapping.ts productKey, checked by the job's decider): two
 * vendors importing one GTIN get two ids, two products, and one vendor's import never maps to an
 * id another vendor's import brought.
 */
const ASSIGN_SQL = `
WITH input AS (SELECT DISTINCT unnest($1::text[]) AS key),
ins AS (
  INSERT INTO marketplace_product_keys (key, product_id)
  SELECT i.key, nextval('marketplace_product_id_seq')::int FROM input i
   WHERE NOT EXISTS (SELECT 1 FROM marketplace_product_keys k WHERE k.key = i.key)
  ON CONFLICT (key) DO NOTHING
  RETURNING key, product_id)
SELECT key, product_id, true AS created FROM ins
UNION ALL
SELECT k.key, k.product_id, false AS created FROM marketplace_product_keys k JOIN input USING (key)`;

export interface AssignedId {
  id: number;
  /** The key met the registry for the first time in this call: a new product. */
  created: boolean;
}

export async function assignProductIds(db: Executor, keys: string[]): Promise<Map<string, AssignedId>> {
  const result = new Map<string, AssignedId>();
  if (keys.length === 0) return result;
  for (const r of await sql<{ key: string; product_id: string | number; created: boolean }>(db, ASSIGN_SQL, [keys]))
    result.set(r.key, { id: Number(r.product_id), created: r.created });
  // A key inserted by a concurrent import after this statement's snapshot: read the winner's id.
  const missing = keys.filter((k) => !result.has(k));
  if (missing.length > 0) {
    for (const r of await sql<{ key: string; product_id: string | number }>(
      db,
      'SELECT key, product_id FROM marketplace_product_keys WHERE key = ANY($1::text[])',
      [missing],
    )) {
      result.set(r.key, { id: Number(r.product_id), created: false });
    }
  }
  return result;
}
