/**
 * Test runs (SPEC.md part 2 "Test run records", 4.4 the test-run dashboard): a run executes the
 * project's own test suite, or one category or collection of it, in a child process; a collect
 * lists the suites without running them. Both are job aggregates: requested → started →
 * progress and results → completed, failed (crashed, timed out) or cancelled. This file is the
 * area's public contract.
 */
export type TestCategory = 'unit' | 'integration' | 'performance';
export type TestRunKind = 'run' | 'collect';
export type TestStatus = 'passed' | 'failed' | 'pending';

/** A TestResult: one test of a run. */
export interface TestResult {
  seq: number;
  collection: string;
  file: string | null;
  title: string;
  status: TestStatus;
  duration_ms: number | null;
  failure_message: string | null;
}

/** A TestCollection: the tests of one folder of the suite, as a collect found them. */
export interface TestCollection {
  name: string;
  category: TestCategory;
  files: number;
  tests: number;
}

export interface RunCounts {
  total: number;
  passed: number;
  failed: number;
  pending: number;
}

export type TestRunRequested = {
  type: 'TestRunRequested';
  data: {
    run_id: number;
    kind: TestRunKind;
    category: TestCategory | null;
    collection: string | null;
    requested_by: number | string;
    at: string;
  };
};
/**
 * The deployment's test runner queued a run or collect (stream `test_runner-deployment`) with
 * everything its request holds: it follows `after`, the one queued before it, which had ended.
 * One run at a time rests on it (commands/test-runs/testRunner.ts).
 */
export type TestRunQueued = {
  type: 'TestRunQueued';
  data: TestRunRequested['data'] & { after: number | null };
};
export type TestRunStarted = { type: 'TestRunStarted'; data: { run_id: number; files: number; at: string } };
export type TestRunProgressed = { type: 'TestRunProgressed'; data: RunCounts & { run_id: number; current: string | null; at: string } };
export type TestResultsRecorded = { type: 'TestResultsRecorded'; data: { run_id: number; results: TestResult[] } };
export type TestCollectionsCollected = {
  type: 'TestCollectionsCollected';
  data: { run_id: number; collections: TestCollection[]; at: string };
};
export type TestRunCompleted = {
  type: 'TestRunCompleted';
  data: RunCounts & { run_id: number; pass_rate: number | null; duration_ms: number; at: string };
};
/** The run could not finish: the suite crashed, ran past its bound, or could not start. */
export type TestRunFailed = { type: 'TestRunFailed'; data: { run_id: number; error: string; at: string } };
export type TestRunCancelled = { type: 'TestRunCancelled'; data: { run_id: number; by: number | string; at: string } };

export type TestRunEvent =
  | TestRunRequested
  | TestRunStarted
  | TestRunProgressed
  | TestResultsRecorded
  | TestCollectionsCollected
  | TestRunCompleted
  | TestRunFailed
  | TestRunCancelled;

export const TEST_RUN_EVENT_TYPES = [
  'TestRunRequested',
  'TestRunStarted',
  'TestRunProgressed',
  'TestResultsRecorded',
  'TestCollectionsCollected',
  'TestRunCompleted',
  'TestRunFailed',
  'TestRunCancelled',
] as const satisfies readonly TestRunEvent['type'][];
