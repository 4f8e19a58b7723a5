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

/** The statements built so far, by name: one text per name, built once per process. */
const built = new Map<string, string>();

/**
 * The append of APPEND_SQL, and:
 * - with `notify`, the NOTIFY of other processes with the payload $7, at its commit. The scalar
 *   subquery is evaluated once, and only when the append returns a row: an append that stores
 *   nothing (a retried one, a conflict) notifies no one, and one that fails rolls it back;
 * - with `rows`, the rows of inline read models (InlineRows), each a data-modifying part of the
 *   one statement: the events and the rows are stored together or not at all, in one round trip,
 *   and a row is written only when the append stored its events (not on a retried append).
 * Parameters: APPEND_SQL's, the NOTIFY payload when `notify`, then each read model's rows.
 */
export function appendStatement(rows: readonly InlineRows[], notify: boolean): { text: string; name: string } {
  const name = `es_append${notify ? '_notify' : ''}${rows.length > 0 ? `_rows_${rows.map((r) => r.table).join('_')}` : ''}`;
  let text = built.get(name);
  if (text === undefined) {
    const first = notify ? 8 : 7;
    const parts = rows.map((r, i) => `, rows_${i} AS (${r.upsert(first + i, 'EXISTS (SELECT 1 FROM appended)')})`);
    const notified = notify ? `, (SELECT pg_notify('${FEED_CHANNEL}', $7)) AS notified` : '';
    text =
      rows.length === 0 && !notify
        ? APPEND_SQL
        : `WITH appended AS (${APPEND_SQL})${parts.join('')}\nSELECT version, tx, pos${notified} FROM appended`;
    built.set(name, text);
  }
  return { text, name };
}
