import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { IMPORT_JOB_EVENT_TYPES, type MarketplaceImportEvent } from '../../commands/marketplace-imports/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

const Text = column.nullable(column.text());

/** An import job with its status and progress. */
export const MarketplaceImportJobRow = readModel('marketplace_import_jobs', {
  id: column.int(),
  vendor_id: column.int(),
  language: column.oneOf(['en', 'fr', 'de', 'lb']),
  marketplace: column.text(),
  source_type: column.oneOf(['url', 'upload']),
  source_url: Text,
  /** The uploaded file's name as the client gave it. */
  file_name: Text,
  delimiter: Text,
  /** The stored state: a completed job whose products the catalogue has not taken in yet still says completed. */
  status: column.oneOf(['pending', 'processing', 'completed', 'failed']),
  /** Counts take-overs by another worker. */
  attempt: column.int(),
  batches: column.int(),
  rows_processed: column.int(),
  imported_count: column.int(),
  created_count: column.int(),
  error_count: column.int(),
  bytes_read: column.exact(),
  bytes_total: column.nullable(column.exact()),
  /** Why the whole job failed (ImportFailureCode of commands/marketplace-imports/events.ts). */
  error_code: Text,
  error_message: Text,
  created_by: Text,
  created_by_name: Text,
  created_at: column.time(),
  started_at: column.nullable(column.time()),
  completed_at: column.nullable(column.time()),
  updated_at: column.time(),
  /** Feed position of the job's end: the job route waits for the catalogue to pass it. */
  final_pos_a: Text,
  final_pos_b: Text,
});
export type MarketplaceImportJobRow = RowOf<typeof MarketplaceImportJobRow>;

type Row = JsonRow<MarketplaceImportJobRow>;

/**
 * marketplace_import_jobs: one row per import job with its status and progress, what clients poll
 * (GET …/marketplace-import-jobs/{id}). It reads the slim job facts only, never the row payloads.
 * It keeps the feed position of the job's end, so the job route can wait until the catalogue and
 * the error list have passed it: a client that sees "completed" sees the products too. A row
 * projection (src/runtime/rowProjection.ts), one row per job.
 */
export const marketplaceImportJobs = rowProjection<Row>({
  name: 'marketplace_import_jobs',
  eventTypes: IMPORT_JOB_EVENT_TYPES,
  readModel: MarketplaceImportJobRow,
  fold: {
    key: 'id',
    keyType: 'integer',
    keys: (e) => [(e.data as { job_id: number }).job_id],
    apply(rows, raw) {
      const e = domainEvent<MarketplaceImportEvent>(raw);
      if (e.type === 'MarketplaceImportRequested') {
        const d = e.data;
        rows.set(d.job_id, {
          id: d.job_id,
          vendor_id: d.vendor_id,
          language: d.language,
          marketplace: d.marketplace,
          source_type: d.source.kind,
          source_url: d.source.kind === 'url' ? d.source.url : null,
          file_name: d.source.kind === 'upload' ? d.source.original_name : null,
          delimiter: d.delimiter,
          status: 'pending',
          attempt: 0,
          batches: 0,
          rows_processed: 0,
          imported_count: 0,
          created_count: 0,
          error_count: 0,
          bytes_read: '0',
          bytes_total: d.source.kind === 'upload' ? String(d.source.bytes) : null,
          error_code: null,
          error_message: null,
          created_by: String(d.requested_by),
          created_by_name: d.created_by_name,
          created_at: d.requested_at,
          started_at: null,
          completed_at: null,
          updated_at: d.requested_at,
          final_pos_a: null,
          final_pos_b: null,
        });
        return;
      }
      const row = rows.get(e.data.job_id);
      if (!row) return;
      switch (e.type) {
        case 'MarketplaceImportStarted':
          Object.assign(row, {
            status: 'processing',
            attempt: e.data.attempt,
            started_at: row.started_at ?? e.data.at,
            updated_at: e.data.at,
          } satisfies Partial<Row>);
          break;
        case 'MarketplaceImportProgressed': {
          const d = e.data;
          Object.assign(row, {
            batches: d.batch,
            rows_processed: d.rows_processed,
            imported_count: d.accepted,
            created_count: d.new_products,
            error_count: d.rejected,
            bytes_read: String(d.bytes_read),
            bytes_total: d.bytes_total == null ? row.bytes_total : String(d.bytes_total),
            updated_at: d.at,
          } satisfies Partial<Row>);
          break;
        }
        case 'MarketplaceImportCompleted': {
          const d = e.data;
          Object.assign(row, {
            status: 'completed',
            rows_processed: d.rows_processed,
            imported_count: d.accepted,
            created_count: d.new_products,
            error_count: d.rejected,
            completed_at: d.at,
            updated_at: d.at,
            final_pos_a: raw.position.a,
            final_pos_b: raw.position.b,
          } satisfies Partial<Row>);
          break;
        }
        case 'MarketplaceImportFailed':
          Object.assign(row, {
            status: 'failed',
            error_code: e.data.error_code,
            error_message: e.data.error,
            completed_at: e.data.at,
            updated_at: e.data.at,
            final_pos_a: raw.position.a,
            final_pos_b: raw.position.b,
          } satisfies Partial<Row>);
          break;
      }
    },
  },
});
