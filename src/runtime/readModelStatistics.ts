import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Projection } from './consumer.ts';
import { quoteIdent, sql } from './database.ts';

/**
 * The planner's statistics of the read models, refreshed by the projections that write them.
 * Lists past their exact-count cap answer PostgreSQL's estimate of the matching rows, and an
 * estimate is only as good as the last ANALYZE: a shop of 5,000 freshly imported products
 * answered 101 until one ran. Embedded PGlite has no autovacuum at all, and a server's comes
 * a minute or more later. So once a projection has caught up after applying a bulk of events
 * (a catalogue import, a restore, a start on a database that was behind), it analyzes its
 * tables before the waiting readers hear that it has passed their position: the first list read
 * after the import already counts right. Rebuilds analyze their tables themselves (rebuild.ts).
 */
const MIN_EVENTS = 100;
/** Share of a projection's rows that must have changed, unless the last analysis is this old. */
const SHARE = 0.1;
const AGE_MS = 60_000;

export class ReadModelStatistics {
  private readonly changed = new Map<string, number>();
  private readonly last = new Map<string, { at: number; rows: number }>();

  constructor(private readonly knex: Knex, private readonly logger: Logger) {}

  /** After a committed batch of `count` events; `caughtUp` when the batch reached the feed's end. */
  async applied(projection: Projection, count: number, caughtUp: boolean): Promise<void> {
    if (count === 0 || projection.tables.length === 0) return;
    const changed = (this.changed.get(projection.name) ?? 0) + count;
    this.changed.set(projection.name, changed);
    if (!caughtUp || changed < MIN_EVENTS) return;
    const last = this.last.get(projection.name);
    if (last && changed < SHARE * last.rows && performance.now() - last.at < AGE_MS) return;
    this.changed.set(projection.name, 0);
    try {
      let rows = 0;
      for (const table of projection.tables) {
        await sql(this.knex, `ANALYZE ${quoteIdent(table)}`);
        const [row] = await sql<{ rows: number }>(this.knex, 'SELECT GREATEST(reltuples, 0)::float8 AS rows FROM pg_class WHERE oid = to_regclass($1)', [table]);
        rows += Number(row?.rows ?? 0);
      }
      this.last.set(projection.name, { at: performance.now(), rows });
    } catch (err) {
      // Statistics are an optimisation: a failed analysis (a table being swapped by a rebuild) waits for the next bulk.
      this.logger.warn({ consumer: projection.name, err }, 'could not refresh the read model\'s statistics');
    }
  }
}
