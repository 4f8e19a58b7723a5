import { EventEmitter } from 'node:events';
import { sql, type Database, type Executor } from '../runtime/database.ts';
import {
  type AppendResult,
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
import { FEED_SQL, HEAD_SQL, LOCKED_FEED_SQL, nextPosition, READ_STREAM_SQL, type Row, toRecorded, WHOLE_STREAM } from './postgresFeed.ts';
import { LeanFeedReader } from './postgresLeanFeed.ts';
import { FeedNotifier } from './postgresNotify.ts';
import { appendStatement, mergeRows } from './postgresAppend.ts';
import { GroupCommit } from './postgresGroupCommit.ts';
import { StreamReads } from './postgresStreamReads.ts';

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

export class PostgresEventStore implements EventStore {
  readonly kind: 'postgres' | 'pglite';
  readonly inlineRows = true;
  private readonly emitter = new EventEmitter();
  private readonly notifier: FeedNotifier;
  /** The appends outside a caller's transaction (postgresGroupCommit.ts). */
  private readonly group: GroupCommit;
  private readonly lean: LeanFeedReader;
  /** The whole-stream reads outside a caller's transaction (postgresStreamReads.ts). */
  private readonly streams: StreamReads;

  constructor(private readonly db: Database) {
    this.kind = db.kind;
    this.emitter.setMaxListeners(0);
    this.notifier = new FeedNotifier(db.knex, db.kind === 'postgres');
    this.lean = new LeanFeedReader(db);
    this.streams = new StreamReads(db.knex);
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
    if (!options.tx && options.limit === undefined) return this.streams.read(stream, options.fromVersion ?? 1);
    const rows = await sql<Row>(
      (options.tx as Executor | undefined) ?? this.db.knex,
      READ_STREAM_SQL,
      [stream, options.fromVersion ?? 1, options.limit ?? WHOLE_STREAM],
      'es_read_stream',
    );
    return rows.map(toRecorded);
  }

  readFeed(after: Position, options: ReadFeedOptions & { lean: true }): Promise<FeedBatch<LeanEvent>>;
  readFeed(after: Position, options: ReadFeedOptions): Promise<FeedBatch>;
  async readFeed(after: Position, options: ReadFeedOptions): Promise<FeedBatch<LeanEvent>> {
    if (options.lean) return this.lean.read(after, options);
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
