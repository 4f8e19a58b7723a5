import type { Knex } from 'knex';
import {
  TEST_RUN_EVENT_TYPES,
  type TestCategory,
  type TestRunEvent,
  type TestRunKind,
  type TestStatus,
} from '../../commands/test-runs/events.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

const category = () => column.oneOf(['unit', 'integration', 'performance'] as const satisfies readonly TestCategory[]);

export const TestRunRow = readModel('test_runs', {
  id: column.int(),
  kind: column.oneOf(['run', 'collect'] as const satisfies readonly TestRunKind[]),
  status: column.oneOf(['pending', 'running', 'completed', 'failed', 'cancelled']),
  /** What was run: one category, one collection, or (both null) the whole suite. */
  category: column.nullable(category()),
  collection: column.nullable(column.text()),
  requested_by: column.nullable(column.text()),
  progress_message: column.nullable(column.text()),
  total: column.nullable(column.int()),
  passed: column.int(),
  failed: column.int(),
  pending: column.int(),
  pass_rate: column.nullable(column.float({ description: 'Percent of the tests that ran which passed' })),
  duration_ms: column.nullable(column.int()),
  error_message: column.nullable(column.text()),
  created_at: column.time(),
  started_at: column.nullable(column.time()),
  completed_at: column.nullable(column.time()),
  updated_at: column.time(),
});
export type TestRunRow = RowOf<typeof TestRunRow>;

export const TestResultRow = readModel('test_results', {
  run_id: column.int(),
  /** The order the tests ran in. */
  seq: column.int(),
  collection: column.text(),
  file: column.nullable(column.text()),
  title: column.text(),
  status: column.oneOf(['passed', 'failed', 'pending'] as const satisfies readonly TestStatus[]),
  duration_ms: column.nullable(column.int()),
  failure_message: column.nullable(column.text()),
});
export type TestResultRow = RowOf<typeof TestResultRow>;

/** A folder of the suite as the last collect found it. */
export const TestCollectionRow = readModel('test_collections', {
  name: column.text(),
  category: category(),
  files: column.int(),
  tests: column.int(),
  collected_by_run: column.int(),
  collected_at: column.time(),
});
export type TestCollectionRow = RowOf<typeof TestCollectionRow>;

/**
 * test_runs (one row per run or collect, with its counts and pass rate), test_results (one row
 * per test of a run) and test_collections (the suite's folders as the last collect found them).
 * A run's row changes a few times a second at most; results arrive in batches. One statement
 * per table and batch.
 *
 * Not a row projection: three tables, the results keyed by run and sequence together (the shared
 * helper keys a row by one column) and inserted in bulk.
 */
export const testRuns: Projection = {
  kind: 'projection',
  name: 'test_runs',
  eventTypes: TEST_RUN_EVENT_TYPES,
  tables: ['test_runs', 'test_results', 'test_collections'],
  readModels: [TestRunRow, TestResultRow, TestCollectionRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const runs = new Map<number, TestRunRow | JsonRow<TestRunRow>>();
    const results: TestResultRow[] = [];
    const collections = new Map<string, JsonRow<TestCollectionRow>>();
    const ids = [...new Set(events.map((e) => (e.data as { run_id: number }).run_id))];
    for (const row of await trx<TestRunRow>('test_runs').whereIn('id', ids)) runs.set(row.id, row);
    for (const raw of events) {
      const e = domainEvent<TestRunEvent>(raw);
      const id = e.data.run_id;
      if (e.type === 'TestRunRequested') {
        const d = e.data;
        runs.set(id, {
          id,
          kind: d.kind,
          status: 'pending',
          category: d.category,
          collection: d.collection,
          requested_by: String(d.requested_by),
          progress_message: 'Waiting for a worker',
          total: null,
          passed: 0,
          failed: 0,
          pending: 0,
          pass_rate: null,
          duration_ms: null,
          error_message: null,
          created_at: d.at,
          started_at: null,
          completed_at: null,
          updated_at: d.at,
        });
        continue;
      }
      if (e.type === 'TestResultsRecorded') {
        for (const r of e.data.results) results.push({ run_id: id, ...r });
        continue;
      }
      const row = runs.get(id);
      if (!row) continue;
      switch (e.type) {
        case 'TestRunStarted':
          Object.assign(row, {
            status: 'running',
            started_at: e.data.at,
            updated_at: e.data.at,
            progress_message: `Loading ${e.data.files} test files`,
          });
          break;
        case 'TestRunProgressed': {
          const { run_id: _id, current, at, ...counts } = e.data;
          Object.assign(row, counts, {
            updated_at: at,
            progress_message: current ? `${counts.passed + counts.failed + counts.pending} of ${counts.total}: ${current}` : null,
          });
          break;
        }
        case 'TestCollectionsCollected':
          for (const c of e.data.collections) collections.set(c.name, { ...c, collected_by_run: id, collected_at: e.data.at });
          Object.assign(row, { total: e.data.collections.reduce((n, c) => n + c.tests, 0), updated_at: e.data.at });
          break;
        case 'TestRunCompleted': {
          const { run_id: _id, at, ...outcome } = e.data;
          Object.assign(row, outcome, { status: 'completed', completed_at: at, updated_at: at, progress_message: 'Completed' });
          break;
        }
        case 'TestRunFailed':
          Object.assign(row, {
            status: 'failed',
            error_message: e.data.error,
            completed_at: e.data.at,
            updated_at: e.data.at,
            progress_message: 'Failed',
          });
          break;
        case 'TestRunCancelled':
          Object.assign(row, { status: 'cancelled', completed_at: e.data.at, updated_at: e.data.at, progress_message: 'Cancelled' });
          break;
      }
    }
    if (runs.size > 0)
      await trx('test_runs')
        .insert([...runs.values()])
        .onConflict('id')
        .merge();
    if (results.length > 0) await trx('test_results').insert(results).onConflict(['run_id', 'seq']).ignore();
    if (collections.size > 0)
      await trx('test_collections')
        .insert([...collections.values()])
        .onConflict('name')
        .merge();
  },
};
