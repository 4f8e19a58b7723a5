import type { Knex } from 'knex';
import { ExtmarketSyncJobNotFoundException } from '../../commands/extmarket/errors.ts';
import { paginate, sortOrders, type Page, type PageRequest } from '../../src/core/pagination.ts';
import { iso } from '../../src/core/dates.ts';
import type { ExtmarketSyncLogRow } from '../../projections/extmarket/extmarketSyncLogs.ts';

/**
 * Jobs in one list (SPEC.md 4.1 GET /vendors/{vendor_id}/jobs and /extmarket/jobs): marketplace
 * imports, product exports, historical imports and order syncs. For an export the record count
 * is files succeeded over files processed (SPEC.md part 2 "Extmarket sync log").
 */
export type JobType = 'import' | 'order_sync' | 'historical_import' | 'product_export';

/**
 * A job as the lists read it: a sync log row, or a marketplace import job in the same columns
 * (its counts as files, its error code as error_details), with its vendor's code and name.
 */
type JobRead = Pick<
  ExtmarketSyncLogRow,
  | 'id'
  | 'vendor_id'
  | 'files_processed'
  | 'files_succeeded'
  | 'files_failed'
  | 'progress_message'
  | 'error_message'
  | 'created_by_name'
  | 'created_at'
  | 'started_at'
  | 'completed_at'
> & {
  job_type: JobType;
  status: string;
  /** Null for an import job. */
  orders_imported: number | null;
  /** The sync log's jsonb (one job), or text: the list reads it as text, an import job's error code is text. */
  error_details: ExtmarketSyncLogRow['error_details'] | string | null;
  vendor_code: string | null;
  vendor_name: string | null;
};

export function jobRow(r: JobRead) {
  const details = typeof r.error_details === 'string' ? safeJson(r.error_details) : r.error_details;
  return {
    id: r.id,
    job_id: r.id,
    job_type: r.job_type,
    status: r.status,
    vendor_id: r.vendor_id,
    vendor_code: r.vendor_code,
    vendor_name: r.vendor_name,
    files_processed: Number(r.files_processed),
    files_succeeded: Number(r.files_succeeded),
    files_failed: Number(r.files_failed),
    record_count: `${Number(r.files_succeeded)}/${Number(r.files_processed)}`,
    orders_imported: r.orders_imported === null ? null : Number(r.orders_imported),
    progress_message: r.progress_message,
    error_message: r.error_message,
    error_details: details ?? null,
    created_by_name: r.created_by_name,
    created_at: r.created_at.toISOString(),
    started_at: iso(r.started_at),
    completed_at: iso(r.completed_at),
  };
}

/** The details as an object: an import job's error code (plain text, or JSON that is not an object) becomes { message }. */
function safeJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    /* plain text */
  }
  return { message: text };
}

function unified(knex: Knex) {
  const syncs = knex('extmarket_sync_logs').select(
    'id',
    'vendor_id',
    'job_type',
    'status',
    'files_processed',
    'files_succeeded',
    'files_failed',
    'orders_imported',
    'progress_message',
    'error_message',
    knex.raw('error_details::text AS error_details'),
    'created_by_name',
    'created_at',
    'started_at',
    'completed_at',
  );
  const imports = knex('marketplace_import_jobs').select(
    'id',
    'vendor_id',
    knex.raw("'import' AS job_type"),
    'status',
    knex.raw('rows_processed AS files_processed'),
    knex.raw('imported_count AS files_succeeded'),
    knex.raw('error_count AS files_failed'),
    knex.raw('NULL::integer AS orders_imported'),
    knex.raw('NULL::text AS progress_message'),
    knex.raw('error_message'),
    knex.raw('error_code AS error_details'),
    'created_by_name',
    'created_at',
    'started_at',
    'completed_at',
  );
  return knex
    .select('j.*', 'v.vendor_code', 'v.name as vendor_name')
    .from(knex.raw('(? UNION ALL ?) AS j', [syncs, imports]))
    .leftJoin('vendor_list as v', 'v.id', 'j.vendor_id');
}

export interface JobFilter {
  vendor_id?: number;
  job_type?: JobType;
  status?: string;
}

/**
 * The orders of the job lists (`sort`; default `-created_at`, newest first). Both tables number
 * their jobs apart, and an import job is the only one of type `import`, so (id, job_type) is
 * unique: every order ends on it, so pages never repeat or skip a job. The sync log is indexed per
 * vendor (vendor_id, <key>, id) and across vendors (<key>, id) by
 * migrations/20261125030001_order_sort_indexes.ts, the import jobs by their own area's migration.
 */
export const JOB_SORTS = sortOrders({ created_at: 'j.created_at', status: 'j.status', job_type: 'j.job_type' }, ['j.id', 'j.job_type']);
export type JobSort = keyof typeof JOB_SORTS;

export function listJobs(
  knex: Knex,
  filter: JobFilter,
  page: PageRequest,
  sort: JobSort = '-created_at',
): Promise<Page<ReturnType<typeof jobRow>>> {
  const base = unified(knex);
  if (filter.vendor_id !== undefined) base.where('j.vendor_id', filter.vendor_id);
  if (filter.job_type) base.where('j.job_type', filter.job_type);
  if (filter.status) base.where('j.status', filter.status);
  return paginate(base, page, (q: Knex.QueryBuilder) => q.orderByRaw(JOB_SORTS[sort]), jobRow);
}

/** One extmarket sync log record; `vendorId` scopes the vendor area. */
export async function getSyncJob(knex: Knex, jobId: number, vendorId?: number) {
  const q = knex('extmarket_sync_logs as j')
    .leftJoin('vendor_list as v', 'v.id', 'j.vendor_id')
    .select('j.*', 'v.vendor_code', 'v.name as vendor_name')
    .where('j.id', jobId);
  if (vendorId !== undefined) q.where('j.vendor_id', vendorId);
  const row = await q.first<JobRead | undefined>();
  if (!row) throw new ExtmarketSyncJobNotFoundException(`Job ${jobId} not found`);
  return jobRow(row);
}
