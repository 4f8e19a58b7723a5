import { comparePositions, type EventMetadata, type Position, type RecordedEvent } from './port.ts';

/**
 * The statements of the PostgreSQL adapter (src/eventstore/postgres.ts) that read the events
 * table: a stream, and the gap-safe global feed with its horizon and head.
 */
export const COLUMNS = `event_id, stream_id, version, type, data, metadata, tx_id::text AS tx, position::text AS pos, recorded_at`;

/** A row the COLUMNS read. */
export interface Row {
  event_id: string;
  stream_id: string;
  version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata | null;
  tx: string;
  pos: string;
  recorded_at: Date | string;
}

export function toRecorded(r: Row): RecordedEvent {
  return {
    id: r.event_id,
    stream: r.stream_id,
    version: Number(r.version),
    type: r.type,
    data: r.data,
    metadata: r.metadata ?? {},
    position: { a: r.tx, b: r.pos },
    recorded_at: new Date(r.recorded_at).toISOString(),
  };
}

/** READ_STREAM_SQL's limit for a read of the whole stream from its version on. */
export const WHOLE_STREAM = 1_000_000;
export const READ_STREAM_SQL = `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND version >= $2 ORDER BY version LIMIT $3`;

/**
 * The feed's horizon: the oldest transaction still in progress that may append to this database's
 * events (migrations/2026112110_feed_horizon.ts, 2026112200_feed_horizon_plpgsql.ts; transactions
 * of other databases on the same server do not count). An event of a transaction below it is
 * committed or never will be, so a reader that stays below it never skips an event committed late
 * (ARCHITECTURE.md "Event store"). A statement computes it once, in the CTE `h` (HORIZON_CTE), and
 * reads it as HORIZON: the function costs more than the index scans of a feed read.
 */
const HORIZON_CTE = 'h AS MATERIALIZED (SELECT feed_horizon() AS xmin)';
const HORIZON = '(SELECT xmin FROM h)';

/** The newest event below the horizon (the "head"): where a reader that found nothing more goes on from. */
const HEAD = `SELECT tx_id::text AS tx, position::text AS pos FROM events WHERE tx_id < ${HORIZON} ORDER BY tx_id DESC, position DESC LIMIT 1`;

/**
 * One statement, one snapshot: the events after ($1, $2) below the horizon, of the types $3 (all
 * when null), at most $4, in feed order, with the given columns; then the head as a row of kind
 * 'h' (`head`: that row's columns, the head's position among nulls). With `lock`, it first takes
 * the advisory transaction lock ($5, hashtext($6)) and reads events only when granted; a refusal
 * is a row of kind 'l' (`nulls`: a null per column).
 */
function feedSql(columns: string, head: string, lock?: { nulls: string }): string {
  return `
WITH ${lock ? 'l AS MATERIALIZED (SELECT pg_try_advisory_xact_lock($5, hashtext($6)) AS ok),' : ''}
${HORIZON_CTE},
batch AS (
  SELECT ${columns} FROM events
   WHERE ${lock ? '(SELECT ok FROM l) AND ' : ''}(tx_id, position) > ($1::text::xid8, $2::bigint) AND tx_id < ${HORIZON}
     AND ($3::text[] IS NULL OR type = ANY($3::text[]))
   ORDER BY tx_id, position LIMIT $4),
head AS (${HEAD})
SELECT 'e' AS kind, batch.* FROM batch
UNION ALL
SELECT 'h', ${head} FROM head${
    lock
      ? `
UNION ALL
SELECT 'l', ${lock.nulls} FROM l WHERE NOT l.ok`
      : ''
  }`;
}

const FEED_HEAD = 'NULL, NULL, NULL, NULL, NULL, NULL, head.tx, head.pos, NULL';
export const FEED_SQL = feedSql(COLUMNS, FEED_HEAD);
export const LOCKED_FEED_SQL = feedSql(COLUMNS, FEED_HEAD, { nulls: 'NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL' });

/**
 * A lean read (ReadFeedOptions.lean): the feed with only the columns a rebuild's fold reads, as
 * arrays [kind, id, type, data, version, tx, pos]. Parameters as FEED_SQL's.
 */
export const LEAN_FEED_SQL = feedSql(
  'event_id::text AS id, type, data, version, tx_id::text AS tx, position::text AS pos',
  'NULL, NULL, NULL, NULL, head.tx, head.pos',
);

/**
 * LEAN_FEED_SQL through the per-type index (migrations/2026112106_events_type_feed.ts): each
 * type's events in feed order, merged (a Merge Append of index scans), the same horizon and head in
 * the same statement. Parameters: $1, $2 the position after which to read, $3 the limit, $4… the
 * types.
 */
export function leanFeedByTypeSql(types: number): string {
  const scans = Array.from(
    { length: types },
    (_, i) => `(SELECT event_id, type, data, version, tx_id, position FROM events
   WHERE type = $${i + 4} AND (tx_id, position) > ($1::text::xid8, $2::bigint) AND tx_id < ${HORIZON}
   ORDER BY tx_id, position LIMIT $3)`,
  );
  return `
WITH ${HORIZON_CTE},
batch AS (
  SELECT * FROM (${scans.join(' UNION ALL ')}) u ORDER BY tx_id, position LIMIT $3),
head AS (${HEAD})
SELECT 'e' AS kind, event_id::text, type, data, version, tx_id::text, position::text FROM batch
UNION ALL
SELECT 'h', NULL, NULL, NULL, NULL, head.tx, head.pos FROM head`;
}

/** The head alone (PostgresEventStore.head). */
export const HEAD_SQL = `WITH ${HORIZON_CTE} ${HEAD}`;

/**
 * Where the next read starts: past the last event returned, or, when the batch was not full, past
 * every matching event up to the head (so consumers of rare types still advance).
 */
export function nextPosition(after: Position, events: readonly { position: Position }[], limit: number, head: Position | null): Position {
  const next = events.length > 0 ? events[events.length - 1].position : after;
  return events.length < limit && head && comparePositions(head, next) > 0 ? head : next;
}
