import { Type } from '@sinclair/typebox';
import { TestCollectionRow, TestResultRow, TestRunRow } from '../../../projections/test-runs/testRuns.ts';
import { Nullable, Timestamp, rowFields } from '../responses.ts';

export const TestCategory = Type.Union([Type.Literal('unit'), Type.Literal('integration'), Type.Literal('performance')], {
  $id: 'TestCategory',
});
export const TestRunStatus = Type.Union(
  [Type.Literal('pending'), Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed'), Type.Literal('cancelled')],
  { $id: 'TestRunStatus' },
);
export const TestStatus = Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('pending')], {
  $id: 'TestResultStatus',
});
const Collection = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9_.-]+$',
  description: 'A folder under test/ (http, commands…)',
});

/** The fields a run, a result and a collection show as their tables hold them. */
const runColumns = rowFields(TestRunRow, [
  'id',
  'kind',
  'collection',
  'requested_by',
  'progress_message',
  'total',
  'passed',
  'failed',
  'pending',
  'pass_rate',
  'duration_ms',
  'error_message',
  'created_at',
  'started_at',
  'completed_at',
]);
const resultColumns = rowFields(TestResultRow, ['seq', 'collection', 'file', 'title', 'duration_ms', 'failure_message']);
const collectionColumns = rowFields(TestCollectionRow, ['name', 'files', 'tests', 'collected_by_run', 'collected_at']);

export const TestRun = Type.Object({ ...runColumns, status: TestRunStatus, category: Nullable(TestCategory) }, { $id: 'TestRun' });

export const TestRunStarted = Type.Object(
  {
    job_ids: Type.Array(Type.Integer(), { description: "The run's id: poll GET /test-runs/{id} every 2 seconds" }),
    run: TestRun,
  },
  { $id: 'TestRunStarted' },
);

export const TestResult = Type.Object({ ...resultColumns, status: TestStatus }, { $id: 'TestResult' });

export const TestCollection = Type.Object({ ...collectionColumns, category: TestCategory }, { $id: 'TestCollection' });
export const TestCollections = Type.Object({ items: Type.Array(TestCollection) }, { $id: 'TestCollectionList' });

export const TestSuiteStatus = Type.Object(
  {
    available: Type.Boolean({
      description: 'false: this deployment cannot run its tests (installed without the development dependencies, or without test files)',
    }),
    reason: Nullable(Type.String()),
    files: Type.Integer(),
    collections: Type.Array(Type.Object({ name: Type.String(), category: TestCategory, files: Type.Integer() })),
  },
  { $id: 'TestSuiteStatus' },
);

export const TestRunStatistics = Type.Object(
  {
    runs: Type.Integer({ description: 'Completed runs counted (the last 20)' }),
    pass_rate_over_time: Type.Array(
      Type.Object({
        run_id: Type.Integer(),
        completed_at: Timestamp,
        category: Nullable(TestCategory),
        collection: Nullable(Type.String()),
        pass_rate: Nullable(Type.Number()),
        passed: Type.Integer(),
        failed: Type.Integer(),
        duration_ms: Nullable(Type.Integer()),
      }),
    ),
    per_category: Type.Array(
      Type.Object({ category: Type.String(), ran: Type.Integer(), passed: Type.Integer(), pass_rate: Type.Number() }),
    ),
    slowest: Type.Array(
      Type.Object({
        title: Type.String(),
        collection: Type.String(),
        file: Nullable(Type.String()),
        duration_ms: Type.Integer(),
        status: TestStatus,
      }),
    ),
    flaky: Type.Array(
      Type.Object({
        title: Type.String(),
        collection: Type.String(),
        runs: Type.Integer(),
        failures: Type.Integer(),
        flips: Type.Integer({ description: 'Times its outcome changed from one run to the next' }),
        last_status: Type.String(),
      }),
    ),
  },
  { $id: 'TestRunStatistics' },
);

export const StartTestRunRequest = Type.Object(
  {
    category: Type.Optional(TestCategory),
    collection: Type.Optional(Collection),
  },
  { $id: 'StartTestRunRequest', additionalProperties: false, description: 'Neither: the whole suite' },
);
