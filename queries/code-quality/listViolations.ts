import type { Knex } from 'knex';
import { containing } from '../../src/core/likePattern.ts';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import type { CodeQualityViolationRow } from '../../projections/code-quality/codeQualityViolations.ts';

export interface ViolationFilter {
  severity?: string;
  status?: string;
  rule_id?: string;
  /** Part of the file path. */
  file_path?: string;
  /** true: only those the last scan still found; false: only fixed ones. */
  present?: boolean;
  overdue?: boolean;
}

const dateOf = (v: unknown): string | null =>
  v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

/** A violation as the API shows it; `overdue`: assigned and past its due date on `today`. */
export function violationOut(row: CodeQualityViolationRow, today: string) {
  const due = dateOf(row.due_date);
  return {
    id: row.id,
    rule_id: row.rule_id,
    severity: row.severity,
    description: row.description,
    message: row.message,
    file_path: row.file_path,
    line: row.line,
    target: row.target,
    fingerprint: row.fingerprint,
    status: row.status,
    present: row.present,
    assignee: row.assignee,
    priority: row.priority,
    due_date: due,
    overdue: row.status === 'assigned' && due !== null && due < today,
    resolution: row.resolution,
    comments: row.comments.map((c) => ({ ...c, by: String(c.by) })),
    first_found_scan: row.first_found_scan,
    fixed_by_scan: row.fixed_by_scan,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export type ViolationOut = ReturnType<typeof violationOut>;

const SEVERITY_RANK = `CASE severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END`;

/** Violations, worst first (severity, then newest), filtered; `today` decides which are overdue. */
export async function listViolations(
  knex: Knex,
  filter: ViolationFilter,
  request: PageRequest,
  today: string,
): Promise<Page<ViolationOut>> {
  const q = knex<CodeQualityViolationRow>('code_quality_violations');
  if (filter.severity) q.where('severity', filter.severity);
  if (filter.status) q.where('status', filter.status);
  if (filter.rule_id) q.where('rule_id', filter.rule_id);
  if (filter.file_path) q.whereILike('file_path', containing(filter.file_path));
  if (filter.present !== undefined) q.where('present', filter.present);
  if (filter.overdue !== undefined) {
    const overdue = (b: Knex.QueryBuilder) => b.where('status', 'assigned').whereNotNull('due_date').where('due_date', '<', today);
    if (filter.overdue) q.where(overdue);
    else q.whereNot(overdue);
  }
  return paginate(
    q.select('*'),
    request,
    (b) => b.orderByRaw(`${SEVERITY_RANK}, id DESC`),
    (r: CodeQualityViolationRow) => violationOut(r, today),
  );
}

/** The violation, or null when no scan ever found one with this id. */
export async function getViolation(knex: Knex, id: number, today: string): Promise<ViolationOut | null> {
  const row = await knex<CodeQualityViolationRow>('code_quality_violations').where('id', id).first();
  return row ? violationOut(row, today) : null;
}
