import type { TableOf } from '../../src/core/readModel.ts';
import type { TestCollectionRow, TestResultRow, TestRunRow } from './testRuns.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('test_runs')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    test_collections: TableOf<TestCollectionRow>;
    test_results: TableOf<TestResultRow>;
    test_runs: TableOf<TestRunRow>;
  }
}
