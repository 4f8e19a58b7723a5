import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { comparePositions, type EventStore, type LeanEvent, type Position, START } from '../eventstore/port.ts';
import type { Projection } from './consumer.ts';
import { readCheckpoint, writeCheckpoint } from './consumerRunner.ts';
import { isUniqueViolation, sql } from './database.ts';
import { canCopy, isRowProjection, RowSet, rowStatements, writeChanges, type RowProjection } from './rowProjection.ts';

/**
 * Drops a projection's rows and replays the feed into it (ARCHITECTURE.md "Rebuild").
 * The reset takes the consumer's advisory lock (waiting for a live instance's batch to finish)
 * and empties the tables and the checkpoint in one transaction; live instances then simply
 * continue from the reset checkpoint, so a rebuild can run while the service is up.
 *
 * The replay has a loop of its own, not the live runner's (one transaction per 1,000 events, the
 * feed read inside it): the feed is read ahead on another connection while the previous events
 * are applied, and every write transaction still takes the consumer's lock, checks that the
 * checkpoint is where the rebuild left it, writes, and moves the checkpoint with the writes
 * (compare-and-set). A live instance that applies batches meanwhile moves the checkpoint; the
 * rebuild then forgets what it holds in memory and goes on from there.
 *
 * Row projections (src/runtime/rowProjection.ts) are folded in windows of up to WINDOW_EVENTS
 * events in memory: a row is written once per window however many events change it, the rows
 * stay in memory across windows (a rebuild starts from an empty table, so it never reads a row
 * back unless it had to forget it), and the next window is folded while the previous one is
 * being written. Other projections are applied batch by batch with their own `apply`.
 */
export interface RebuildOptions {
  /** Events per window of a row projection. */
  windowEvents?: number;
  /**
   * How long a window's write transaction should take, in ms: a window also ends when its changed
   * rows would take that long to write, at the pace the previous windows wrote.
   */
  windowMs?: number;
  /** A window ends when this many rows changed (instead of `windowMs`'s pace). */
  windowRows?: number;
  /** Rows a row projection keeps in memory between windows. */
  cachedRows?: number;
  /** Events per feed read of a row projection. */
  readLimit?: number;
}

const WINDOW_EVENTS = 100_000;
/**
 * A write transaction holds the feed's horizon (the oldest transaction in progress): no consumer
 * of this database reads past it until it commits. 100 ms of stall, at most, per window.
 */
const WINDOW_MS = 100;
const CACHED_ROWS = 100_000;
/** Events per feed read of a row projection's replay. */
const READ_LIMIT = 5000;
const LOCK_CLASS = 1; // the consumers' advisory lock namespace (src/runtime/consumerRunner.ts)

