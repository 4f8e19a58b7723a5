import type { Decider } from '../../src/core/decider.ts';
import { TestRunInProgressException } from './errors.ts';
import type { TestRunQueued, TestRunRequested } from './events.ts';

/**
 * The deployment's test runner: one run (or collect) at a time. Every run is queued here before
 * it is requested, each queueing naming the run it follows; two requests that saw the same
 * runner append with the same expected version and only one wins, on any number of instances
 * (the test_runs table lags the events, so a check of it would let both through). Whether the
 * queued run still waits or runs is its own stream's business (commands/test-runs/handlers.ts),
 * so the runner needs no event when a run ends.
 */
export type QueuedTestRun = TestRunRequested['data'];
export interface RunnerState {
  current: QueuedTestRun | null;
}

export type RunnerCommand = {
  type: 'QueueTestRun';
  /** `after`: the run the caller saw queued last (null: none); refused when another was queued since. */
  data: QueuedTestRun & { after: number | null };
};

/** The runner's stream id: one per deployment (every run reads the same suite). */
export const RUNNER_ID = 'deployment';

export const testRunner: Decider<RunnerState, RunnerCommand, TestRunQueued> = {
  aggregate: 'test_runner',
  initialState: () => ({ current: null }),
  evolve: (_state, event) => {
    const { run_id, kind, category, collection, requested_by, at } = event.data;
    return { current: { run_id, kind, category, collection, requested_by, at } };
  },
  decide: (command, state) => {
    const current = state.current?.run_id ?? null;
    if (current !== command.data.after) {
      throw new TestRunInProgressException(`Test run ${current} was queued meanwhile: one run at a time`, { run_id: current });
    }
    return [{ type: 'TestRunQueued', data: command.data }];
  },
};
