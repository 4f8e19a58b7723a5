import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { comparePositions, type EventStore, type Position, START } from '../eventstore/port.ts';
import type { Projection } from './consumer.ts';
import { LOCK_CLASS, readCheckpoint, writeCheckpoint } from './checkpoints.ts';
import { isUniqueViolation, quoteIdent, sql } from './database.ts';
import { FeedReader } from './feedReader.ts';
import { isRowProjection } from './rowProjection.ts';
import { type RebuildOptions, ShadowRebuild } from './rebuildShadow.ts';

export type { RebuildOptions } from './rebuildShadow.ts';

/**
 * Rebuilds a projection from the feed (ARCHITECTURE.md "Rebuild"), while the service runs.
 *
 * Row projections (src/runtime/rowProjection.ts) are rebuilt into a shadow table that replaces
 * the live one when it has caught up (rebuildShadow.ts).
 *
 * Other projections are emptied (their tables and checkpoint, in one transaction under the
 * consumer's advisory lock) and replayed in place, batch by batch with their own `apply`: each
 * write transaction takes the consumer's lock, checks that the checkpoint is where the rebuild
 * left it, writes, and moves it (compare-and-set). A live instance that applies batches
 * meanwhile moves the checkpoint; the rebuild then goes on from there.
 */
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
  let done = 0;
  const progress = (count: number, position: Position) => { done += count; onProgress?.(done, position); };
  if (isRowProjection(projection)) await new ShadowRebuild(knex, store, projection, logger, progress).run(options);
  else await new Replay(knex, store, projection, progress).batched();
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

/** The in-place replay of a projection that is not a row projection. */
class Replay {
  constructor(
    private readonly knex: Knex,
    private readonly store: EventStore,
    private readonly projection: Projection,
    private readonly progress: (count: number, position: Position) => void,
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
}

