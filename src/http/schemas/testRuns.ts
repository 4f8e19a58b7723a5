import { Type } from '@sinclair/typebox';
import { Nullable, NullableTimestamp, Timestamp } from '../responses.ts';

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

export const TestRun = Type.Object(
  {
    id: Type.Integer(),
    kind: Type.Union([Type.Literal('run'), Type.Literal('collect')]),
    status: TestRunStatus,
    category: Nullable(TestCategory),
    collection: Nullable(Type.String()),
    requested_by: Nullable(Type.String()),
    progress_message: Nullable(Type.String()),
    total: Nullable(Type.Integer()),
    passed: Type.Integer(),
    failed: Type.Integer(),
    pending: Type.Integer(),
    pass_rate: Nullable(Type.Number({ description: 'Percent of the tests that ran which passed' })),
    duration_ms: Nullable(Type.Integer()),
    error_message: Nullable(Type.String()),
    created_at: Timestamp,
    started_at: NullableTimestamp,
    completed_at: NullableTimestamp,
  },
  { $id: 'TestRun' },
);

export const TestRunStarted = Type.Object(
  {
    job_ids: Type.Array(Type.Integer(), { description: "The run's id: poll GET /test-runs/{id} every 2 seconds" }),
    run: TestRun,
  },
  { $id: 'TestRunStarted' },
);

export const TestResult = Type.Object(
  {
    seq: Type.Integer(),
    collection: Type.String(),
    file: Nullable(Type.String()),
    title: Type.String(),
    status: TestStatus,
    duration_ms: Nullable(Type.Integer()),
    failure_message: Nullable(Type.String()),
  },
  { $id: 'TestResult' },
);

export const TestCollection = Type.Object(
  {
    name: Type.String(),
    category: TestCategory,
    files: Type.Integer(),
    tests: Type.Integer(),
    collected_by_run: Type.Integer(),
    collected_at: Timestamp,
  },
  { $id: 'TestCollection' },
);
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
