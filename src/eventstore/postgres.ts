import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { sql, sqlArrays, type Database, type Executor } from '../runtime/database.ts';
import {
  type AppendResult, type EventStore, type ExpectedVersion, type FeedBatch, type LeanEvent, type NewEvent,
  type Position, type ReadFeedOptions, type RecordedEvent, START, WrongExpectedVersionError,
} from './port.ts';
import {
  FEED_SQL, HEAD_SQL, LEAN_FEED_SQL, leanFeedByTypeSql, LOCKED_FEED_SQL, nextPosition, READ_STREAM_SQL,
} from './postgresFeed.ts';

/**
 * The PostgreSQL adapter: the same code on a PostgreSQL server and on embedded PGlite.
 *
 * - A command's events go in one statement (INSERT … SELECT … FROM unnest), version =
 *   expected + ordinality; the unique (stream_id, version) index is the expected-version check.
 * - The global feed is read in (tx_id, position) order and only below the oldest transaction
 *   still in progress, so an event committed late by a concurrent writer is never skipped.
 * - Wake-ups: local appends wake local consumers at once; other processes are told by a
 *   coalesced NOTIFY (at most one in flight per process, never one per event). Both carry the
 *   event types appended, so only the consumers that read them wake up. The NOTIFY rides on an
 *   append statement whenever none is in flight (APPEND_NOTIFY_SQL): it is delivered at that
 *   append's commit, with no round trip and no transaction of its own. A NOTIFY in a
 *   transaction of its own takes a round trip, a transaction id and a commit record (a WAL
 *   flush): with one writer it cost about 110 µs of server CPU and 110 µs of this process's per
 *   append, on top of 195 and 140 for the append (2026-11-21, loaded machine).
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

/**
 * The same append that also NOTIFYs other processes, with the payload $7, at its commit. The
 * scalar subquery is evaluated once, and only when the append returns a row: an append that
 * stores nothing (a retried one, a conflict) notifies no one, and one that fails rolls it back.
 */
const APPEND_NOTIFY_SQL = `
WITH appended AS (${APPEND_SQL})
SELECT version, tx, pos, (SELECT pg_notify('${FEED_CHANNEL}', $7)) AS notified FROM appended`;

/**
 * A NOTIFY starts at least this long after the previous one started (and never while one is in
 * flight). One writer appends every 0.2–0.5 ms; carried by every append, the NOTIFY still cost
 * about 50 µs of server CPU per append (the listening backends are signalled and read the queue;
 * this process's listener gets its own notification too) and one writer ran at 89 % of the bare
 * INSERT; 1 ms apart, about 17 µs and 94 % (2 ms: 97 %). The first append after a quiet moment
 * still notifies at once; those that follow within the spacing are named by the next NOTIFY, at
 * most about two spacings later. A consumer of another process woken by a NOTIFY polls on a 1 ms
 * backoff anyway.
 */
const NOTIFY_SPACING_MS = 1;

const STREAM_VERSION_SQL = `SELECT coalesce(max(version), 0) AS v FROM events WHERE stream_id = $1`;

const EXISTING_SQL = `
SELECT max(version) AS version, max(tx_id)::text AS tx, max(position)::text AS pos
  FROM events WHERE event_id = ANY($1::uuid[])`;

