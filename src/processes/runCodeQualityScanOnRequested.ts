import type { CodeQualityScanRequested } from '../../commands/code-quality/events.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { scanWorkerOf } from '../workers/code-quality/scanWorker.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/**
 * Hands a requested code-quality scan to this process's scan worker. The scan runs outside this
 * transaction; its Started append decides which instance runs it, and the worker's sweep picks
 * up a scan no process was there to take.
 */
export const runCodeQualityScanOnRequested: ProcessManager = {
  kind: 'process',
  name: 'runCodeQualityScanOnRequested',
  eventTypes: ['CodeQualityScanRequested'],
  async handle(event, ctx) {
    if (!(await ctx.firstTime(event))) return;
    scanWorkerOf(ctx.store)?.enqueue(domainEvent<CodeQualityScanRequested>(event).data.scan_id);
  },
};
