import type { TestRunRequested } from '../../commands/test-runs/events.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { testRunWorkerOf } from '../workers/test-runs/testRunWorker.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/** Hands a requested test run or collect to this process's worker; its sweep takes any that no process was there to take. */
export const runTestRunOnRequested: ProcessManager = {
  kind: 'process',
  name: 'runTestRunOnRequested',
  eventTypes: ['TestRunRequested'],
  async handle(event, ctx) {
    if (!(await ctx.firstTime(event))) return;
    testRunWorkerOf(ctx.store)?.enqueue(domainEvent<TestRunRequested>(event).data.run_id);
  },
};
