import { getImportJob } from '../../queries/marketplace-imports/listImportJobs.ts';
import type { Services } from '../runtime/services.ts';
import type { MarketplaceImportJobRow } from '../../projections/marketplace-imports/marketplaceImportJobs.ts';

/**
 * The job a polling client reads. Once the job has ended, the answer waits (bounded, like a
 * command's read-your-writes) until the catalogue and the error list have passed the job's last
 * event, then reads the job again: "completed" means the products and every import error are
 * readable; a very large import may still read "publishing" for a while.
 */
export async function getSettledImportJob(services: Services, id: number, vendorId: number | null) {
  const job = await getImportJob(services.db.knex, id, vendorId);
  if (job.status !== 'completed' && job.status !== 'failed' && job.status !== 'publishing') return job;
  const end = await services.db
    .knex<MarketplaceImportJobRow>('marketplace_import_jobs')
    .select('final_pos_a', 'final_pos_b')
    .where('id', id)
    .first();
  if (!end?.final_pos_a || !end.final_pos_b) return job;
  await services.runner.waitFor(
    { a: end.final_pos_a, b: end.final_pos_b },
    ['MarketplaceImportCompleted', 'MarketplaceImportFailed', 'MarketplaceImportRowsRejected'],
    services.config.projectionWaitMs,
  );
  return getImportJob(services.db.knex, id, vendorId);
}