export async function rebuildProjection(
  knex: Knex,
  store: EventStore,
  projection: Projection,
  logger: Logger,
  onProgress?: (done: number, position: Position) => void,
  options: RebuildOptions = {},
): Promise<number> {
  await knex.transaction(async (trx) => {
    await sql(trx, 'SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_CLASS, projection.name]);
    for (const table of projection.tables) await sql(trx, `TRUNCATE TABLE ${quoteIdent(table)}`);
    await sql(trx, 'DELETE FROM consumer_checkpoints WHERE name = $1', [projection.name]);
  });
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
   * Windows of folded events: read ahead, fold window n+1 while window n is written, each window
   * one transaction (lock, checkpoint check, upserts and deletes, checkpoint). A window ends after
   * `windowEvents` events or once its changed rows would take about `windowMs` to write (or
   * `windowRows`, when given), at any event: a window may end inside a feed batch.
   */
  async folded(p: RowProjection, options: RebuildOptions): Promise<void> {
    const windowEvents = options.windowEvents ?? WINDOW_EVENTS;
    const cachedRows = options.cachedRows ?? CACHED_ROWS;
    const readLimit = options.readLimit ?? READ_LIMIT;
    const pace = new WritePace(options.windowMs ?? WINDOW_MS, options.windowRows);
    const statements = rowStatements(p.fold);
    const types = p.eventTypes;
    // Only what a fold may read (id, type, data) and where each event is.
    const read = (after: Position) => this.store.readFeed(after, { limit: readLimit, types, lean: true });
    const copy = await canCopy(this.knex);
    let checkpoint: Position = START;
    // The table was just emptied: every row there is, the rebuild wrote and holds.
    let rows = new RowSet(p.fold, false);
    for (;;) {
      const reader = new FeedReader(read, checkpoint, readLimit);
      let writing: Promise<void> = Promise.resolve();
      let failed: { at: Position; until: Position; err: unknown } | null = null;
      try {
        let from = checkpoint;
        // Events of the current feed batch not folded yet, and where that batch ends.
        let pending: LeanEvent[] = [];
        let batchNext = checkpoint;
        let lastBatch = false;
        for (let end = false; !end;) {
          let count = 0;
          let last = from;
          const maxRows = pace.rows();
          // Rows forgotten after an earlier window are read back once the windows writing them
          // have committed; a batch split between two windows is checked again.
          if (pending.length > 0 && rows.missing(pending).length > 0) {
            await writing;
            await rows.load(this.knex, statements, pending);
          }
          while (count < windowEvents && rows.changed < maxRows) {
            if (failed) throw (failed as { err: unknown }).err;
            if (pending.length === 0) {
              if (lastBatch) { end = true; break; }
              const batch = await reader.next();
              if (rows.missing(batch.events).length > 0) {
                await writing;
                await rows.load(this.knex, statements, batch.events);
              }
              pending = batch.events;
              batchNext = batch.next;
              lastBatch = batch.events.length < readLimit;
            }
            let i = 0;
            while (i < pending.length && count < windowEvents && rows.changed < maxRows) {
              rows.fold(pending[i++]);
              count++;
            }
            if (i < pending.length) {
              last = pending[i - 1].position;
              pending = pending.slice(i);
            } else {
              last = batchNext;
              pending = [];
              if (lastBatch) { end = true; break; }
            }
          }
          const changes = rows.takeChanges(copy);
          const window = { from, to: last, count };
          from = last;
          const previous = writing;
          // Windows commit in order: this one starts when the previous one has committed.
          writing = previous.then(async () => {
            const started = performance.now();
            await this.commit(window.from, window.to, (trx) => writeChanges(trx, statements, changes));
            const ms = performance.now() - started;
            pace.record(changes.count + changes.deletes.length, ms);
            this.logger.debug({ projection: p.name, events: window.count, rows: changes.count, ms: Math.round(ms) }, 'rebuild window committed');
          }).then(
            () => { checkpoint = window.to; this.progress(window.count, window.to); },
            (err) => { failed ??= { at: window.from, until: window.to, err }; throw err; },
          );
          writing.catch(() => {});
          if (end) { await writing; break; }
          // At most one window waits behind the one being written (memory stays bounded when
          // writing is the slower side).
          await previous.catch(() => {});
          if (failed) throw (failed as { err: unknown }).err;
          // Forgotten rows are read back only after the windows writing them have committed (above).
          if (rows.size > cachedRows) rows.evict(cachedRows);
        }
        reader.stop();
        return;
      } catch (err) {
        reader.stop();
        await writing.catch(() => {});
        const cause = (failed as { err: unknown } | null)?.err ?? err;
        if (cause instanceof CheckpointMoved) {
          // Another instance applied events meanwhile: what is in memory is stale.
          checkpoint = cause.current;
        } else if (isUniqueViolation(cause) && failed) {
          // A unique index other than the key (user_list's e-mail) refused the window's rows in the
          // order they were folded (an e-mail freed and taken within the window): the window is
          // applied again batch by batch with the projection's own apply.
          this.logger.warn({ projection: p.name }, 'rebuild window refused by a unique index; replaying it batch by batch');
          const f = failed as { at: Position; until: Position };
          checkpoint = await this.batched({ from: f.at, until: f.until });
        } else {
          throw cause;
        }
        rows = new RowSet(p.fold, true);
      }
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

interface Batch<E> { events: E[]; next: Position }

/**
 * Rows per window: as many as the last windows wrote in `ms` (a moving average of their time per
 * row), or a fixed number.
 */
class WritePace {
  /** ms per row written, averaged over the last windows; null before the first one. */
  private msPerRow: number | null = null;

  constructor(private readonly ms: number, private readonly fixed?: number) {}

  rows(): number {
    if (this.fixed !== undefined) return this.fixed;
    // The first window is small: nothing is known yet of this table's pace.
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
const MIN_WINDOW_ROWS = 200;

/**
 * Reads the feed ahead: while the caller works on one batch, the next ones are being read (on
 * another pooled connection), up to `depth` batches. A batch that is not full is the last one.
 */
class FeedReader<E> {
  private readonly queue: Promise<Batch<E>>[] = [];
  private last!: Promise<Batch<E>>;
  private paused = false;
  private stopped = false;

  constructor(private readonly read: (after: Position) => Promise<Batch<E>>, after: Position, private readonly limit: number, private readonly depth = 2) {
    this.fetch(after);
  }

  next(): Promise<Batch<E>> {
    const batch = this.queue.shift();
    if (!batch) throw new Error('read past the end of the feed');
    if (this.paused) {
      this.paused = false;
      this.last.then((b) => this.fetch(b.next), () => {});
    }
    return batch;
  }

  stop(): void {
    this.stopped = true;
  }

  private fetch(after: Position): void {
    if (this.stopped) return;
    const p = this.read(after);
    p.catch(() => {});
    this.queue.push(p);
    this.last = p;
    p.then((b) => {
      if (this.stopped || b.events.length < this.limit) return;
      if (this.queue.length < this.depth) this.fetch(b.next);
      else this.paused = true;
    }, () => {});
  }
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a table name: ${name}`);
  return `"${name}"`;
}
