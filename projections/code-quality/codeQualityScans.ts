import { Type } from '@sinclair/typebox';
import { SCAN_EVENT_TYPES, type CodeQualityScanEvent } from '../../commands/code-quality/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const CodeQualityScanRow = readModel('code_quality_scans', {
  id: column.int(),
  status: column.oneOf(['pending', 'running', 'completed', 'failed', 'cancelled']),
  requested_by: column.nullable(column.text()),
  progress_message: column.nullable(column.text({ description: 'What the scan is doing now; moves while it runs' })),
  error_message: column.nullable(column.text()),
  /** The outcome, once completed. */
  files: column.nullable(column.int()),
  found: column.nullable(column.int()),
  new_violations: column.nullable(column.int()),
  fixed: column.nullable(column.int()),
  new_errors: column.nullable(column.int()),
  by_severity: column.nullable(column.json(Type.Object({ error: Type.Integer(), warning: Type.Integer(), info: Type.Integer() }))),
  created_at: column.time(),
  started_at: column.nullable(column.time()),
  completed_at: column.nullable(column.time()),
  updated_at: column.time(),
});
export type CodeQualityScanRow = RowOf<typeof CodeQualityScanRow>;

/** code_quality_scans: one row per scan, its status, progress message and outcome (GET /code-quality/scans). */
export const codeQualityScans = rowProjection<JsonRow<CodeQualityScanRow>>({
  name: 'code_quality_scans',
  eventTypes: SCAN_EVENT_TYPES,
  readModel: CodeQualityScanRow,
  fold: {
    key: 'id',
    keyType: 'integer',
    keys: (e) => [(e.data as { scan_id: number }).scan_id],
    apply(rows, raw) {
      const e = domainEvent<CodeQualityScanEvent>(raw);
      const id = e.data.scan_id;
      if (e.type === 'CodeQualityScanRequested') {
        rows.set(id, {
          id,
          status: 'pending',
          requested_by: String(e.data.requested_by),
          progress_message: 'Waiting for a worker',
          error_message: null,
          files: null,
          found: null,
          new_violations: null,
          fixed: null,
          new_errors: null,
          by_severity: null,
          created_at: e.data.at,
          started_at: null,
          completed_at: null,
          updated_at: e.data.at,
        });
        return;
      }
      const row = rows.get(id);
      if (!row) return;
      row.updated_at = e.data.at;
      switch (e.type) {
        case 'CodeQualityScanStarted':
          Object.assign(row, { status: 'running', started_at: e.data.at, progress_message: 'Started' });
          break;
        case 'CodeQualityScanProgressed':
          row.progress_message = e.data.message;
          break;
        case 'CodeQualityScanCompleted': {
          const { scan_id: _id, at, ...outcome } = e.data;
          Object.assign(row, outcome, { status: 'completed', completed_at: at, progress_message: 'Completed' });
          break;
        }
        case 'CodeQualityScanFailed':
          Object.assign(row, { status: 'failed', completed_at: e.data.at, error_message: e.data.error, progress_message: 'Failed' });
          break;
        case 'CodeQualityScanCancelled':
          Object.assign(row, { status: 'cancelled', completed_at: e.data.at, progress_message: 'Cancelled' });
          break;
      }
    },
  },
});
