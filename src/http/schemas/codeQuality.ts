import { Type } from '@sinclair/typebox';
import { Nullable, NullableTimestamp, Timestamp } from '../responses.ts';

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

export const CodeQualityScan = Type.Object(
  {
    id: Type.Integer(),
    status: ScanStatus,
    requested_by: Nullable(Type.String()),
    progress_message: Nullable(Type.String({ description: 'What the scan is doing now; moves while it runs' })),
    error_message: Nullable(Type.String()),
    files: Nullable(Type.Integer()),
    found: Nullable(Type.Integer()),
    new_violations: Nullable(Type.Integer()),
    fixed: Nullable(Type.Integer()),
    new_errors: Nullable(Type.Integer()),
    by_severity: Nullable(BySeverity),
    created_at: Timestamp,
    started_at: NullableTimestamp,
    completed_at: NullableTimestamp,
  },
  { $id: 'CodeQualityScan' },
);

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

export const Violation = Type.Object(
  {
    id: Type.Integer(),
    rule_id: Type.String(),
    severity: Severity,
    description: Type.String(),
    message: Type.String(),
    file_path: Type.String(),
    line: Nullable(Type.Integer()),
    target: Nullable(Type.String({ description: 'The module a dependency rule saw imported' })),
    fingerprint: Type.String({ description: 'Rule, file and what breaks it: a violation found again is the same one' }),
    status: ViolationStatus,
    present: Type.Boolean({ description: 'The last scan still found it; false once a scan found it fixed' }),
    assignee: Nullable(Type.String()),
    priority: Nullable(Priority),
    due_date: Nullable(Type.String({ format: 'date' })),
    overdue: Type.Boolean({ description: 'Assigned and past its due date' }),
    resolution: Nullable(Type.String({ description: 'The resolve note or the ignore reason' })),
    comments: Type.Array(Comment),
    first_found_scan: Type.Integer(),
    fixed_by_scan: Nullable(Type.Integer({ description: 'The scan that no longer found it; null while present' })),
    created_at: Timestamp,
    updated_at: Timestamp,
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
