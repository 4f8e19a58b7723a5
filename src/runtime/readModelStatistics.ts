import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Projection } from './consumer.ts';
import { quoteIdent, sql } from './database.ts';

/**
 * The planner's statistics of the read models, refreshed by the projections that write them.
 * Lists past their exact-count cap answer PostgreSQL's estimate of the matching rows, and an
 * estimate is only as good as the last ANALYZE: a shop of 5,000 freshly imported products
 * answered 101 until one ran. Embedded PGlite has no autovacuum at all, and a server's comes
 * a minute or more later. So:
 * - once a projection has caught up after applying a bulk of events (a catalogue import, a
 *   restore, a start on a database that was behind), it analyzes its tables before the waiting
 *   readers hear that it has passed their position: the first list read after the import
 *   already counts right;
 * - a bulk that arrives as many small batches (products created one request at a time), or is
 *   small beside a large table, is analyzed once its projection has been idle for a moment (the
 *   bulk's end), at most every few seconds: the estimate is right a second after the bulk ends.
 * Rebuilds analyze their tables themselves (rebuild.ts).
 */
const MIN_EVENTS = 100;
/** Share of a projection's rows that must have changed, unless the last analysis is this old. */
const SHARE = 0.1;
const AGE_MS = 60_000;
/** The idle moment that ends a bulk, the changes worth an analysis then, and how often at most. */
const IDLE_MS = 1000;
const IDLE_MIN_EVENTS = 20;
const IDLE_EVERY_MS = 5000;

export class ReadModelStatistics {
  private readonly changed = new Map<string, number>();
  private readonly last = new Map<string, { at: number; rows: number }>();
  private readonly idle = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly knex: Knex,
    private readonly logger: Logger,
  ) {}

  /** After a committed batch of `count` events; `caughtUp` when the batch reached the feed's end. */
  async applied(projection: Projection, count: number, caughtUp: boolean): Promise<void> {
    if (count === 0 || projection.tables.length === 0 || this.stopped) return;
    clearTimeout(this.idle.get(projection.name));
    this.idle.delete(projection.name);
    const changed = (this.changed.get(projection.name) ?? 0) + count;
    this.changed.set(projection.name, changed);
    if (!caughtUp) return;
    const last = this.last.get(projection.name);
    const due = changed >= MIN_EVENTS && (!last || changed >= SHARE * last.rows || performance.now() - last.at >= AGE_MS);
    if (due) {
      await this.analyze(projection);
      return;
    }
    if (changed < IDLE_MIN_EVENTS) return;
    const wait = Math.max(IDLE_MS, last ? last.at + IDLE_EVERY_MS - performance.now() : 0);
    const timer = setTimeout(() => {
      this.idle.delete(projection.name);
      const run = this.analyze(projection).finally(() => this.running.delete(run));
      this.running.add(run);
    }, wait);
    timer.unref();
    this.idle.set(projection.name, timer);
  }

  /** With the runner: analyses run again after a stop. */
  start(): void {
    this.stopped = false;
  }

  /** No analysis starts after this; the one under way ends first. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.idle.values()) clearTimeout(timer);
    this.idle.clear();
    await Promise.all(this.running);
  }

  private async analyze(projection: Projection): Promise<void> {
    if (this.stopped) return;
    this.changed.set(projection.name, 0);
    try {
      let rows = 0;
      for (const table of projection.tables) {
        await sql(this.knex, `ANALYZE ${quoteIdent(table)}`);
        const [row] = await sql<{ rows: number }>(
          this.knex,
          'SELECT GREATEST(reltuples, 0)::float8 AS rows FROM pg_class WHERE oid = to_regclass($1)',
          [table],
        );
        rows += Number(row?.rows ?? 0);
      }
      this.last.set(projection.name, { at: performance.now(), rows });
    } catch (err) {
      // Statistics are an optimisation: a failed analysis (a table being swapped by a rebuild) waits for the next bulk.
      this.logger.warn({ consumer: projection.name, err }, "could not refresh the read model's statistics");
    }
  }
}
