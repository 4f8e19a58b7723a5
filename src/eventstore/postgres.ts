import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { sql, type Database, type Executor } from '../runtime/database.ts';
import {
  type AppendResult, type EventStore, type ExpectedVersion, type FeedBatch, type NewEvent,
  type Position, type ReadFeedOptions, type RecordedEvent, START, WrongExpectedVersionError,
} from './port.ts';

/**
 * The PostgreSQL adapter: the same code on a PostgreSQL server and on embedded PGlite.
 *
 * - A command's events go in one statement (INSERT … SELECT … FROM unnest), version =
 *   expected + ordinality; the unique (stream_id, version) index is the expected-version check.
 * - The global feed is read in (tx_id, position) order and only below the oldest transaction
 *   still in progress, so an event committed late by a concurrent writer is never skipped.
 * - Wake-ups: local appends wake local consumers at once; other processes are told by a
 *   coalesced NOTIFY (at most one in flight per process, never one per event). Both carry the
 *   event types appended, so only the consumers that read them wake up.
 */
export const FEED_CHANNEL = 'events_appended';

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

const STREAM_VERSION_SQL = `SELECT coalesce(max(version), 0) AS v FROM events WHERE stream_id = $1`;

const EXISTING_SQL = `
SELECT max(version) AS version, max(tx_id)::text AS tx, max(position)::text AS pos
  FROM events WHERE event_id = ANY($1::uuid[])`;

const COLUMNS = `event_id, stream_id, version, type, data, metadata, tx_id::text AS tx, position::text AS pos, recorded_at`;

const READ_STREAM_SQL = `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND version >= $2 ORDER BY version LIMIT $3`;

// One statement, one snapshot: the batch, and the newest event below the horizon (the "head").
const FEED_SQL = `
WITH h AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin),
batch AS (
  SELECT ${COLUMNS} FROM events, h
   WHERE (tx_id, position) > ($1::text::xid8, $2::bigint) AND tx_id < h.xmin
     AND ($3::text[] IS NULL OR type = ANY($3::text[]))
   ORDER BY tx_id, position LIMIT $4),
head AS (
  SELECT tx_id::text AS tx, position::text AS pos FROM events, h
   WHERE tx_id < h.xmin ORDER BY tx_id DESC, position DESC LIMIT 1)
SELECT 'e' AS kind, batch.* FROM batch
UNION ALL
SELECT 'h', NULL, NULL, NULL, NULL, NULL, NULL, head.tx, head.pos, NULL FROM head`;

interface Row {
  event_id: string; stream_id: string; version: number; type: string; data: any; metadata: any;
  tx: string; pos: string; recorded_at: Date | string;
}

