import { assertNever, type Decider } from '../../src/core/decider.ts';
import { InvalidTransitionException } from '../../src/core/errors.ts';
import type { TransitionTable } from '../../src/core/transitions.ts';
import { TestRunNotFoundException } from './errors.ts';
import type { RunCounts, TestCollection, TestResult, TestRunCompleted, TestRunEvent, TestRunRequested } from './events.ts';

export type TestRunStatus = 'none' | 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
export type TestRunAction = 'request' | 'start' | 'progress' | 'record' | 'complete' | 'fail' | 'cancel';
export interface TestRunState {
  status: TestRunStatus;
  id: number | null;
}

/**
 * A run's moves (the specification shows none for test runs): the job lifecycle. Cancelling
 * ends it at once; the worker running its child sees the state and stops the child. A run
 * whose worker or child crashed is failed, never left running.
 */
export const TEST_RUN_TRANSITIONS: TransitionTable<TestRunStatus, TestRunAction> = {
  request: { from: ['none'], to: 'pending' },
  start: { from: ['pending'], to: 'running' },
  progress: { from: ['running'], to: 'running' },
  record: { from: ['running'], to: 'running' },
  complete: { from: ['running'], to: 'completed' },
  fail: { from: ['pending', 'running'], to: 'failed' },
  cancel: { from: ['pending', 'running'], to: 'cancelled' },
};

export type TestRunCommand =
  | { type: 'RequestTestRun'; data: TestRunRequested['data'] }
  | { type: 'StartTestRun'; data: { run_id: number; files: number; at: string } }
  | { type: 'RecordTestRunProgress'; data: RunCounts & { run_id: number; current: string | null; at: string } }
  | { type: 'RecordTestResults'; data: { run_id: number; results: TestResult[] } }
  | { type: 'RecordTestCollections'; data: { run_id: number; collections: TestCollection[]; at: string } }
  | { type: 'CompleteTestRun'; data: TestRunCompleted['data'] }
  | { type: 'FailTestRun'; data: { run_id: number; error: string; at: string } }
  | { type: 'CancelTestRun'; data: { run_id: number; by: number | string; at: string } };

const ACTION: Record<TestRunCommand['type'], TestRunAction> = {
  RequestTestRun: 'request',
  StartTestRun: 'start',
  RecordTestRunProgress: 'progress',
  RecordTestResults: 'record',
  RecordTestCollections: 'record',
  CompleteTestRun: 'complete',
  FailTestRun: 'fail',
  CancelTestRun: 'cancel',
};

export function evolveTestRun(state: TestRunState, event: TestRunEvent): TestRunState {
  switch (event.type) {
    case 'TestRunRequested':
      return { status: 'pending', id: event.data.run_id };
    case 'TestRunStarted':
      return { ...state, status: 'running' };
    case 'TestRunProgressed':
    case 'TestResultsRecorded':
    case 'TestCollectionsCollected':
      return state;
    case 'TestRunCompleted':
      return { ...state, status: 'completed' };
    case 'TestRunFailed':
      return { ...state, status: 'failed' };
    case 'TestRunCancelled':
      return { ...state, status: 'cancelled' };
    default:
      return assertNever(event);
  }
}

export function decideTestRun(command: TestRunCommand, state: TestRunState): TestRunEvent[] {
  const action = ACTION[command.type];
  if (state.status === 'none' && action !== 'request') throw new TestRunNotFoundException(`Test run ${command.data.run_id} not found`);
  if (!TEST_RUN_TRANSITIONS[action].from.includes(state.status)) throw new InvalidTransitionException('Test run', state.status, action);
  switch (command.type) {
    case 'RequestTestRun':
      return [{ type: 'TestRunRequested', data: command.data }];
    case 'StartTestRun':
      return [{ type: 'TestRunStarted', data: command.data }];
    case 'RecordTestRunProgress':
      return [{ type: 'TestRunProgressed', data: command.data }];
    case 'RecordTestResults':
      return command.data.results.length === 0 ? [] : [{ type: 'TestResultsRecorded', data: command.data }];
    case 'RecordTestCollections':
      return [{ type: 'TestCollectionsCollected', data: command.data }];
    case 'CompleteTestRun':
      return [{ type: 'TestRunCompleted', data: command.data }];
    case 'FailTestRun':
      return [{ type: 'TestRunFailed', data: command.data }];
    case 'CancelTestRun':
      return [{ type: 'TestRunCancelled', data: command.data }];
    default:
      return assertNever(command);
  }
}

export const testRun: Decider<TestRunState, TestRunCommand, TestRunEvent> = {
  aggregate: 'test_run',
  initialState: () => ({ status: 'none', id: null }),
  evolve: evolveTestRun,
  decide: decideTestRun,
};
