import type { ExtmarketSyncRequested } from '../../commands/extmarket/events.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { extmarketWorkerOf } from '../workers/extmarket/extmarketJobWorker.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/**
 * Hands a requested extmarket job (order sync, historical import, product export) to this
 * process's worker. The job runs outside this transaction (a long transaction would hold every
 * projector back); its Started append decides which worker runs it, and the worker's sweep
 * picks up a job no process was there to take.
 */
export const runExtmarketJobOnRequested: ProcessManager = {
  kind: 'process',
  name: 'runExtmarketJobOnRequested',
  eventTypes: ['ExtmarketSyncRequested'],
  async handle(event, ctx) {
    if (!(await ctx.firstTime(event))) return;
    extmarketWorkerOf(ctx.store)?.enqueue(domainEvent<ExtmarketSyncRequested>(event).data.job_id);
  },
};