function toRecorded(r: Row): RecordedEvent {
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

export class PostgresEventStore implements EventStore {
  readonly kind: 'postgres' | 'pglite';
  private readonly emitter = new EventEmitter();
  private notifying = false;
  /** Types appended here that other processes have not been told about yet. */
  private readonly unannounced = new Set<string>();
  /** Names this adapter in its NOTIFY payloads, so that it ignores its own (its consumers were woken already). */
  private readonly sender = randomUUID();
  private listenClient: pg.Client | null = null;
  private closed = false;

  constructor(private readonly db: Database) {
    this.kind = db.kind;
    this.emitter.setMaxListeners(0);
  }

  /** Starts listening for appends of other processes (PostgreSQL server only). */
  async listen(url: string): Promise<void> {
    if (this.kind !== 'postgres') return;
    const { default: pgm } = await import('pg');
    const client = new pgm.Client({ connectionString: url });
    client.on('error', () => { /* the consumers' capped polling covers a lost listener */ });
    await client.connect();
    client.on('notification', (msg) => {
      const note = parsePayload(msg.payload);
      if (note.sender !== this.sender) this.emitter.emit('appended', note.types);
    });
    await client.query(`LISTEN ${FEED_CHANNEL}`);
    this.listenClient = client;
  }

  async append(stream: string, events: NewEvent[], options: { expected: ExpectedVersion; tx?: Executor }): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const db = (options.tx as Executor | undefined) ?? this.db.knex;
    const ids = events.map((e) => e.id);
    const types = events.map((e) => e.type);
    const datas = events.map((e) => JSON.stringify(e.data ?? {}));
    const metas = events.map((e) => JSON.stringify(e.metadata ?? {}));
    for (let attempt = 0; ; attempt++) {
      let base: number;
      if (options.expected === 'any') base = Number((await sql(db, STREAM_VERSION_SQL, [stream], 'es_stream_version'))[0].v);
      else if (options.expected === 'no_stream') base = 0;
      else base = options.expected;
      let rows: { version: number; tx: string; pos: string }[];
      try {
        rows = await sql(db, APPEND_SQL, [stream, base, ids, types, datas, metas], 'es_append');
      } catch (err: any) {
        if (err?.code === '23505' && String(err.constraint ?? err.message).includes('stream_version')) {
          // "any" retries against the new version; an exact expectation is a conflict.
          if (options.expected === 'any' && attempt < 20) continue;
          const actual = Number((await sql(db, STREAM_VERSION_SQL, [stream]))[0].v);
          throw new WrongExpectedVersionError(stream, options.expected, actual);
        }
        throw err;
      }
      if (rows.length === 0) {
        // Every id was stored already (a retried append: a no-op that reports where they are),
        // or the expected version is past the end of the stream (a conflict).
        const [row] = await sql(db, EXISTING_SQL, [ids]);
        if (row.version === null) {
          const actual = Number((await sql(db, STREAM_VERSION_SQL, [stream]))[0].v);
          throw new WrongExpectedVersionError(stream, options.expected, actual);
        }
        return { version: Number(row.version), position: { a: row.tx, b: row.pos }, appended: false };
      }
      const last = rows.reduce((m, r) => (Number(r.version) > Number(m.version) ? r : m));
      const position = { a: last.tx, b: last.pos };
      if (!options.tx) this.announce(types, position);
      else (options.tx as any).executionPromise?.then(() => this.announce(types, position), () => {});
      return { version: Number(last.version), position, appended: true };
    }
  }

  async readStream(stream: string, options: { fromVersion?: number; limit?: number; tx?: Executor } = {}): Promise<RecordedEvent[]> {
    const rows = await sql<Row>(
      (options.tx as Executor | undefined) ?? this.db.knex,
      READ_STREAM_SQL,
      [stream, options.fromVersion ?? 1, options.limit ?? 1_000_000],
      'es_read_stream',
    );
    return rows.map(toRecorded);
  }

  async readFeed(after: Position, options: ReadFeedOptions): Promise<FeedBatch> {
    const rows = await sql<Row & { kind: string }>(
      (options.tx as Executor | undefined) ?? this.db.knex,
      FEED_SQL,
      [after.a, after.b, options.types ? [...options.types] : null, options.limit],
      'es_feed',
    );
    const events = rows.filter((r) => r.kind === 'e').map(toRecorded);
    const head = rows.find((r) => r.kind === 'h');
    let next = events.length > 0 ? events[events.length - 1].position : after;
    // Not a full batch: every matching event up to the head was returned, so skip to the head.
    if (events.length < options.limit && head) {
      const h = { a: head.tx, b: head.pos };
      if (BigInt(h.a) > BigInt(next.a) || (h.a === next.a && BigInt(h.b) > BigInt(next.b))) next = h;
    }
    return { events, next };
  }

  async head(): Promise<Position> {
    const [row] = await sql(this.db.knex, `SELECT tx_id::text AS tx, position::text AS pos FROM events
      WHERE tx_id < pg_snapshot_xmin(pg_current_snapshot()) ORDER BY tx_id DESC, position DESC LIMIT 1`);
    return row ? { a: row.tx, b: row.pos } : START;
  }

  onAppended(listener: (types?: readonly string[], position?: Position) => void): () => void {
    this.emitter.on('appended', listener);
    return () => this.emitter.off('appended', listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listenClient?.end().catch(() => {});
    this.listenClient = null;
  }

  /** Wakes local consumers now, and other processes by one coalesced NOTIFY. */
  private announce(types: readonly string[], position: Position): void {
    this.emitter.emit('appended', types, position);
    if (this.kind !== 'postgres' || this.closed) return;
    for (const t of types) this.unannounced.add(t);
    this.notify();
  }

  /** One NOTIFY in flight at a time; it names every type appended since the previous one. */
  private notify(): void {
    if (this.notifying || this.unannounced.size === 0 || this.closed) return;
    this.notifying = true;
    const types = [...this.unannounced];
    this.unannounced.clear();
    let payload = JSON.stringify({ s: this.sender, t: types });
    // NOTIFY payloads stop at 8000 bytes: past that, name no types ("any type").
    if (payload.length > 7000) payload = JSON.stringify({ s: this.sender });
    sql(this.db.knex, `SELECT pg_notify('${FEED_CHANNEL}', $1)`, [payload], 'es_notify')
      .catch(() => {})
      .finally(() => {
        this.notifying = false;
        this.notify();
      });
  }
}

/** The sender and the types named by a NOTIFY payload (no types: any type). */
function parsePayload(payload: string | undefined): { sender?: string; types?: string[] } {
  try {
    const note = JSON.parse(payload ?? '');
    const types = Array.isArray(note?.t) && note.t.length > 0 && note.t.every((t: unknown) => typeof t === 'string') ? note.t : undefined;
    return { sender: typeof note?.s === 'string' ? note.s : undefined, types };
  } catch {
    return {};
  }
}
