import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { comparePositions, type EventStore, type Position, START } from '../eventstore/port.ts';
import type { Projection } from './consumer.ts';
import { LOCK_CLASS, readCheckpoint, writeCheckpoint } from './checkpoints.ts';
import { isUniqueViolation, quoteIdent, sql } from './database.ts';
import { FeedReader, type Batch } from './feedReader.ts';
import { canCopy } from './pgCopy.ts';
import { isRowProjection, RowSet, rowStatements, writeChanges, type RowChanges, type RowProjection, type RowStatements } from './rowProjection.ts';
import { ShadowTable } from './shadowTable.ts';

/**
 * Rebuilds a projection from the feed (ARCHITECTURE.md "Rebuild"), while the service runs.
 *
 * Row projections (src/runtime/rowProjection.ts) are rebuilt into a shadow table
 * (src/runtime/shadowTable.ts) that replaces the live one when it has caught up: the live table
 * stays whole and served meanwhile. The feed is folded in windows of up to WINDOW_EVENTS events
 * in memory, read ahead on other connections: a row is written once per window however many
 * events change it, rows stay in memory across windows (up to CACHED_ROWS; a forgotten row is read
 * back from the shadow), and the next window is folded while the previous one is written. A
 * window's rows are written in transactions of about WINDOW_MS each (a transaction that writes
 * holds the feed's horizon: no consumer of this database reads past it until it commits).
 *
 * Other projections are emptied (their tables and checkpoint, in one transaction under the
 * consumer's advisory lock) and replayed in place, batch by batch with their own `apply`: each
 * write transaction takes the consumer's lock, checks that the checkpoint is where the rebuild
 * left it, writes, and moves it (compare-and-set). A live instance that applies batches
 * meanwhile moves the checkpoint; the rebuild then goes on from there.
 */
export interface RebuildOptions {
  /** Events per window of a row projection. */
  windowEvents?: number;
  /** A window also ends when this many rows changed. */
  windowRows?: number;
  /**
   * How long one write transaction of a row projection's rebuild should take, in ms: a window's
   * rows are written in chunks of as many rows as the previous chunks wrote in that time.
   */
  windowMs?: number;
  /** Rows a row projection keeps in memory between windows. */
  cachedRows?: number;
  /** Events per feed read of a row projection. */
  readLimit?: number;
}

const WINDOW_EVENTS = 100_000;
const WINDOW_ROWS = 50_000;
/** A write transaction holds the feed's horizon: 100 ms of stall for the live consumers, at most (on an idle machine). */
const WINDOW_MS = 100;
const CACHED_ROWS = 100_000;
/** Events per feed read of a row projection's replay. */
const READ_LIMIT = 5000;
const REBUILD_LOCK_CLASS = 3; // one rebuild of a projection at a time (2: scheduled tasks)
/** Row projections being rebuilt by this process (rebuildLock). */
const rebuildsHere = new Set<string>();

