import type { InlineRows } from './port.ts';
import { FEED_CHANNEL } from './postgresNotify.ts';

/**
 * The append statements of the PostgreSQL adapter (src/eventstore/postgres.ts): a command's events
 * in one statement, with the NOTIFY of other processes and the rows of inline read models as parts
 * of it when there are any.
 */

/** Exported so that the benchmark's bare node-postgres baseline runs the very same statement. */
export const APPEND_SQL = `
INSERT INTO events (event_id, stream_id, version, type, data, metadata)
SELECT u.id, $1, $2::int + u.ord, u.type, u.data, u.meta
  FROM unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) WITH ORDINALITY AS u(id, type, data, meta, ord)
 -- The expected version must exist (the unique index refuses one that is already taken), so an
 -- expectation past the end is a conflict, never a gap.
 WHERE $2::int = 0 OR EXISTS (SELECT 1 FROM events WHERE stream_id = $1 AND version = $2::int)
ON CONFLICT (event_id) DO NOTHING
RETURNING version, tx_id::text AS tx, position::text AS pos`;

/**
 * Several streams' events in one statement (EventStore.appendTogether): each event names its stream
 * and its version, and the expected version of every stream must exist, or none is stored. A
 * version already taken fails the whole statement at the unique index, as in APPEND_SQL.
 * Parameters: the streams and their expected versions ($1, $2), then per event its id, stream,
 * version, type, data and metadata ($3–$8).
 */
export const APPEND_TOGETHER_SQL = `
INSERT INTO events (event_id, stream_id, version, type, data, metadata)
SELECT u.id, u.stream, u.version, u.type, u.data, u.meta
  FROM unnest($3::uuid[], $4::text[], $5::int[], $6::text[], $7::jsonb[], $8::jsonb[]) WITH ORDINALITY AS u(id, stream, version, type, data, meta, ord)
 WHERE NOT EXISTS (
   SELECT 1 FROM unnest($1::text[], $2::int[]) AS x(stream, version)
    WHERE x.version > 0 AND NOT EXISTS (SELECT 1 FROM events e WHERE e.stream_id = x.stream AND e.version = x.version))
ON CONFLICT (event_id) DO NOTHING
RETURNING stream_id, version, tx_id::text AS tx, position::text AS pos`;

/** The statements built so far, by name: one text per name, built once per process. */
const built = new Map<string, string>();

/**
 * The append of APPEND_SQL (or, `together`, of APPEND_TOGETHER_SQL), and:
 * - with `notify`, the NOTIFY of other processes with the payload that follows the append's
 *   parameters, at its commit. The scalar subquery is evaluated once, and only when the append
 *   returns a row: an append that stores nothing (a retried one, a conflict) notifies no one, and
 *   one that fails rolls it back;
 * - with `rows`, the rows of inline read models (InlineRows), each a data-modifying part of the
 *   one statement: the events and the rows are stored together or not at all, in one round trip,
 *   and a row is written only when the append stored its events (not on a retried append).
 * Parameters: the append's, the NOTIFY payload when `notify`, then each read model's rows.
 */
export function appendStatement(rows: readonly InlineRows[], notify: boolean, together = false): { text: string; name: string } {
  const tables = rows.length > 0 ? `_rows_${rows.map((r) => r.table).join('_')}` : '';
  const name = `es_append${together ? '_together' : ''}${notify ? '_notify' : ''}${tables}`;
  let text = built.get(name);
  if (text === undefined) {
    const base = together ? APPEND_TOGETHER_SQL : APPEND_SQL;
    const params = together ? 8 : 6;
    const first = params + (notify ? 2 : 1);
    const parts = rows.map((r, i) => `, rows_${i} AS (${r.upsert(first + i, 'EXISTS (SELECT 1 FROM appended)')})`);
    const notified = notify ? `, (SELECT pg_notify('${FEED_CHANNEL}', $${params + 1})) AS notified` : '';
    const columns = together ? 'stream_id, version, tx, pos' : 'version, tx, pos';
    text = rows.length === 0 && !notify ? base : `WITH appended AS (${base})${parts.join('')}\nSELECT ${columns}${notified} FROM appended`;
    built.set(name, text);
  }
  return { text, name };
}

/** The rows of several appends, one part per read model's table (the same upsert, their rows together). */
export function mergeRows(rows: readonly InlineRows[]): InlineRows[] {
  const byTable = new Map<string, InlineRows>();
  for (const r of rows) {
    const seen = byTable.get(r.table);
    // Both are JSON arrays of rows: one array of all of them.
    byTable.set(r.table, seen ? { ...seen, json: `${seen.json.slice(0, -1)},${r.json.slice(1)}` } : r);
  }
  return [...byTable.values()];
}
