import type { Knex } from 'knex';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import { getImportJob } from './listImportJobs.ts';

/** MarketplaceImportError records of one job (SPEC.md part 2), in row order, filterable by error type. */
export interface ImportErrorItem {
  job_id: number;
  row_number: number;
  identifier: string | null;
  error_type: string;
  error_message: string;
  row_data: Record<string, string>;
  created_at: string;
}

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
    (r: any) => ({
      job_id: r.job_id,
      row_number: r.row_number,
      identifier: r.identifier,
      error_type: r.error_type,
      error_message: r.error_message,
      row_data: r.row_data,
      created_at: new Date(r.created_at).toISOString(),
    }),
  );
}
