import { Type } from '@sinclair/typebox';
import { JOB_SORTS, type JobSort } from '../../../queries/extmarket/listJobs.ts';
import { ExtmarketCredentialRow } from '../../../projections/extmarket/extmarketCredentials.ts';
import { ExtmarketSyncLogRow } from '../../../projections/extmarket/extmarketSyncLogs.ts';
import { Nullable, NullableTimestamp, rowFields } from '../responses.ts';
import { PageQuery, SortQuery } from '../validation.ts';

/**
 * The extmarket's requests and answers, shared by the admin routes (src/http/admin/extmarket.ts)
 * and the vendor's (src/http/vendor/extmarket.ts): jobs (queries/extmarket/listJobs.ts jobRow),
 * credentials (getCredentials.ts), the connection test and the feed download
 * (src/http/extmarketShared.ts).
 */
const Text = Nullable(Type.String());

export const JobType = Type.Union(
  (['import', 'order_sync', 'historical_import', 'product_export'] as const).map((t) => Type.Literal(t)),
  { $id: 'ExtmarketJobType' },
);
export const JobStatus = Type.Union(
  ['pending', 'processing', 'completed', 'failed'].map((t) => Type.Literal(t)),
  { $id: 'ExtmarketJobStatus' },
);

/** The job lists' `sort` (queries/extmarket/listJobs.ts JOB_SORTS). */
export const JobSortQuery = SortQuery(
  Object.keys(JOB_SORTS) as JobSort[],
  'created_at, status or job_type; a leading - sorts descending; default -created_at (newest first); ties end on the job id',
);

/** The filters every job list has (the admin's cross-vendor list adds vendor_id and status). */
export const JobListQuery = { ...PageQuery, job_type: Type.Optional(JobType), sort: JobSortQuery };

/** A job of the unified list: a marketplace import (job_type import) or an extmarket sync log record. */
export const SyncJob = Type.Object(
  {
    ...rowFields(ExtmarketSyncLogRow, ['id'] as const),
    job_id: ExtmarketSyncLogRow.schema.properties.id,
    job_type: JobType,
    status: JobStatus,
    ...rowFields(ExtmarketSyncLogRow, ['vendor_id'] as const),
    vendor_code: Text,
    vendor_name: Text,
    ...rowFields(ExtmarketSyncLogRow, ['files_processed', 'files_succeeded', 'files_failed'] as const),
    record_count: Type.String({ description: 'files_succeeded/files_processed' }),
    orders_imported: Nullable(Type.Integer()),
    ...rowFields(ExtmarketSyncLogRow, ['progress_message', 'error_message'] as const),
    error_details: Nullable(
      Type.Record(Type.String(), Type.Unknown(), {
        description: "Per job type: files, errors, counts; an import job's error code as { message }",
      }),
    ),
    ...rowFields(ExtmarketSyncLogRow, ['created_by_name', 'created_at', 'started_at', 'completed_at'] as const),
  },
  { $id: 'ExtmarketJob' },
);

/**
 * What a vendor or an admin may see of the extmarket credentials: never the key, only its hint.
 * A vendor without credentials (configured false) has every column null, auto_sync_enabled false.
 */
const credential = ExtmarketCredentialRow.schema.properties;
export const ExtmarketCredentials = Type.Object(
  {
    ...rowFields(ExtmarketCredentialRow, ['vendor_id'] as const),
    configured: Type.Boolean(),
    api_key_hint: Nullable(credential.api_key_hint),
    api_endpoint: Nullable(credential.api_endpoint),
    auto_sync_enabled: credential.auto_sync_enabled,
    connection_status: Nullable(credential.connection_status),
    ...rowFields(ExtmarketCredentialRow, ['connection_error', 'connection_tested_at'] as const),
    updated_at: NullableTimestamp,
  },
  { $id: 'ExtmarketCredentials' },
);

/** The outcome of a connection test with the stored key (also recorded on the credentials). */
export const ConnectionTest = Type.Object(
  {
    success: Type.Boolean(),
    ok: Type.Boolean(),
    error: Text,
    vendor_name: Nullable(Type.String({ description: "The vendor's name at the extmarket" })),
  },
  { $id: 'ExtmarketConnectionTest' },
);

/** 202: a sync or historical import is queued; poll the job. */
export const SyncStarted = Type.Object(
  {
    job_id: Type.Integer(),
    job_type: Type.Union([Type.Literal('order_sync'), Type.Literal('historical_import')]),
    status: Type.Literal('pending'),
    message: Type.String(),
  },
  { $id: 'ExtmarketSyncStarted' },
);

/** The tab-delimited product feed download. */
export const FeedDownload = {
  description: 'The product feed, tab-separated (Google Merchant Center columns); X-Product-Count tells the products',
  contentType: 'text/tab-separated-values',
  headers: { 'X-Product-Count': 'The number of products in the feed' },
};
