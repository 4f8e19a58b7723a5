import type { Knex } from 'knex';

/** Import jobs waiting for a worker and being worked on (platform health). */
export async function countActiveImportJobs(knex: Knex): Promise<{ queued: number; running: number }> {
  const [row] = await knex('marketplace_import_jobs')
    .whereIn('status', ['pending', 'processing'])
    .select<{ queued: number; running: number }[]>(
      knex.raw("count(*) FILTER (WHERE status = 'pending')::int AS queued"),
      knex.raw("count(*) FILTER (WHERE status = 'processing')::int AS running"),
    );
  return { queued: Number(row.queued), running: Number(row.running) };
}
