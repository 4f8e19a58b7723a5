import { Type } from '@sinclair/typebox';
import { IMPORT_JOB_SORTS, type ImportJobSort } from '../../../queries/marketplace-imports/listImportJobs.ts';
import { MarketplaceImportErrorRow } from '../../../projections/marketplace-imports/marketplaceImportErrors.ts';
import { MarketplaceImportJobRow } from '../../../projections/marketplace-imports/marketplaceImportJobs.ts';
import { Nullable, NullableTimestamp, rowFields } from '../responses.ts';
import { Id, Language, PageQuery, SortQuery } from '../validation.ts';

/**
 * The marketplace imports' requests and answers, shared by the admin routes
 * (src/http/admin/marketplaceImports.ts) and the vendor's (src/http/vendor/marketplaceImports.ts):
 * jobs (queries/marketplace-imports/listImportJobs.ts toImportJob, getImportJob), their rejected
 * rows (listImportErrors.ts) and the statistics (getImportStats.ts).
 */
const Text = Nullable(Type.String());

export const JOB_STATUSES = ['pending', 'processing', 'publishing', 'completed', 'failed'] as const;
export const JobStatus = Type.Union(
  JOB_STATUSES.map((s) => Type.Literal(s)),
  { $id: 'ImportJobStatus' },
);
export const ERROR_TYPES = [
  'parse_error',
  'malformed_row',
  'missing_identifier',
  'invalid_gtin',
  'missing_title',
  'invalid_price',
  'field_too_long',
  'invalid_url',
  'invalid_vat_category',
] as const;
export const ErrorType = Type.Union(
  ERROR_TYPES.map((s) => Type.Literal(s)),
  { $id: 'ImportErrorType' },
);
export const JobParams = Type.Object({ job_id: Id });

export const JobSortQuery = SortQuery(
  Object.keys(IMPORT_JOB_SORTS) as ImportJobSort[],
  '-id (default, newest first), created_at, status (the stored state: a job still publishing sorts with the completed ones) or completed_at; a leading - sorts descending',
);
export const JobErrorsQuery = Type.Object({ ...PageQuery, error_type: Type.Optional(ErrorType) });

const ErrorDetails = Type.Object({
  error_code: Text,
  error_message: Text,
  rejected_rows: Type.Integer(),
});

/** An import job as the lists show it. */
export const ImportJob = Type.Object(
  {
    id: Type.Integer(),
    job_id: Type.Integer(),
    ...rowFields(MarketplaceImportJobRow, ['vendor_id']),
    vendor_code: Text,
    vendor_name: Text,
    ...rowFields(MarketplaceImportJobRow, ['marketplace']),
    language: Language,
    ...rowFields(MarketplaceImportJobRow, ['source_type', 'source_url', 'file_name']),
    status: JobStatus,
    imported_count: Type.Integer(),
    created_count: Type.Integer(),
    updated_count: Type.Integer(),
    error_count: Type.Integer(),
    total_processed: Type.Integer(),
    progress: Type.Object({
      rows_processed: Type.Integer(),
      batches: Type.Integer(),
      bytes_read: Type.Integer(),
      bytes_total: Nullable(Type.Integer()),
      percent: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
    }),
    ...rowFields(MarketplaceImportJobRow, ['error_message']),
    error_details: Nullable(ErrorDetails),
    ...rowFields(MarketplaceImportJobRow, ['created_by', 'created_by_name', 'created_at', 'started_at', 'completed_at']),
    published_at: NullableTimestamp,
    ...rowFields(MarketplaceImportJobRow, ['updated_at']),
  },
  { $id: 'MarketplaceImportJob' },
);

/** AdminMarketplaceImportJobResponse: the job with its rejected rows counted by error type. */
export const ImportJobDetail = Type.Composite(
  [
    ImportJob,
    Type.Object({
      error_details: Nullable(
        Type.Composite([
          ErrorDetails,
          Type.Object({
            errors_by_type: Type.Record(Type.String(), Type.Integer()),
          }),
        ]),
      ),
    }),
  ],
  { $id: 'MarketplaceImportJobResponse' },
);

/** A MarketplaceImportError record (SPEC.md part 2). */
export const ImportErrorItem = Type.Object(
  {
    ...rowFields(MarketplaceImportErrorRow, ['job_id', 'row_number', 'identifier']),
    // The error type keeps its named schema (ImportErrorType) in the document.
    error_type: ErrorType,
    ...rowFields(MarketplaceImportErrorRow, ['error_message', 'row_data', 'created_at']),
  },
  { $id: 'MarketplaceImportError' },
);

/** ImportStatsResponse. */
export const ImportStats = Type.Object(
  {
    total_jobs: Type.Integer(),
    pending: Type.Integer(),
    processing: Type.Integer(),
    completed: Type.Integer(),
    failed: Type.Integer(),
    active_jobs: Type.Integer(),
    success_rate: Nullable(Type.Number({ description: 'Percent of the jobs that completed' })),
    total_imported: Type.Integer(),
    total_created: Type.Integer(),
    total_updated: Type.Integer(),
    total_errors: Type.Integer(),
    last_completed_at: NullableTimestamp,
  },
  { $id: 'ImportStatsResponse' },
);
