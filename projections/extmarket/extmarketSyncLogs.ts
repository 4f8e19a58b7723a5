import { Type } from '@sinclair/typebox';
import { EXTMARKET_SYNC_EVENT_TYPES, SYNC_JOB_TYPES, type ExtmarketSyncEvent, type SyncCounters } from '../../commands/extmarket/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const ExtmarketSyncLogRow = readModel('extmarket_sync_logs', {
  id: column.int(),
  vendor_id: column.int(),
  job_type: column.oneOf(SYNC_JOB_TYPES),
  status: column.oneOf(['pending', 'processing', 'completed', 'failed']),
  files_processed: column.int(),
  files_succeeded: column.int(),
  files_failed: column.int(),
  orders_imported: column.int(),
  orders_skipped: column.int(),
  progress_message: column.nullable(column.text()),
  error_message: column.nullable(column.text()),
  /** Per job type: a sync's per-record errors (the last 100), an export's files and product count. */
  error_details: column.json(
    Type.Intersect([Type.Object({ errors: Type.Optional(Type.Array(Type.String())) }), Type.Record(Type.String(), Type.Unknown())]),
  ),
  attempt: column.int(),
  /** The user id (as text) of who asked for the job; null for the scheduler. */
  created_by: column.nullable(column.text()),
  created_by_name: column.nullable(column.text()),
  created_at: column.time(),
  started_at: column.nullable(column.time()),
  completed_at: column.nullable(column.time()),
  updated_at: column.time(),
});
export type ExtmarketSyncLogRow = RowOf<typeof ExtmarketSyncLogRow>;

const counters = (c: SyncCounters) => ({
  files_processed: c.files_processed,
  files_succeeded: c.files_succeeded,
  files_failed: c.files_failed,
  orders_imported: c.orders_imported,
  orders_skipped: c.orders_skipped,
});

/**
 * extmarket_sync_logs: the sync log (SPEC.md part 2), one row per job, polled by clients. A row
 * projection (src/runtime/rowProjection.ts): the job's counters and errors are folded per job.
 */
export const extmarketSyncLogs = rowProjection<JsonRow<ExtmarketSyncLogRow>>({
  name: 'extmarket_sync_logs',
  eventTypes: EXTMARKET_SYNC_EVENT_TYPES,
  readModel: ExtmarketSyncLogRow,
  fold: {
    key: 'id',
    keyType: 'integer',
    keys: (e) => [(e.data as { job_id: number }).job_id],
    apply(rows, raw) {
      const e = domainEvent<ExtmarketSyncEvent>(raw);
      if (e.type === 'ExtmarketSyncRequested') {
        const d = e.data;
        rows.set(d.job_id, {
          id: d.job_id,
          vendor_id: d.vendor_id,
          job_type: d.job_type,
          status: 'pending',
          files_processed: 0,
          files_succeeded: 0,
          files_failed: 0,
          orders_imported: 0,
          orders_skipped: 0,
          progress_message: 'Waiting for a worker',
          error_message: null,
          error_details: {},
          attempt: 0,
          created_by: d.requested_by === null ? null : String(d.requested_by),
          created_by_name: d.created_by_name,
          created_at: d.at,
          started_at: null,
          completed_at: null,
          updated_at: d.at,
        });
        return;
      }
      const row = rows.get(e.data.job_id);
      if (!row) return;
      row.updated_at = e.data.at;
      switch (e.type) {
        case 'ExtmarketSyncStarted':
          Object.assign(row, { status: 'processing', attempt: e.data.attempt, started_at: e.data.at, progress_message: 'Started' });
          break;
        case 'ExtmarketSyncProgressed':
          Object.assign(row, counters(e.data), { progress_message: e.data.progress_message });
          if (e.data.errors.length)
            row.error_details = { ...row.error_details, errors: [...(row.error_details.errors ?? []), ...e.data.errors].slice(-100) };
          break;
        case 'ExtmarketSyncCompleted':
          Object.assign(row, counters(e.data), { status: 'completed', completed_at: e.data.at, progress_message: 'Completed' });
          row.error_details = { ...row.error_details, ...e.data.error_details };
          break;
        case 'ExtmarketSyncFailed':
          Object.assign(row, counters(e.data), {
            status: 'failed',
            completed_at: e.data.at,
            error_message: e.data.error,
            progress_message: 'Failed',
          });
          break;
      }
    },
  },
});
