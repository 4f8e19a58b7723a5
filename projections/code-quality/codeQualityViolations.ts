import { Type } from '@sinclair/typebox';
import {
  VIOLATION_EVENT_TYPES,
  type Priority,
  type Severity,
  type ViolationEvent,
  type ViolationStatus,
} from '../../commands/code-quality/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const CodeQualityViolationRow = readModel('code_quality_violations', {
  id: column.int(),
  fingerprint: column.text({ description: 'Rule, file and what breaks it: a violation found again is the same one' }),
  rule_id: column.text(),
  severity: column.oneOf(['error', 'warning', 'info'] as const satisfies readonly Severity[]),
  description: column.text(),
  message: column.text(),
  file_path: column.text(),
  line: column.nullable(column.int()),
  target: column.nullable(column.text({ description: 'The module a dependency rule saw imported' })),
  status: column.oneOf(['open', 'assigned', 'resolved', 'ignored'] as const satisfies readonly ViolationStatus[]),
  /** The last scan still found it. */
  present: column.bool(),
  assignee: column.nullable(column.text()),
  priority: column.nullable(column.oneOf(['low', 'medium', 'high', 'critical'] as const satisfies readonly Priority[])),
  /** A date column: the driver gives a Date. */
  due_date: column.nullable(column.time()),
  resolution: column.nullable(column.text({ description: 'The resolve note or the ignore reason' })),
  comments: column.json(Type.Array(Type.Object({ comment_id: Type.Integer(), text: Type.String(), by: Type.String(), at: Type.String() }))),
  first_found_scan: column.int(),
  last_found_scan: column.int(),
  fixed_by_scan: column.nullable(column.int({ description: 'The scan that no longer found it; null while present' })),
  created_at: column.time(),
  updated_at: column.time(),
});
export type CodeQualityViolationRow = RowOf<typeof CodeQualityViolationRow>;

/**
 * code_quality_violations: one row per violation ever found, with its workflow (status,
 * assignee, priority, due date, comments) and whether the last scan still found it.
 */
export const codeQualityViolations = rowProjection<JsonRow<CodeQualityViolationRow>>({
  name: 'code_quality_violations',
  eventTypes: VIOLATION_EVENT_TYPES,
  readModel: CodeQualityViolationRow,
  fold: {
    key: 'id',
    keyType: 'integer',
    keys: (e) => [(e.data as { violation_id: number }).violation_id],
    apply(rows, raw) {
      const e = domainEvent<ViolationEvent>(raw);
      const id = e.data.violation_id;
      const row = rows.get(id);
      if (e.type === 'ViolationFound') {
        const { violation_id: _id, scan_id, again: _again, at, ...finding } = e.data;
        if (!row) {
          rows.set(id, {
            id,
            ...finding,
            status: 'open',
            present: true,
            assignee: null,
            priority: null,
            due_date: null,
            resolution: null,
            comments: [],
            first_found_scan: scan_id,
            last_found_scan: scan_id,
            fixed_by_scan: null,
            created_at: at,
            updated_at: at,
          });
        } else {
          Object.assign(row, finding, { present: true, last_found_scan: scan_id, fixed_by_scan: null, updated_at: at });
        }
        return;
      }
      if (!row) return;
      row.updated_at = e.data.at;
      switch (e.type) {
        case 'ViolationFixed':
          Object.assign(row, { present: false, fixed_by_scan: e.data.scan_id });
          break;
        case 'ViolationAssigned':
          Object.assign(row, {
            status: 'assigned',
            assignee: e.data.assignee,
            priority: e.data.priority,
            due_date: e.data.due_date,
            resolution: null,
          });
          break;
        case 'ViolationResolved':
          Object.assign(row, { status: 'resolved', resolution: e.data.note });
          break;
        case 'ViolationIgnored':
          Object.assign(row, { status: 'ignored', resolution: e.data.reason });
          break;
        case 'ViolationCommented': {
          const { comment_id, text, by, at } = e.data;
          row.comments = [...row.comments, { comment_id, text, by: String(by), at }];
          break;
        }
      }
    },
  },
});
