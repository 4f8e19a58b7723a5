import type { Knex } from 'knex';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import type { MarketplaceImportErrorRow } from '../../projections/marketplace-imports/marketplaceImportErrors.ts';
import type { JsonRow } from '../../src/core/readModel.ts';
import { getImportJob } from './listImportJobs.ts';

/** MarketplaceImportError records of one job (SPEC.md part 2), in row order, filterable by error type. */
export type ImportErrorItem = Omit<JsonRow<MarketplaceImportErrorRow>, 'vendor_id'>;

export async function listImportErrors(
  knex: Knex,
  jobId: number,
  vendorId: number | null,
  filter: { error_type?: string },
  page: PageRequest,
): Promise<Page<ImportErrorItem>> {
  await getImportJob(knex, jobId, vendorId);
  const q = knex('marketplace_import_errors').where('job_id', jobId);
  if (filter.error_type) q.where('error_type', filter.error_type);
  return paginate(
    q,
    page,
    (qb) => qb.orderBy('row_number'),
    (r: MarketplaceImportErrorRow): ImportErrorItem => ({
      job_id: r.job_id,
      row_number: r.row_number,
      identifier: r.identifier,
      error_type: r.error_type,
      error_message: r.error_message,
      row_data: r.row_data,
      created_at: r.created_at.toISOString(),
    }),
  );
}
