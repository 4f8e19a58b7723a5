import { requestExtmarketSync } from '../commands/extmarket/handlers.ts';
import type { ScheduledTask } from './runtime/scheduler.ts';
import { retryExtmarketPushes } from './workers/extmarket/retryExtmarketPushes.ts';

/** Scheduled tasks of the orders area (issue 5); src/scheduledTasks.ts runs them. */
export const ordersScheduledTasks: readonly ScheduledTask[] = [
  {
    // Decisions the extmarket did not accept yet: retried with backoff, each attempt recorded.
    name: 'retryExtmarketPushes',
    cron: '* * * * *',
    async run(services) {
      await retryExtmarketPushes({ knex: services.db.knex, store: services.store, dataDir: services.config.dataDir });
    },
  },
  {
    // New extmarket orders of every vendor with auto sync, unless a sync of theirs is still open.
    name: 'extmarketOrderSync',
    cron: '*/15 * * * *',
    async run(services) {
      const knex = services.db.knex;
      const vendors = await knex('extmarket_credentials as c').join('vendor_list as v', 'v.id', 'c.vendor_id')
        .where({ 'c.auto_sync_enabled': true, 'v.is_active': true })
        .whereNotExists(knex('extmarket_sync_logs as l').whereRaw('l.vendor_id = c.vendor_id')
          .where('l.job_type', 'order_sync').whereIn('l.status', ['pending', 'processing']))
        .pluck('c.vendor_id');
      for (const vendorId of vendors) {
        await requestExtmarketSync({ store: services.store, db: knex }, vendorId, 'order_sync', 'scheduler',
          { userId: 'system:scheduler', vendorId, correlationId: `extmarket-order-sync-${vendorId}-${Date.now()}` });
      }
    },
  },
];
