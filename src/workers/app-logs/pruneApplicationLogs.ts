import type { Services } from '../../runtime/services.ts';
import { sql } from '../../runtime/database.ts';

/**
 * The log store's bounds (docs/platform-operations.md "Application logs"): lines older than
 * LOG_RETENTION_DAYS go, then the oldest beyond LOG_RETENTION_MAX_ROWS (ids grow with every
 * insert, so the newest rows are those above max(id) − the bound). Returns what it removed.
 */
export async function pruneApplicationLogs(services: Services): Promise<{ by_age: number; by_size: number }> {
  const { retentionDays, maxRows } = services.config.logStore;
  const cutoff = new Date(services.clock.now().getTime() - retentionDays * 86_400_000);
  const [byAge] = await sql(
    services.db.knex,
    'WITH gone AS (DELETE FROM application_logs WHERE at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone',
    [cutoff],
  );
  const [bySize] = await sql(
    services.db.knex,
    `WITH gone AS (DELETE FROM application_logs
    WHERE id <= (SELECT max(id) FROM application_logs) - $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [maxRows],
  );
  return { by_age: Number(byAge.n), by_size: Number(bySize.n) };
}
