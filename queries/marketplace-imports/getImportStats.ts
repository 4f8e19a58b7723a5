import type { Knex } from 'knex';

/** ImportStatsResponse: jobs by status and the rows they imported or rejected. */
export async function getImportStats(knex: Knex, vendorId: number | null) {
  const q = knex('marketplace_import_jobs');
  if (vendorId !== null) q.where('vendor_id', vendorId);
  const [row] = await q.select(
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
