import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { type EventStore, type Position, START } from '../eventstore/port.ts';
import { sql } from './database.ts';
import { FeedReader } from './feedReader.ts';
import { canCopy } from './pgCopy.ts';
import { RowSet, type RowProjection } from './rowProjection.ts';
import { rowStatements, writeChanges, type RowChanges, type RowStatements } from './rowStatements.ts';
import { rebuildLock } from './rebuildLock.ts';
import { ShadowTable, swapShadows } from './shadowTable.ts';

/**
 * The rebuild of a row projection (src/runtime/rowProjection.ts; rebuild.ts chooses it) into a
 * shadow table (src/runtime/shadowTable.ts) that replaces the live one when it has caught up: the
 * live table stays whole and served meanwhile. The feed is folded in windows of up to
 * WINDOW_EVENTS events in memory, read ahead on other connections: a row is written once per
 * window however many events change it, rows stay in memory across windows (up to CACHED_ROWS; a
 * forgotten row is read back from the shadow), and the next window is folded while the previous
 * one is written. A window's rows are written in transactions of about WINDOW_MS each (a
 * transaction that writes holds the feed's horizon: no consumer of this database reads past it
 * until it commits).
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

export class ShadowRebuild {
  constructor(
    private readonly knex: Knex,
    private readonly store: EventStore,
    private readonly projection: RowProjection,
    private readonly logger: Logger,
    /** Called as each window is written: its events and the position it reached. */
    private readonly progress: (count: number, position: Position) => void,
  ) {}

  /**
   * Windows of folded events into a shadow table: read ahead, fold window n+1 while window n is
   * written (in transactions of about `windowMs` each), build the indexes, swap the shadow in.
   */
  async run(options: RebuildOptions): Promise<void> {
    const p = this.projection;
    const windowEvents = options.windowEvents ?? WINDOW_EVENTS;
    const windowRows = options.windowRows ?? WINDOW_ROWS;
    const cachedRows = options.cachedRows ?? CACHED_ROWS;
    const readLimit = options.readLimit ?? READ_LIMIT;
    const pace = new WritePace(options.windowMs ?? WINDOW_MS);
    const server = await canCopy(this.knex);
    // Two rebuilds of one projection would share one shadow table: the second is refused.
    const release = await rebuildLock(this.knex, p.name, server);
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
            if (batch.events.length < readLimit) {
              end = true;
              break;
            }
          }
          const chunk = pace.rows();
          const changes = rows.takeChanges(server, chunk, true);
          const window = { count, to: position };
          const previous = writing;
          // Windows are written in order: this one starts when the previous one is written.
          writing = previous.then(async () => {
            const started = performance.now();
            await this.writeShadow(statements, changes, chunk, pace, server);
            this.logger.debug(
              { projection: p.name, events: window.count, rows: changes.count, ms: Math.round(performance.now() - started) },
              'rebuild window written',
            );
            this.progress(window.count, window.to);
          });
          writing.catch((err) => {
            failure.err ??= err;
          });
          if (end) {
            await writing;
            break;
          }
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
      await swapShadows(this.knex, p.name, [shadow], position);
      this.logger.debug({ projection: p.name, ms: Math.round(performance.now() - started) }, 'rebuild swapped in');
    } catch (err) {
      await shadow.drop().catch(() => {});
      throw err;
    } finally {
      await release();
    }
  }

  /**
   * A window's rows into the shadow table, a transaction per chunk: deletes, changed stored rows,
   * new rows. The shadow matches no checkpoint until it is swapped in, so no order is needed
   * between transactions, and a crash loses nothing that matters.
   */
  private async writeShadow(
    statements: RowStatements,
    changes: RowChanges,
    chunk: number,
    pace: WritePace,
    server: boolean,
  ): Promise<void> {
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