/** How long a lean reader's choice of plan for a set of types stands (the statistics change slowly). */
const PLAN_CHOICE_MS = 60_000;

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
  /** A NOTIFY is in flight: a statement of its own, or carried by an append. */
  private notifying = false;
  /** A NOTIFY of `unannounced` of its own is scheduled, unless an append carries it first. */
  private flushScheduled = false;
  /** performance.now() before which no NOTIFY starts (NOTIFY_SPACING_MS after the previous one). */
  private nextNotifyAt = 0;
  /** NOTIFY_SPACING_MS; a field so that a measurement can vary it. */
  private readonly notifySpacingMs = NOTIFY_SPACING_MS;
  /** Types appended (committed) here that other processes have not been told about yet. */
  private readonly unannounced = new Set<string>();
  /** Names this adapter in its NOTIFY payloads, so that it ignores its own (its consumers were woken already). */
  private readonly sender = randomUUID();
  private listenClient: pg.Client | null = null;
  private closed = false;
  /** typesAreRare's answers, per set of types. */
  private readonly planChoices = new Map<string, { rare: boolean; until: number }>();

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
      // Outside a caller's transaction, and when no NOTIFY is in flight, this append carries one
      // naming its own types and every type appended here since the last NOTIFY.
      const carried = options.tx ? null : this.takeNotification(types);
      let rows: { version: number; tx: string; pos: string }[];
      try {
        rows = carried
          ? await sql(db, APPEND_NOTIFY_SQL, [stream, base, ids, types, datas, metas, carried.payload], 'es_append_notify')
          : await sql(db, APPEND_SQL, [stream, base, ids, types, datas, metas], 'es_append');
      } catch (err: any) {
        if (carried) this.notificationDone(carried.others);
        if (err?.code === '23505' && String(err.constraint ?? err.message).includes('stream_version')) {
          // "any" retries against the new version; an exact expectation is a conflict.
          if (options.expected === 'any' && attempt < 20) continue;
          const actual = Number((await sql(db, STREAM_VERSION_SQL, [stream], 'es_stream_version'))[0].v);
          throw new WrongExpectedVersionError(stream, options.expected, actual);
        }
        throw err;
      }
      // Nothing stored means nothing notified: the other types it carried are still to tell.
      if (carried) this.notificationDone(rows.length === 0 ? carried.others : []);
      if (rows.length === 0) {
        // Every id was stored already (a retried append: a no-op that reports where they are),
        // or the expected version is past the end of the stream (a conflict).
        const [row] = await sql(db, EXISTING_SQL, [ids]);
        if (row.version === null) {
          const actual = Number((await sql(db, STREAM_VERSION_SQL, [stream], 'es_stream_version'))[0].v);
          throw new WrongExpectedVersionError(stream, options.expected, actual);
        }
        return { version: Number(row.version), position: { a: row.tx, b: row.pos }, appended: false };
      }
      const last = rows.reduce((m, r) => (Number(r.version) > Number(m.version) ? r : m));
      const position = { a: last.tx, b: last.pos };
      if (!options.tx) this.announce(types, position, carried !== null);
      else (options.tx as any).executionPromise?.then(() => this.announce(types, position, false), () => {});
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

  readFeed(after: Position, options: ReadFeedOptions & { lean: true }): Promise<FeedBatch<LeanEvent>>;
  readFeed(after: Position, options: ReadFeedOptions): Promise<FeedBatch>;
  async readFeed(after: Position, options: ReadFeedOptions): Promise<FeedBatch<LeanEvent>> {
    if (options.lean) return this.readLeanFeed(after, options);
    const params = [after.a, after.b, options.types ? [...options.types] : null, options.limit];
    const { lock } = options;
    const rows = await sql<Row & { kind: string }>(
      (options.tx as Executor | undefined) ?? this.db.knex,
      lock ? LOCKED_FEED_SQL : FEED_SQL,
      lock ? [...params, lock.space, lock.key] : params,
      lock ? 'es_feed_locked' : 'es_feed',
    );
    if (rows.some((r) => r.kind === 'l')) return { events: [], next: after, locked: false };
    const events = rows.filter((r) => r.kind === 'e').map(toRecorded);
    const head = rows.find((r) => r.kind === 'h');
    return { events, next: nextPosition(after, events, options.limit, head ? { a: head.tx, b: head.pos } : null) };
  }

  /**
   * Id, type, data and position only, each row as an array. Types that are a small share of the
   * store are read each through its own index and merged in feed order; a large share reads the
   * feed order itself (merging many dense types cost more than skipping the few others).
   */
  private async readLeanFeed(after: Position, options: ReadFeedOptions): Promise<FeedBatch<LeanEvent>> {
    const types = options.types ? [...options.types] : null;
    const tx = options.tx as Executor | undefined;
    // SET LOCAL needs a transaction of its own: in a caller's, the plain statement.
    const byType = types !== null && types.length > 0 && !tx && await this.typesAreRare(types);
    const rows = byType
      // The planner prices the type index's scattered heap reads at random_page_cost (4) and
      // prefers scanning the feed order past everything else: 415 ms instead of 9 ms for the
      // first 5,000 ItemShipped of 5.2 million events. The store is in memory; say so, here only.
      ? await this.db.knex.transaction(async (trx) => {
        await sql(trx, 'SET LOCAL random_page_cost = 1.1');
        return sqlArrays(trx, leanFeedByTypeSql(types.length), [after.a, after.b, options.limit, ...types], `es_feed_lean_types_${types.length}`);
      })
      : await sqlArrays(tx ?? this.db.knex, LEAN_FEED_SQL, [after.a, after.b, types, options.limit], 'es_feed_lean');
    const events: LeanEvent[] = [];
    let head: Position | null = null;
    for (const [kind, id, type, data, a, b] of rows as [string, string, string, unknown, string, string][]) {
      if (kind === 'h') head = { a, b };
      else events.push({ id, type, data, position: { a, b } });
    }
    return { events, next: nextPosition(after, events, options.limit, head) };
  }

  /**
   * True when the per-type index exists and the planner's statistics say these types are under a
   * fifth of the store's events. Decided once a minute per set of types.
   */
  private async typesAreRare(types: readonly string[]): Promise<boolean> {
    const key = [...types].sort().join(',');
    const known = this.planChoices.get(key);
    if (known && known.until > performance.now()) return known.rare;
    let rare = false;
    const [index] = await sql(this.db.knex, `SELECT 1 AS ok FROM pg_indexes WHERE tablename = 'events' AND indexname = 'events_type_feed'`);
    if (index) {
      const [stats] = await sql<{ vals: string[] | null; freqs: number[] | null }>(this.db.knex,
        `SELECT most_common_vals::text::text[] AS vals, most_common_freqs AS freqs FROM pg_stats WHERE tablename = 'events' AND attname = 'type'`);
      if (stats?.vals && stats.freqs) {
        let share = 0;
        stats.vals.forEach((v, i) => { if (types.includes(v)) share += stats.freqs![i]; });
        rare = share < 0.2;
      }
    }
    this.planChoices.set(key, { rare, until: performance.now() + PLAN_CHOICE_MS });
    return rare;
  }

  async head(): Promise<Position> {
    const [row] = await sql(this.db.knex, HEAD_SQL);
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

  /**
   * Wakes local consumers now; other processes are told by the NOTIFY this append carried
   * (`told`), or else by the next one.
   */
  private announce(types: readonly string[], position: Position, told: boolean): void {
    this.emitter.emit('appended', types, position);
    if (told || this.kind !== 'postgres' || this.closed) return;
    for (const t of types) this.unannounced.add(t);
    this.flushSoon();
  }

  /**
   * When no NOTIFY is in flight, hands the next one to the append about to run: its payload
   * names the append's own types and every type still unannounced (`others`, taken out of the
   * set until the append's outcome is known, and put back if it stores nothing: `others` may
   * name the append's own types too, appended earlier by another append).
   */
  private takeNotification(types: readonly string[]): { payload: string; others: string[] } | null {
    if (this.kind !== 'postgres' || this.closed || this.notifying) return null;
    const now = performance.now();
    if (now < this.nextNotifyAt) return null;
    this.notifying = true;
    this.nextNotifyAt = now + this.notifySpacingMs;
    const others = [...this.unannounced];
    this.unannounced.clear();
    return { payload: this.payload([...new Set([...types, ...others])]), others };
  }

  /** The carried NOTIFY is over; `untold` are types it did not deliver (its append stored nothing). */
  private notificationDone(untold: readonly string[]): void {
    this.notifying = false;
    for (const t of untold) this.unannounced.add(t);
    this.flushSoon();
  }

  /**
   * Types are waiting and no NOTIFY is in flight. Once the spacing allows one, the next append to
   * start carries them; a NOTIFY of their own goes out if none has: right after this tick when
   * the spacing allows one now (a writer's next append starts in this tick), otherwise one
   * spacing past the allowed time.
   */
  private flushSoon(): void {
    if (this.flushScheduled || this.notifying || this.unannounced.size === 0 || this.closed) return;
    this.flushScheduled = true;
    const go = () => {
      this.flushScheduled = false;
      this.notify();
    };
    const wait = this.nextNotifyAt - performance.now();
    if (wait <= 0) setImmediate(go);
    else setTimeout(go, wait + this.notifySpacingMs);
  }

  /** One NOTIFY of its own (no append carried it); it names every type appended since the previous one. */
  private notify(): void {
    if (this.notifying || this.unannounced.size === 0 || this.closed) return;
    const now = performance.now();
    if (now < this.nextNotifyAt) { this.flushSoon(); return; }
    this.notifying = true;
    this.nextNotifyAt = now + this.notifySpacingMs;
    const payload = this.payload([...this.unannounced]);
    this.unannounced.clear();
    sql(this.db.knex, `SELECT pg_notify('${FEED_CHANNEL}', $1)`, [payload], 'es_notify')
      .catch(() => {})
      .finally(() => {
        this.notifying = false;
        this.flushSoon();
      });
  }

  private payload(types: string[]): string {
    const payload = JSON.stringify({ s: this.sender, t: types });
    // NOTIFY payloads stop at 8000 bytes: past that, name no types ("any type").
    return payload.length > 7000 ? JSON.stringify({ s: this.sender }) : payload;
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
