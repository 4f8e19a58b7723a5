import type { Knex } from 'knex';
import type { CodeQualityScanRow } from '../../projections/code-quality/codeQualityScans.ts';

const SEVERITIES = ['error', 'warning', 'info'] as const;
const STATUSES = ['open', 'assigned', 'resolved', 'ignored'] as const;

/**
 * The dashboard's figures (DashboardStatsResponse): violations the last scan still found, by
 * severity and by status, those overdue, the fixed ones, and the trend over the last completed
 * scans (what each found, new and fixed).
 */
export async function codeQualityStats(knex: Knex, today: string, trendScans = 10) {
  const [bySeverity, byStatus, [{ overdue }], [{ fixed }], trend, [last]] = await Promise.all([
    knex('code_quality_violations').where('present', true).groupBy('severity').select('severity').count({ n: '*' }),
    knex('code_quality_violations').where('present', true).groupBy('status').select('status').count({ n: '*' }),
    knex('code_quality_violations')
      .where({ status: 'assigned' })
      .whereNotNull('due_date')
      .where('due_date', '<', today)
      .count({ overdue: '*' }),
    knex('code_quality_violations').where('present', false).count({ fixed: '*' }),
    knex<CodeQualityScanRow>('code_quality_scans')
      .where('status', 'completed')
      .orderBy('id', 'desc')
      .limit(trendScans)
      .select('id', 'completed_at', 'found', 'new_violations', 'fixed', 'by_severity'),
    knex<CodeQualityScanRow>('code_quality_scans').orderBy('id', 'desc').limit(1).select('id', 'status', 'completed_at'),
  ]);
  const count = (rows: readonly Record<string, unknown>[], key: string, value: string) =>
    Number(rows.find((r) => r[key] === value)?.n ?? 0);
  return {
    total: SEVERITIES.reduce((n, s) => n + count(bySeverity, 'severity', s), 0),
    by_severity: Object.fromEntries(SEVERITIES.map((s) => [s, count(bySeverity, 'severity', s)])) as Record<
      (typeof SEVERITIES)[number],
      number
    >,
    by_status: Object.fromEntries(STATUSES.map((s) => [s, count(byStatus, 'status', s)])) as Record<(typeof STATUSES)[number], number>,
    overdue: Number(overdue),
    fixed: Number(fixed),
    last_scan: last ? { id: last.id, status: last.status, completed_at: last.completed_at?.toISOString() ?? null } : null,
    trend: trend.reverse().map((s) => ({
      scan_id: s.id,
      // A completed scan has its completion time and its outcome.
      completed_at: s.completed_at!.toISOString(),
      found: s.found!,
      new_violations: s.new_violations!,
      fixed: s.fixed!,
      by_severity: s.by_severity,
    })),
  };
}
