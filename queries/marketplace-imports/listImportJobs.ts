import type { Knex } from 'knex';
import { MarketplaceImportJobNotFoundException } from '../../commands/marketplace-imports/errors.ts';
import { paginate, sortOrders, type Page, type PageRequest } from '../../src/core/pagination.ts';
import { escapeLike } from '../../src/core/likePattern.ts';
import type { MarketplaceImportJobRow } from '../../projections/marketplace-imports/marketplaceImportJobs.ts';
import type { MarketplaceImportPublicationRow } from '../../src/modules/catalogue.ts';

/**
 * Import jobs (SPEC.md 4.1 marketplace-import-jobs): each item has id and job_id, vendor_code and
 * vendor_name (from the tenant directory), error_details and created_by_name. A vendor sees only
 * its own jobs: every query takes the vendor scope, and a job of another vendor is "not found".
 */
export interface ImportJobFilter {
  vendor_id?: number;
  status?: string;
  marketplace?: string;
}

/** A job as the lists read it: its row, its vendor's code and name, and when the catalogue took its products in. */
type ImportJobRead = MarketplaceImportJobRow & {
  vendor_code: string | null;
  vendor_name: string | null;
  /** Left joined: null until the catalogue has taken the import in. */
  published_at: MarketplaceImportPublicationRow['published_at'] | null;
};

export function toImportJob(r: ImportJobRead) {
  const imported = Number(r.imported_count);
  const errors = Number(r.error_count);
  const created = Number(r.created_count);
  const bytesTotal = r.bytes_total === null ? null : Number(r.bytes_total);
  const bytesRead = Number(r.bytes_read);
  const percent =
    r.status === 'completed' && r.published_at ? 100 : bytesTotal ? Math.min(99, Math.floor((bytesRead * 100) / bytesTotal)) : null;
  return {
    id: r.id,
    job_id: r.id,
    vendor_id: r.vendor_id,
    vendor_code: r.vendor_code,
    vendor_name: r.vendor_name,
    marketplace: r.marketplace,
    language: r.language,
    source_type: r.source_type,
    source_url: r.source_url,
    file_name: r.file_name,
    // The job completed, but the catalogue has not taken its products in yet.
    status: r.status === 'completed' && !r.published_at ? ('publishing' as const) : r.status,
    imported_count: imported,
    created_count: created,
    updated_count: imported - created,
    error_count: errors,
    total_processed: imported + errors,
    progress: { rows_processed: imported + errors, batches: r.batches, bytes_read: bytesRead, bytes_total: bytesTotal, percent },
    error_message: r.error_message,
    error_details: r.error_code || errors > 0 ? { error_code: r.error_code, error_message: r.error_message, rejected_rows: errors } : null,
    created_by: r.created_by,
    created_by_name: r.created_by_name,
    created_at: r.created_at.toISOString(),
    started_at: r.started_at?.toISOString() ?? null,
    completed_at: r.completed_at?.toISOString() ?? null,
    published_at: r.published_at?.toISOString() ?? null,
    updated_at: r.updated_at.toISOString(),
  };
}
export type ImportJobItem = ReturnType<typeof toImportJob>;

function jobs(knex: Knex) {
  return knex('marketplace_import_jobs as j')
    .leftJoin('vendor_list as v', 'v.id', 'j.vendor_id')
    .leftJoin('marketplace_import_publications as pub', 'pub.job_id', 'j.id')
    .select('j.*', 'v.vendor_code', 'v.name as vendor_name', 'pub.published_at');
}

/**
 * The orders of the job lists (`sort`; default `-id`, newest first). Each ends on the job id, so
 * pages never repeat or skip a job; `status` is the stored state (a job still publishing sorts
 * with the completed ones). Indexed per vendor (vendor_id, <key>, id) and across vendors
 * (<key>, id) by migrations/20261125020002_marketplace_import_job_sort_indexes.ts.
 */
export const IMPORT_JOB_SORTS = sortOrders({ id: 'j.id', created_at: 'j.created_at', status: 'j.status', completed_at: 'j.completed_at' }, [
  'j.id',
]);
export type ImportJobSort = keyof typeof IMPORT_JOB_SORTS;

export function listImportJobs(
  knex: Knex,
  filter: ImportJobFilter,
  page: PageRequest,
  sort: ImportJobSort = '-id',
): Promise<Page<ImportJobItem>> {
  const q = jobs(knex);
  if (filter.vendor_id !== undefined) q.where('j.vendor_id', filter.vendor_id);
  if (filter.status === 'publishing') q.where('j.status', 'completed').whereNull('pub.published_at');
  else if (filter.status === 'completed') q.where('j.status', 'completed').whereNotNull('pub.published_at');
  else if (filter.status) q.where('j.status', filter.status);
  if (filter.marketplace) q.whereILike('j.marketplace', escapeLike(filter.marketplace));
  return paginate(q, page, (qb) => qb.orderByRaw(IMPORT_JOB_SORTS[sort]), toImportJob);
}

/** AdminMarketplaceImportJobResponse: the job with its rejected rows counted by error type. */
export async function getImportJob(knex: Knex, id: number, vendorId: number | null) {
  const q = jobs(knex).where('j.id', id);
  if (vendorId !== null) q.where('j.vendor_id', vendorId);
  const row = await q.first<ImportJobRead | undefined>();
  if (!row) throw new MarketplaceImportJobNotFoundException(`Import job ${id} not found`);
  const counts: { error_type: string; n: number | string }[] = await knex('marketplace_import_errors')
    .where('job_id', id)
    .groupBy('error_type')
    .select('error_type')
    .count({ n: '*' });
  const job = toImportJob(row);
  const byType = Object.fromEntries(counts.map((c) => [c.error_type, Number(c.n)]));
  return { ...job, error_details: job.error_details ? { ...job.error_details, errors_by_type: byType } : null };
}
