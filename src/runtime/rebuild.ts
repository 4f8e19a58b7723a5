import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventStore, Position } from '../eventstore/port.ts';
import type { Projection } from './consumer.ts';
import { quoteIdent, sql } from './database.ts';
import { isRowProjection } from './rowProjection.ts';
import { ShadowReplay } from './rebuildReplay.ts';
import { type RebuildOptions, ShadowRebuild } from './rebuildShadow.ts';

export type { RebuildOptions } from './rebuildShadow.ts';

/**
 * Rebuilds a projection from the feed (ARCHITECTURE.md "Rebuild"), while the service runs.
 *
 * Every projection is rebuilt into shadows of its tables (src/runtime/shadowTable.ts) that
 * replace the live ones when they have caught up with the feed: the live tables stay whole and
 * served meanwhile. Row projections (src/runtime/rowProjection.ts) are folded in windows
 * (rebuildShadow.ts); the others are replayed batch by batch with their own `apply`
 * (rebuildReplay.ts).
 */
export async function rebuildProjection(
  knex: Knex,
  store: EventStore,
  projection: Projection,
  logger: Logger,
  onProgress?: (done: number, position: Position) => void,
  options: RebuildOptions = {},
): Promise<number> {
  // Fresh planner statistics first: right after a bulk append (an import, a restore) the events
  // table's statistics can be stale, and the feed query then planned as a bitmap scan of every
  // event after the checkpoint plus a sort, on every batch (measured: 150 ms per batch at 100,000
  // events instead of 1 ms), which makes a rebuild quadratic. Only when they are stale, though:
  // sampling a table of millions of events took 0.4 s of every rebuild of `rebuild all`.
  if (store.kind !== 'eventstoredb' && (await eventStatisticsStale(knex))) await sql(knex, 'ANALYZE events');
  let done = 0;
  const progress = (count: number, position: Position) => {
    done += count;
    onProgress?.(done, position);
  };
  if (isRowProjection(projection)) await new ShadowRebuild(knex, store, projection, logger, progress).run(options);
  else await new ShadowReplay(knex, store, projection, logger, progress).run();
  // The tables were just bulk-loaded: statistics are stale, and GIN indexes (the trigram search
  // indexes) hold every new row in their pending list, which each search then scans; the planner
  // chose a sequential scan instead (measured on user_list at 100,000 rows: 220 ms per search
  // instead of 1 ms). VACUUM ANALYZE flushes the lists and refreshes the statistics.
  for (const table of projection.tables) await sql(knex, `VACUUM ANALYZE ${quoteIdent(table)}`);
  return done;
}

/** More than 2 % of the events changed since the table was last analyzed (or it never was). */
async function eventStatisticsStale(knex: Knex): Promise<boolean> {
  const [row] = await sql<{ changed: string | null; live: string | null; analyzed: boolean }>(
    knex,
    `SELECT n_mod_since_analyze::text AS changed, n_live_tup::text AS live,
    (last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL) AS analyzed FROM pg_stat_user_tables WHERE relname = 'events'`,
  );
  if (!row || !row.analyzed) return true;
  return Number(row.changed) > 0.02 * Number(row.live);
}
