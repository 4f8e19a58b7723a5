import type { Knex } from 'knex';
import type { ExtmarketSyncLogRow } from '../../projections/extmarket/extmarketSyncLogs.ts';

/** Extmarket jobs (order syncs, historical imports, product exports) waiting and running, by type (platform health). */
export async function countActiveSyncJobs(knex: Knex): Promise<{ kind: string; queued: number; running: number }[]> {
  const rows = await knex('extmarket_sync_logs')
    .whereIn('status', ['pending', 'processing'])
    .groupBy('job_type')
    .select<(Pick<ExtmarketSyncLogRow, 'job_type'> & { queued: number; running: number })[]>(
      'job_type',
      knex.raw("count(*) FILTER (WHERE status = 'pending')::int AS queued"),
      knex.raw("count(*) FILTER (WHERE status = 'processing')::int AS running"),
    );
  return rows.map((r) => ({ kind: `extmarket_${r.job_type}`, queued: Number(r.queued), running: Number(r.running) }));
}
