import type { TableOf } from '../../src/core/readModel.ts';
import type { CodeQualityScanRow } from './codeQualityScans.ts';
import type { CodeQualityViolationRow } from './codeQualityViolations.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('code_quality_scans')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    code_quality_scans: TableOf<CodeQualityScanRow>;
    code_quality_violations: TableOf<CodeQualityViolationRow>;
  }
}
