import type { Clock } from '../../src/core/clock.ts';
import { ConflictException } from '../../src/core/errors.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, load, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import type { Executor } from '../../src/runtime/database.ts';
import { nextId } from '../../src/runtime/nextId.ts';
import { settledAt, takeTurn, type JobQueue, type Settled } from '../../src/runtime/oneAtATime.ts';
import type { TestCategory, TestRunKind } from './events.ts';
import { RUNNER_ID, testRunner, type QueuedTestRun } from './testRunner.ts';
import { testRun, type TestRunCommand, type TestRunStatus } from './testRun.ts';

export interface TestRunDeps {
  store: EventStore;
  db: Executor;
  clock: Clock;
}

export interface TestRunRequest {
  kind: TestRunKind;
  category: TestCategory | null;
  collection: string | null;
}

export interface TestRunTurn {
  run_id: number;
  /**
   * True when another run or collect was waiting or running: this request queued nothing and
   * `run_id` is that run, `status` its status read from its own stream (the caller refuses,
   * naming it).
   */
  joined: boolean;
  status: TestRunStatus;
  /** Where that run stands in the feed, for the caller's read-your-writes wait. */
  done: Settled[];
}

/**
 * Asks for a run or a collect, one at a time across requests and instances: it is first queued
 * on the deployment's runner (commands/test-runs/testRunner.ts), where concurrent requests race on
 * one expected version, then requested; the worker runs it (src/workers/test-runs). While
 * another waits or runs, nothing is queued and that one is answered (`joined`).
 */
export async function requestTestRun(
  deps: TestRunDeps,
  input: TestRunRequest,
  requestedBy: number | string,
  ctx: CommandContext,
): Promise<TestRunTurn> {
  const runner = runnerQueue(deps, input, requestedBy, ctx);
  const turn = await takeTurn(runner.queue);
  return { run_id: turn.job.run_id, joined: turn.joined, status: turn.joined ? runner.seen() : 'pending', done: turn.done };
}

/**
 * The deployment's runner as the one-at-a-time queue of src/runtime/oneAtATime.ts; `seen` is the
 * status of the run it found queued last, as its look read it (a run it recorded is pending).
 */
function runnerQueue(
  deps: TestRunDeps,
  input: TestRunRequest,
  requestedBy: number | string,
  ctx: CommandContext,
): { queue: JobQueue<QueuedTestRun>; seen: () => TestRunStatus } {
  let seen: TestRunStatus = 'pending';
  const queue: JobQueue<QueuedTestRun> = {
    last: async () => (await load(deps.store, testRunner, RUNNER_ID)).state.current,
    async standing(job) {
      const { state, events } = await load(deps.store, testRun, job.run_id);
      seen = state.status === 'none' ? 'pending' : state.status;
      if (state.status === 'none') return { status: 'unrecorded' };
      if (state.status === 'pending' || state.status === 'running') return { status: 'active', settled: settledAt(events) };
      return { status: 'ended' };
    },
    async queue(last) {
      const job: QueuedTestRun = {
        run_id: await nextId(deps.db, testRun.aggregate),
        ...input,
        requested_by: requestedBy,
        at: deps.clock.now().toISOString(),
      };
      const settled = await handleCommand(
        deps.store,
        testRunner,
        RUNNER_ID,
        { type: 'QueueTestRun', data: { ...job, after: last?.run_id ?? null } },
        ctx,
      );
      return { job, settled };
    },
    async record(job) {
      try {
        return await handleCommand(deps.store, testRun, job.run_id, { type: 'RequestTestRun', data: job }, ctx);
      } catch (err) {
        if (!(err instanceof ConflictException)) throw err;
        return settledAt((await load(deps.store, testRun, job.run_id)).events);
      }
    },
  };
  return { queue, seen: () => seen };
}

export function runTestRunCommand(
  store: EventStore,
  runId: number,
  command: TestRunCommand,
  ctx: CommandContext,
): Promise<Handled<unknown, any>> {
  return handleCommand(store, testRun, runId, command, ctx);
}