export async function rebuildProjection(
  knex: Knex,
  store: EventStore,
  projection: Projection,
  logger: Logger,
  onProgress?: (done: number, position: Position) => void,
  options: RebuildOptions = {},
): Promise<number> {
  if (!isRowProjection(projection)) {
    await knex.transaction(async (trx) => {
      await sql(trx, 'SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_CLASS, projection.name]);
      for (const table of projection.tables) await sql(trx, `TRUNCATE TABLE ${quoteIdent(table)}`);
      await sql(trx, 'DELETE FROM consumer_checkpoints WHERE name = $1', [projection.name]);
    });
  }
  // Fresh planner statistics first: right after a bulk append (an import, a restore) the events
  // table's statistics can be stale, and the feed query then planned as a bitmap scan of every
  // event after the checkpoint plus a sort, on every batch (measured: 150 ms per batch at 100,000
  // events instead of 1 ms), which makes a rebuild quadratic. Only when they are stale, though:
  // sampling a table of millions of events took 0.4 s of every rebuild of `rebuild all`.
  if (store.kind !== 'eventstoredb' && await eventStatisticsStale(knex)) await sql(knex, 'ANALYZE events');
  const replay = new Replay(knex, store, projection, logger, onProgress);
  if (isRowProjection(projection)) await replay.folded(projection, options);
  else await replay.batched();
  const done = replay.done;
  // The tables were just bulk-loaded: statistics are stale, and GIN indexes (the trigram search
  // indexes) hold every new row in their pending list, which each search then scans; the planner
  // chose a sequential scan instead (measured on user_list at 100,000 rows: 220 ms per search
  // instead of 1 ms). VACUUM ANALYZE flushes the lists and refreshes the statistics.
  for (const table of projection.tables) await sql(knex, `VACUUM ANALYZE ${quoteIdent(table)}`);
  return done;
}

/** More than 2 % of the events changed since the table was last analyzed (or it never was). */
async function eventStatisticsStale(knex: Knex): Promise<boolean> {
  const [row] = await sql<{ changed: string | null; live: string | null; analyzed: boolean }>(knex, `SELECT n_mod_since_analyze::text AS changed, n_live_tup::text AS live,
    (last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL) AS analyzed FROM pg_stat_user_tables WHERE relname = 'events'`);
  if (!row || !row.analyzed) return true;
  return Number(row.changed) > 0.02 * Number(row.live);
}

/** The checkpoint was not where the rebuild left it: another instance applied events meanwhile. */
class CheckpointMoved extends Error {
  constructor(readonly current: Position) { super('the checkpoint moved under the rebuild'); }
}

class Replay {
  done = 0;

  constructor(
    private readonly knex: Knex,
    private readonly store: EventStore,
    private readonly projection: Projection,
    private readonly logger: Logger,
    private readonly onProgress?: (done: number, position: Position) => void,
  ) {}

  /**
   * One transaction per feed batch (the projection's batch size), the next batch read ahead.
   * With `until`, stops once the checkpoint has reached it. Resolves to the checkpoint reached.
   */
  async batched(options: { from?: Position; limit?: number; until?: Position } = {}): Promise<Position> {
    const p = this.projection;
    const limit = options.limit ?? p.batchSize ?? 1000;
    let checkpoint = options.from ?? START;
    const read = (after: Position) => this.store.readFeed(after, { limit, types: p.eventTypes });
    let reader = new FeedReader(read, checkpoint, limit);
    try {
      for (;;) {
        if (options.until && comparePositions(checkpoint, options.until) >= 0) break;
        const batch = await reader.next();
        try {
          await this.commit(checkpoint, batch.next, (trx) => (batch.events.length > 0 ? p.apply(trx, batch.events) : Promise.resolve()));
        } catch (err) {
          if (err instanceof CheckpointMoved) {
            checkpoint = err.current;
          } else if (isUniqueViolation(err) && limit > 1) {
            // Rows of one batch are written in the order the batch first changed them; a unique
            // index other than the key can refuse that order (an e-mail freed and taken in one
            // batch). One event per transaction is the order of the feed itself.
            checkpoint = await this.batched({ from: checkpoint, limit: 1, until: batch.next });
          } else {
            throw err;
          }
          reader.stop();
          reader = new FeedReader(read, checkpoint, limit);
          continue;
        }
        checkpoint = batch.next;
        this.progress(batch.events.length, checkpoint);
        if (batch.events.length < limit) break;
      }
    } finally {
      reader.stop();
    }
    return checkpoint;
  }

  /**
   * Windows of folded events into a shadow table: read ahead, fold window n+1 while window n is
   * written (in transactions of about `windowMs` each), build the indexes, swap the shadow in.
   */
  async folded(p: RowProjection, options: RebuildOptions): Promise<void> {
    const windowEvents = options.windowEvents ?? WINDOW_EVENTS;
    const windowRows = options.windowRows ?? WINDOW_ROWS;
    const cachedRows = options.cachedRows ?? CACHED_ROWS;
    const readLimit = options.readLimit ?? READ_LIMIT;
    const pace = new WritePace(options.windowMs ?? WINDOW_MS);
    const server = await canCopy(this.knex);
    // Two rebuilds of one projection would share one shadow table: the second is refused.
    const release = await this.rebuildLock(p.name, server);
    const shadow = new ShadowTable(this.knex, p.fold.table, server);
    try {
      await shadow.create();
      const statements = rowStatements(p.fold, shadow.name);
      const types = p.eventTypes;
      // Only what a fold may read (id, type, data).
      const read = (after: Position) => this.store.readFeed(after, { limit: readLimit, types, lean: true });
      // The shadow was just created: every row there is, the rebuild wrote and holds.
      const rows = new RowSet(p.fold, false);
      const reader = new FeedReader(read, START, readLimit);
      let position = START;
      let writing: Promise<void> = Promise.resolve();
      const failure: { err?: unknown } = {};
      try {
        for (let end = false; !end;) {
          let count = 0;
          while (count < windowEvents && rows.changed < windowRows) {
            if ('err' in failure) throw failure.err;
            const batch = await reader.next();
            // A row forgotten after an earlier window is read back, once that window is written.
            if (rows.missing(batch.events).length > 0) {
              await writing;
              await rows.load(this.knex, statements, batch.events);
            }
            for (const e of batch.events) rows.fold(e);
            count += batch.events.length;
            position = batch.next;
            if (batch.events.length < readLimit) { end = true; break; }
          }
          const chunk = pace.rows();
          const changes = rows.takeChanges(server, chunk, true);
          const window = { count, to: position };
          const previous = writing;
          // Windows are written in order: this one starts when the previous one is written.
          writing = previous.then(async () => {
            const started = performance.now();
            await this.writeShadow(statements, changes, chunk, pace, server);
            this.logger.debug({ projection: p.name, events: window.count, rows: changes.count, ms: Math.round(performance.now() - started) }, 'rebuild window written');
            this.progress(window.count, window.to);
          });
          writing.catch((err) => { failure.err ??= err; });
          if (end) { await writing; break; }
          // At most one window waits behind the one being written: memory stays bounded.
          await previous;
          // Forgotten rows are read back only after the windows writing them are written (above).
          if (rows.size > cachedRows) rows.evict(cachedRows);
        }
      } finally {
        reader.stop();
        await writing.catch(() => {});
      }
      let started = performance.now();
      await shadow.buildIndexes();
      this.logger.debug({ projection: p.name, ms: Math.round(performance.now() - started) }, 'rebuild indexes built');
      started = performance.now();
      await this.knex.transaction(async (trx) => {
        await sql(trx, 'SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_CLASS, p.name]);
        const current = await readCheckpoint(trx, p.name);
        await shadow.swap(trx);
        // A live instance goes on from where the shadow was built (it applies again what it had
        // applied past that point, to the new table).
        if (comparePositions(current, position) !== 0) await writeCheckpoint(trx, p.name, current, position);
      });
      this.logger.debug({ projection: p.name, ms: Math.round(performance.now() - started) }, 'rebuild swapped in');
    } catch (err) {
      await shadow.drop().catch(() => {});
      throw err;
    } finally {
      await release();
    }
  }

  /**
   * Held for the whole rebuild; refused while another rebuild of `name` holds it: on a server, a
   * session lock on a connection of its own (any process or session); in this process, a set of
   * names, which is all PGlite needs (its data folder is one process's, src/runtime/database.ts).
   * On a server the lock comes first, so the test of two rebuilds at once meets the lock there.
   */
  private async rebuildLock(name: string, server: boolean): Promise<() => Promise<void>> {
    const refuse = (where: string) => new Error(`a rebuild of ${name} is already running (${where}); try again when it has ended`);
    const client = (this.knex as any).client;
    let conn: any = null;
    if (server) {
      conn = await client.acquireConnection();
      try {
        const { rows } = await conn.query('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [REBUILD_LOCK_CLASS, name]);
        if (!rows[0].ok) throw refuse('another process or session');
      } catch (err) {
        await client.releaseConnection(conn);
        throw err;
      }
    }
    const unlock = async () => {
      if (!conn) return;
      await conn.query('SELECT pg_advisory_unlock($1, hashtext($2))', [REBUILD_LOCK_CLASS, name]).catch(() => {});
      await client.releaseConnection(conn);
    };
    if (rebuildsHere.has(name)) { await unlock(); throw refuse('in this process'); }
    rebuildsHere.add(name);
    return async () => { rebuildsHere.delete(name); await unlock(); };
  }

  /**
   * A window's rows into the shadow table, a transaction per chunk: deletes, changed stored rows,
   * new rows. The shadow matches no checkpoint until it is swapped in, so no order is needed
   * between transactions, and a crash loses nothing that matters.
   */
  private async writeShadow(statements: RowStatements, changes: RowChanges, chunk: number, pace: WritePace, server: boolean): Promise<void> {
    const none = { upserts: [], staged: [], copies: [], deletes: [], count: 0, sizes: { upserts: [], staged: [], copies: [] } };
    const parts: { rows: number; changes: RowChanges }[] = [];
    for (let i = 0; i < changes.deletes.length; i += chunk) {
      const deletes = changes.deletes.slice(i, i + chunk);
      parts.push({ rows: deletes.length, changes: { ...none, deletes } });
    }
    changes.staged.forEach((text, i) => parts.push({ rows: changes.sizes.staged[i], changes: { ...none, staged: [text] } }));
    changes.upserts.forEach((json, i) => parts.push({ rows: changes.sizes.upserts[i], changes: { ...none, upserts: [json] } }));
    changes.copies.forEach((text, i) => parts.push({ rows: changes.sizes.copies[i], changes: { ...none, copies: [text] } }));
    for (const part of parts) {
      const started = performance.now();
      await this.knex.transaction(async (trx) => {
        // A crash loses the shadow anyway: no need to wait for the WAL flush.
        if (server) await sql(trx, 'SET LOCAL synchronous_commit = off');
        await writeChanges(trx, statements, part.changes);
      });
      const ms = performance.now() - started;
      pace.record(part.rows, ms);
      this.logger.debug({ projection: this.projection.name, rows: part.rows, ms: Math.round(ms) }, 'rebuild write committed');
    }
  }

  /** One write transaction: the consumer's lock, the checkpoint where it is expected, the writes, the checkpoint moved. */
  private async commit(from: Position, to: Position, write: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
    const name = this.projection.name;
    await this.knex.transaction(async (trx) => {
      // A rebuild that dies loses its last windows and their checkpoint together, never one of them.
      if ((this.knex.client as any).config?.client === 'pg') await sql(trx, 'SET LOCAL synchronous_commit = off');
      await sql(trx, 'SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_CLASS, name], 'rb_lock');
      const current = await readCheckpoint(trx, name);
      if (comparePositions(current, from) !== 0) throw new CheckpointMoved(current);
      await write(trx);
      if (comparePositions(to, from) > 0) await writeCheckpoint(trx, name, from, to);
    });
  }

  private progress(count: number, position: Position): void {
    this.done += count;
    this.onProgress?.(this.done, position);
  }
}

/**
 * Rows per write transaction: as many as the last ones wrote in `ms` (a moving average of their
 * time per row).
 */
class WritePace {
  /** ms per row written, averaged over the last transactions; null before the first one. */
  private msPerRow: number | null = null;

  constructor(private readonly ms: number) {}

  rows(): number {
    // The first transactions are small: nothing is known yet of this table's pace.
    if (this.msPerRow === null) return FIRST_WINDOW_ROWS;
    return Math.max(MIN_WINDOW_ROWS, Math.floor(this.ms / this.msPerRow));
  }

  record(rows: number, ms: number): void {
    if (rows < MIN_WINDOW_ROWS / 2) return; // the lock and the checkpoint, not the rows
    const perRow = ms / rows;
    this.msPerRow = this.msPerRow === null ? perRow : 0.7 * this.msPerRow + 0.3 * perRow;
  }
}

const FIRST_WINDOW_ROWS = 2000;
const MIN_WINDOW_ROWS = 100;
