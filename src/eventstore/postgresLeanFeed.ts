import { sql, sqlArrays, type Database, type Executor } from '../runtime/database.ts';
import type { FeedBatch, LeanEvent, Position, ReadFeedOptions } from './port.ts';
import { LEAN_FEED_SQL, leanFeedByTypeSql, nextPosition } from './postgresFeed.ts';

/** How long a lean reader's choice of plan for a set of types stands (the statistics change slowly). */
const PLAN_CHOICE_MS = 60_000;

/** The PostgreSQL adapter's lean feed reads (the consumers' batches), with the plan each set of types reads by. */
export class LeanFeedReader {
  /** typesAreRare's answers, per set of types. */
  private readonly planChoices = new Map<string, { rare: boolean; until: number }>();

  constructor(private readonly db: Database) {}

  /**
   * Id, type, data, version and position only, each row as an array. Types that are a small share of the
   * store are read each through its own index and merged in feed order; a large share reads the
   * feed order itself (merging many dense types cost more than skipping the few others).
   */
  async read(after: Position, options: ReadFeedOptions): Promise<FeedBatch<LeanEvent>> {
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
}
