import type { ExtmarketSyncCompleted, ExtmarketSyncFailed } from '../../commands/extmarket/events.ts';
import { registeredDecider } from '../runtime/registeredDecider.ts';
import { handleCommand } from '../runtime/commandHandler.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/**
 * Step 4 of the onboarding is the extmarket's historical import: when that job ends, the
 * onboarding completes (or goes back to step 4 when the job failed). The decision ignores any other
 * job, and a repeat appends nothing (event ids derived from the job's event).
 */
export const finishOnboardingOnHistoricalImportEnded: ProcessManager = {
  kind: 'process',
  name: 'finishOnboardingOnHistoricalImportEnded',
  eventTypes: ['ExtmarketSyncCompleted', 'ExtmarketSyncFailed'],
  async handle(event, ctx) {
    const e = domainEvent<ExtmarketSyncCompleted | ExtmarketSyncFailed>(event);
    if (e.data.job_type !== 'historical_import') return;
    const ok = e.type === 'ExtmarketSyncCompleted';
    const command = {
      type: 'FinishHistoricalSync',
      data: {
        job_id: e.data.job_id,
        ok,
        orders_imported: e.data.orders_imported ?? 0,
        error: e.type === 'ExtmarketSyncFailed' ? e.data.error : null,
        at: e.data.at,
      },
    };
    await handleCommand(ctx.store, registeredDecider('onboarding'), e.data.vendor_id, command, {
      ...ctx.commandContext(event),
      vendorId: e.data.vendor_id,
    });
  },
};
