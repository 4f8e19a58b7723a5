import type { Knex } from 'knex';

/** The counts one statement reads over the jobs (bigint sums as their text). */
interface ImportStatsRead {
  total_jobs: number;
  pending: number;
  processing: number;
  completed: number;
  failed: number;
  total_imported: string;
  total_created: string;
  total_errors: string;
  last_completed_at: Date | null;
}

/** ImportStatsResponse: jobs by status and the rows they imported or rejected. */
export async function getImportStats(knex: Knex, vendorId: number | null) {
  const q = knex('marketplace_import_jobs');
  if (vendorId !== null) q.where('vendor_id', vendorId);
  const [row] = await q.select<ImportStatsRead[]>(
    knex.raw('count(*)::int AS total_jobs'),
    knex.raw("count(*) FILTER (WHERE status = 'pending')::int AS pending"),
    knex.raw("count(*) FILTER (WHERE status = 'processing')::int AS processing"),
    knex.raw("count(*) FILTER (WHERE status = 'completed')::int AS completed"),
    knex.raw("count(*) FILTER (WHERE status = 'failed')::int AS failed"),
    knex.raw('coalesce(sum(imported_count), 0)::bigint AS total_imported'),
    knex.raw('coalesce(sum(created_count), 0)::bigint AS total_created'),
    knex.raw('coalesce(sum(error_count), 0)::bigint AS total_errors'),
    knex.raw('max(completed_at) AS last_completed_at'),
  );
  const total = Number(row.total_jobs);
  return {
    total_jobs: total,
    pending: row.pending,
    processing: row.processing,
    completed: row.completed,
    failed: row.failed,
    active_jobs: row.pending + row.processing,
    success_rate: total === 0 ? null : Math.round((row.completed / total) * 10_000) / 100,
    total_imported: Number(row.total_imported),
    total_created: Number(row.total_created),
    total_updated: Number(row.total_imported) - Number(row.total_created),
    total_errors: Number(row.total_errors),
    last_completed_at: row.last_completed_at ? new Date(row.last_completed_at).toISOString() : null,
  };
}
