import { EventEmitter } from 'node:events';
import { sql, sqlArrays, type Database, type Executor } from '../runtime/database.ts';
import {
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type FeedBatch,
  type InlineRows,
  type LeanEvent,
  type NewEvent,
  type Position,
  type ReadFeedOptions,
  type RecordedEvent,
  START,
  type StreamAppend,
  WrongExpectedVersionError,
} from './port.ts';
import { FEED_SQL, HEAD_SQL, LEAN_FEED_SQL, leanFeedByTypeSql, LOCKED_FEED_SQL, nextPosition, READ_STREAM_SQL } from './postgresFeed.ts';
import { FeedNotifier } from './postgresNotify.ts';
import { appendStatement, mergeRows } from './postgresAppend.ts';
import { GroupCommit } from './postgresGroupCommit.ts';

/**
 * The PostgreSQL adapter: the same code on a PostgreSQL server and on embedded PGlite.
 *
 * - A command's events go in one statement (INSERT … SELECT … FROM unnest), version =
 *   expected + ordinality; the unique (stream_id, version) index is the expected-version check.
 * - The global feed is read in (tx_id, position) order and only below the oldest transaction
 *   still in progress, so an event committed late by a concurrent writer is never skipped.
 * - Wake-ups: local appends wake local consumers at once; other processes are told by a
 *   coalesced NOTIFY (postgresNotify.ts), carried by an append statement whenever it can be
 *   (postgresAppend.ts). Both name the event types appended, so only the consumers that read
 *   them wake up.
 */

const STREAM_VERSION_SQL = `SELECT coalesce(max(version), 0) AS v FROM events WHERE stream_id = $1`;

const EXISTING_SQL = `
SELECT max(version) AS version, max(tx_id)::text AS tx, max(position)::text AS pos
  FROM events WHERE event_id = ANY($1::uuid[])`;

/**
 * Append statements of one process under way at once, before the next appends wait to go together
 * (GroupCommit). Embedded PGlite runs one statement at a time whatever is sent.
 */
const APPENDS_IN_FLIGHT = 2;

/** How long a lean reader's choice of plan for a set of types stands (the statistics change slowly). */
const PLAN_CHOICE_MS = 60_000;

interface Row {
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
  readonly inlineRows = true;
  private readonly emitter = new EventEmitter();
  private readonly notifier: FeedNotifier;
  /** The appends outside a caller's transaction (postgresGroupCommit.ts). */
  private readonly group: GroupCommit;
  /** typesAreRare's answers, per set of types. */
  private readonly planChoices = new Map<string, { rare: boolean; until: number }>();

  constructor(private readonly db: Database) {
    this.kind = db.kind;
    this.emitter.setMaxListeners(0);
    this.notifier = new FeedNotifier(db.knex, db.kind === 'postgres');
    this.group = new GroupCommit(
      (a) => this.appendAlone(a.stream, a.events, a),
      (appends) => this.appendTogether(appends),
      db.kind === 'postgres' ? APPENDS_IN_FLIGHT : 1,
    );
  }

  /** Starts listening for appends of other processes (PostgreSQL server only). */
  async listen(url: string): Promise<void> {
    await this.notifier.listen(url, (types) => this.emitter.emit('appended', types));
  }

  async append(
    stream: string,
    events: NewEvent[],
    options: { expected: ExpectedVersion; tx?: Executor; rows?: readonly InlineRows[] },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const { expected, tx, rows } = options;
    // Inside a caller's transaction the statement is the caller's to send; "any" reads its version first.
    if (tx || expected === 'any') return this.appendAlone(stream, events, options);
    return this.group.append({ stream, events, expected, rows });
  }

