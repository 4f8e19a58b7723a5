import { Type } from '@sinclair/typebox';
import { CodeQualityScanRow } from '../../../projections/code-quality/codeQualityScans.ts';
import { CodeQualityViolationRow } from '../../../projections/code-quality/codeQualityViolations.ts';
import { Nullable, NullableTimestamp, Timestamp, rowFields } from '../responses.ts';

export const Severity = Type.Union([Type.Literal('error'), Type.Literal('warning'), Type.Literal('info')], { $id: 'ViolationSeverity' });
export const ViolationStatus = Type.Union(
  [Type.Literal('open'), Type.Literal('assigned'), Type.Literal('resolved'), Type.Literal('ignored')],
  { $id: 'ViolationStatus' },
);
export const Priority = Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high'), Type.Literal('critical')], {
  $id: 'ViolationPriority',
});
export const ScanStatus = Type.Union(
  [Type.Literal('pending'), Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed'), Type.Literal('cancelled')],
  { $id: 'CodeQualityScanStatus' },
);
const BySeverity = Type.Object({ error: Type.Integer(), warning: Type.Integer(), info: Type.Integer() });

export const CodeQualityRule = Type.Object(
  {
    id: Type.String(),
    severity: Severity,
    description: Type.String(),
    check: Type.Union([Type.Literal('dependency'), Type.Literal('orphan'), Type.Literal('size'), Type.Literal('pattern')], {
      description: 'How the scan checks it',
    }),
  },
  { $id: 'CodeQualityRule' },
);
export const CodeQualityRules = Type.Object({ items: Type.Array(CodeQualityRule) }, { $id: 'CodeQualityRuleList' });

/** The fields a scan shows as its table holds them. */
const scanColumns = rowFields(CodeQualityScanRow, [
  'id',
  'requested_by',
  'progress_message',
  'error_message',
  'files',
  'found',
  'new_violations',
  'fixed',
  'new_errors',
  'by_severity',
  'created_at',
  'started_at',
  'completed_at',
]);

export const CodeQualityScan = Type.Object({ ...scanColumns, status: ScanStatus }, { $id: 'CodeQualityScan' });

export const ScanStarted = Type.Object(
  {
    job_ids: Type.Array(Type.Integer(), {
      description:
        "The scan's id (a scan already waiting or running is joined, not doubled); poll GET /code-quality/scans/{id} every 3 seconds",
    }),
    joined: Type.Boolean({ description: 'True when the scan was already waiting or running: this request started nothing' }),
    scan: CodeQualityScan,
  },
  { $id: 'CodeQualityScanStarted' },
);

const Comment = Type.Object(
  { comment_id: Type.Integer(), text: Type.String(), by: Type.String(), at: Timestamp },
  { $id: 'ViolationComment' },
);

/** The fields a violation shows as its table holds them. */
const violationColumns = rowFields(CodeQualityViolationRow, [
  'id',
  'rule_id',
  'description',
  'message',
  'file_path',
  'line',
  'target',
  'fingerprint',
  'assignee',
  'resolution',
  'first_found_scan',
  'fixed_by_scan',
  'created_at',
  'updated_at',
]);

export const Violation = Type.Object(
  {
    ...violationColumns,
    severity: Severity,
    status: ViolationStatus,
    present: Type.Boolean({ description: 'The last scan still found it; false once a scan found it fixed' }),
    priority: Nullable(Priority),
    due_date: Nullable(Type.String({ format: 'date' })),
    overdue: Type.Boolean({ description: 'Assigned and past its due date' }),
    comments: Type.Array(Comment),
  },
  { $id: 'Violation' },
);

export const DashboardStatsResponse = Type.Object(
  {
    total: Type.Integer({ description: 'Violations the last scan found' }),
    by_severity: BySeverity,
    by_status: Type.Object({ open: Type.Integer(), assigned: Type.Integer(), resolved: Type.Integer(), ignored: Type.Integer() }),
    overdue: Type.Integer(),
    fixed: Type.Integer({ description: 'Violations a scan found fixed' }),
    last_scan: Nullable(Type.Object({ id: Type.Integer(), status: ScanStatus, completed_at: NullableTimestamp })),
    trend: Type.Array(
      Type.Object({
        scan_id: Type.Integer(),
        completed_at: Timestamp,
        found: Type.Integer(),
        new_violations: Type.Integer(),
        fixed: Type.Integer(),
        by_severity: Nullable(BySeverity),
      }),
      { description: 'The last completed scans, oldest first' },
    ),
  },
  { $id: 'DashboardStatsResponse' },
);

const Text = (max: number, description?: string) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S', description });

export const AssignViolationRequest = Type.Object(
  {
    assignee: Text(200, 'Who fixes it'),
    priority: Type.Optional(Priority),
    due_date: Type.Optional(Nullable(Type.String({ format: 'date' }))),
  },
  { $id: 'AssignViolationRequest', additionalProperties: false },
);
export const ResolveViolationRequest = Type.Object(
  { note: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))) },
  { $id: 'ResolveViolationRequest', additionalProperties: false },
);
export const IgnoreViolationRequest = Type.Object(
  { reason: Text(2000, 'Why it may stay') },
  { $id: 'IgnoreViolationRequest', additionalProperties: false },
);
export const CommentOnViolationRequest = Type.Object(
  { text: Text(4000) },
  { $id: 'CommentOnViolationRequest', additionalProperties: false },
);
