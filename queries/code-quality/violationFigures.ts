import type { Knex } from 'knex';
import type { CodeQualityViolationRow } from '../../projections/code-quality/codeQualityViolations.ts';

/**
 * The admin dashboard's part of the code-quality area: violations still to act on (open or
 * assigned, and found by the last scan that looked), by severity. One grouped count over the
 * violations' read model, whatever its size.
 */
export async function violationFigures(knex: Knex) {
  const rows: (Pick<CodeQualityViolationRow, 'severity'> & { n: number | string })[] = await knex('code_quality_violations')
    .whereIn('status', ['open', 'assigned'])
    .andWhere('present', true)
    .select('severity')
    .count({ n: '*' })
    .groupBy('severity');
  const bySeverity: Record<string, number> = {};
  for (const r of rows) bySeverity[r.severity] = Number(r.n);
  return { violations: { open: Object.values(bySeverity).reduce((a, n) => a + n, 0), by_severity: bySeverity } };
}