  /** One stream's events in a statement of their own. */
  private async appendAlone(
    stream: string,
    events: NewEvent[],
    options: { expected: ExpectedVersion; tx?: Executor; rows?: readonly InlineRows[] },
  ): Promise<AppendResult> {
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
      const carried = options.tx ? null : this.notifier.take(types);
      let rows: { version: number; tx: string; pos: string }[];
      try {
        const inline = options.rows ?? [];
        const statement = appendStatement(inline, carried !== null);
        const params = [stream, base, ids, types, datas, metas, ...(carried ? [carried.payload] : []), ...inline.map((r) => r.json)];
        rows = await sql(db, statement.text, params, statement.name);
      } catch (err) {
        if (carried) this.notifier.done(carried.others);
        // Either driver's error carries PostgreSQL's fields.
        const failure = err as { code?: string; constraint?: string; message?: string } | null;
        if (failure?.code === '23505' && String(failure.constraint ?? failure.message).includes('stream_version')) {
          // "any" retries against the new version; an exact expectation is a conflict.
          if (options.expected === 'any' && attempt < 20) continue;
          const actual = Number((await sql<{ v: string | number }>(db, STREAM_VERSION_SQL, [stream], 'es_stream_version'))[0]!.v);
          throw new WrongExpectedVersionError(stream, options.expected, actual);
        }
        throw err;
      }
      // Nothing stored means nothing notified: the other types it carried are still to tell.
      if (carried) this.notifier.done(rows.length === 0 ? carried.others : []);
      if (rows.length === 0) {
        // Every id was stored already (a retried append: a no-op that reports where they are),
        // or the expected version is past the end of the stream (a conflict).
        const [row] = await sql<{ version: string | number | null; tx: string; pos: string }>(db, EXISTING_SQL, [ids]);
        if (row.version === null) {
          const actual = Number((await sql(db, STREAM_VERSION_SQL, [stream], 'es_stream_version'))[0].v);
          throw new WrongExpectedVersionError(stream, options.expected, actual);
        }
        return { version: Number(row.version), position: { a: row.tx, b: row.pos }, appended: false };
      }
      const last = rows.reduce((m, r) => (Number(r.version) > Number(m.version) ? r : m));
      const position = { a: last.tx, b: last.pos };
      this.announceStored(types, position, options.tx, carried !== null);
      return { version: Number(last.version), position, appended: true };
    }
  }

  async appendTogether(appends: readonly StreamAppend[], options: { tx?: Executor } = {}): Promise<AppendResult[]> {
    if (appends.some((a) => a.events.length === 0)) throw new Error('appendTogether needs at least one event per stream');
    const db = options.tx ?? this.db.knex;
    const bases = appends.map((a) => (a.expected === 'no_stream' ? 0 : a.expected));
    const events = appends.flatMap((a, i) => a.events.map((e, j) => ({ e, stream: a.stream, version: bases[i] + j + 1 })));
    const types = events.map(({ e }) => e.type);
    const carried = options.tx ? null : this.notifier.take(types);
    const inline = mergeRows(appends.flatMap((a) => a.rows ?? []));
    const statement = appendStatement(inline, carried !== null, true);
    const params = [
      appends.map((a) => a.stream),
      bases,
      events.map(({ e }) => e.id),
      events.map(({ stream }) => stream),
      events.map(({ version }) => version),
      types,
      events.map(({ e }) => JSON.stringify(e.data ?? {})),
      events.map(({ e }) => JSON.stringify(e.metadata ?? {})),
      ...(carried ? [carried.payload] : []),
      ...inline.map((r) => r.json),
    ];
    let rows: { stream_id: string; version: number; tx: string; pos: string }[];
    try {
      rows = await sql(db, statement.text, params, statement.name);
    } catch (err) {
      if (carried) this.notifier.done(carried.others);
      const failure = err as { code?: string; constraint?: string; message?: string } | null;
      if (failure?.code === '23505' && String(failure.constraint ?? failure.message).includes('stream_version')) {
        throw await this.conflictAmong(db, appends, bases);
      }
      throw err;
    }
    if (carried) this.notifier.done(rows.length === 0 ? carried.others : []);
    // Nothing stored: an expectation past the end of its stream, or every id stored already.
    if (rows.length === 0 && bases.some((b) => b > 0)) {
      const conflict = await this.conflictAmong(db, appends, bases).catch((err: unknown) => err);
      if (conflict instanceof WrongExpectedVersionError) throw conflict;
    }
    const results: AppendResult[] = [];
    for (const a of appends) {
      const mine = rows.filter((r) => r.stream_id === a.stream);
      if (mine.length === 0) {
        // A retried append of this stream: a no-op that reports where its events are.
        const [row] = await sql<{ version: string | number | null; tx: string; pos: string }>(db, EXISTING_SQL, [
          a.events.map((e) => e.id),
        ]);
        results.push({ version: Number(row.version), position: { a: row.tx, b: row.pos }, appended: false });
        continue;
      }
      const last = mine.reduce((m, r) => (Number(r.version) > Number(m.version) ? r : m));
      results.push({ version: Number(last.version), position: { a: last.tx, b: last.pos }, appended: true });
    }
    if (rows.length > 0) {
      const last = rows.reduce((m, r) => (BigInt(r.pos) > BigInt(m.pos) ? r : m));
      this.announceStored(types, { a: last.tx, b: last.pos }, options.tx, carried !== null);
    }
    return results;
  }

  /** The stream of `appends` whose expected version was not its version, as the error an append throws. */
  private async conflictAmong(
    db: Executor,
    appends: readonly StreamAppend[],
    bases: readonly number[],
  ): Promise<WrongExpectedVersionError> {
    const found = await sql<{ stream_id: string; v: string | number }>(
      db,
      `SELECT stream_id, max(version) AS v FROM events WHERE stream_id = ANY($1::text[]) GROUP BY stream_id`,
      [appends.map((a) => a.stream)],
    );
    const actual = new Map(found.map((r) => [r.stream_id, Number(r.v)]));
    const i = Math.max(
      0,
      appends.findIndex((a, k) => (actual.get(a.stream) ?? 0) !== bases[k]),
    );
    return new WrongExpectedVersionError(appends[i].stream, appends[i].expected, actual.get(appends[i].stream) ?? 0);
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
   * Id, type, data, version and position only, each row as an array. Types that are a small share of the
   * store are read each through its own index and merged in feed order; a large share reads the
   * feed order itself (merging many dense types cost more than skipping the few others).
   */
  private async readLeanFeed(after: Position, options: ReadFeedOptions): Promise<FeedBatch<LeanEvent>> {
    const types = options.types ? [...options.types] : null;
    const tx = options.tx as Executor | undefined;
    // SET LOCAL needs a transaction of its own: in a caller's, the plain statement.
    const byType = types !== null && types.length > 0 && !tx && (await this.typesAreRare(types));
    const rows = byType
      ? // The planner prices the type index's scattered heap reads at random_page_cost (4) and
        // prefers scanning the feed order past everything else: 415 ms instead of 9 ms for the
        // first 5,000 ItemShipped of 5.2 million events. The store is in memory; say so, here only.
        await this.db.knex.transaction(async (trx) => {
          await sql(trx, 'SET LOCAL random_page_cost = 1.1');
          return sqlArrays(
            trx,
            leanFeedByTypeSql(types.length),
            [after.a, after.b, options.limit, ...types],
            `es_feed_lean_types_${types.length}`,
          );
        })
      : await sqlArrays(tx ?? this.db.knex, LEAN_FEED_SQL, [after.a, after.b, types, options.limit], 'es_feed_lean');
    const events: LeanEvent[] = [];
    let head: Position | null = null;
    for (const [kind, id, type, data, version, a, b] of rows as [string, string, string, unknown, number, string, string][]) {
      if (kind === 'h') head = { a, b };
      else events.push({ id, type, data, version, position: { a, b } });
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
      const [stats] = await sql<{ vals: string[] | null; freqs: number[] | null }>(
        this.db.knex,
        `SELECT most_common_vals::text::text[] AS vals, most_common_freqs AS freqs FROM pg_stats WHERE tablename = 'events' AND attname = 'type'`,
      );
      if (stats?.vals && stats.freqs) {
        let share = 0;
        stats.vals.forEach((v, i) => {
          if (types.includes(v)) share += stats.freqs![i];
        });
        rare = share < 0.2;
      }
    }
    this.planChoices.set(key, { rare, until: performance.now() + PLAN_CHOICE_MS });
    return rare;
  }

  async head(): Promise<Position> {
    const [row] = await sql<{ tx: string; pos: string }>(this.db.knex, HEAD_SQL);
    return row ? { a: row.tx, b: row.pos } : START;
  }

  onAppended(listener: (types?: readonly string[], position?: Position) => void): () => void {
    this.emitter.on('appended', listener);
    return () => this.emitter.off('appended', listener);
  }

  async close(): Promise<void> {
    await this.notifier.close();
  }

  /** `announce`, at once, or inside a caller's transaction once it commits. */
  private announceStored(types: readonly string[], position: Position, tx: Executor | undefined, told: boolean): void {
    if (!tx) this.announce(types, position, told);
    // knex keeps a transaction's outcome promise internal; the events are announced once it commits.
    else if ('executionPromise' in tx)
      tx.executionPromise?.then(
        () => this.announce(types, position, false),
        () => {},
      );
  }

  /**
   * Wakes local consumers now; other processes are told by the NOTIFY this append carried
   * (`told`), or else by the next one.
   */
  private announce(types: readonly string[], position: Position, told: boolean): void {
    this.emitter.emit('appended', types, position);
    if (!told) this.notifier.tell(types);
  }
}
