import type { Knex } from 'knex';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import type { CodeQualityScanRow } from '../../projections/code-quality/codeQualityScans.ts';

export function scanOut(r: CodeQualityScanRow) {
  return {
    id: r.id,
    status: r.status,
    requested_by: r.requested_by,
    progress_message: r.progress_message,
    error_message: r.error_message,
    files: r.files,
    found: r.found,
    new_violations: r.new_violations,
    fixed: r.fixed,
    new_errors: r.new_errors,
    by_severity: r.by_severity,
    created_at: r.created_at.toISOString(),
    started_at: r.started_at?.toISOString() ?? null,
    completed_at: r.completed_at?.toISOString() ?? null,
  };
}
export type ScanOut = ReturnType<typeof scanOut>;

/** Scans, newest first. */
export function listScans(knex: Knex, filter: { status?: string }, request: PageRequest): Promise<Page<ScanOut>> {
  const q = knex<CodeQualityScanRow>('code_quality_scans');
  if (filter.status) q.where('status', filter.status);
  return paginate(q.select('*'), request, (b) => b.orderBy('id', 'desc'), scanOut);
}

export async function getScan(knex: Knex, id: number): Promise<ScanOut | null> {
  const row = await knex<CodeQualityScanRow>('code_quality_scans').where('id', id).first();
  return row ? scanOut(row) : null;
}

/** The scan waiting or running, if any: a new request joins it rather than starting a second one. */
export async function activeScan(knex: Knex): Promise<ScanOut | null> {
  const row = await knex<CodeQualityScanRow>('code_quality_scans').whereIn('status', ['pending', 'running']).orderBy('id', 'desc').first();
  return row ? scanOut(row) : null;
}

/** Scans waiting and running (platform health's background work). */
export async function countActiveScans(knex: Knex): Promise<{ queued: number; running: number }> {
  const rows: (Pick<CodeQualityScanRow, 'status'> & { n: number | string })[] = await knex('code_quality_scans')
    .whereIn('status', ['pending', 'running'])
    .groupBy('status')
    .select('status')
    .count({ n: '*' });
  const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { queued: n('pending'), running: n('running') };
}
