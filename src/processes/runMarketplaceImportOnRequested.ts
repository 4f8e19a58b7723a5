import type { MarketplaceImportRequested } from '../../commands/marketplace-imports/events.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { marketplaceImportWorkerOf } from '../workers/marketplace-imports/marketplaceImportWorker.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/**
 * Hands a requested import job to this process's import worker at once. The job itself runs
 * outside the consumer's transaction (a long transaction would hold every projector back,
 * ARCHITECTURE.md "xmin horizon"); the worker's Started append, at the version that saw the job
 * pending, makes a repeated hand-over harmless. Without a worker here, the sweep of a process
 * that has one picks the job up.
 */
export const runMarketplaceImportOnRequested: ProcessManager = {
  kind: 'process',
  name: 'runMarketplaceImportOnRequested',
  eventTypes: ['MarketplaceImportRequested'],
  async handle(event, ctx) {
    const { job_id } = domainEvent<MarketplaceImportRequested>(event).data;
    if (!(await ctx.firstTime(event))) return;
    marketplaceImportWorkerOf(ctx.store)?.enqueue(job_id);
  },
};
