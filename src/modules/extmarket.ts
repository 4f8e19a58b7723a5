import { extmarketCredentials as credentials } from '../../commands/extmarket/credentials.ts';
import { requestExtmarketSync } from '../../commands/extmarket/handlers.ts';
import { extmarketSyncJob } from '../../commands/extmarket/syncJob.ts';
import { extmarketCredentials } from '../../projections/extmarket/extmarketCredentials.ts';
import { extmarketSyncLogs } from '../../projections/extmarket/extmarketSyncLogs.ts';
import { adminExtmarketRoutes } from '../http/admin/extmarket.ts';
import { vendorExtmarketRoutes } from '../http/vendor/extmarket.ts';
import { vendorExtmarketOrderRoutes } from '../http/vendor/extmarketOrders.ts';
import { runExtmarketJobOnRequested } from '../processes/runExtmarketJobOnRequested.ts';
import { defineModule } from './module.ts';

export const extmarketModule = defineModule({
  name: 'extmarket',
  tag: 'Extmarket',
  description: 'The external marketplace: credentials, order syncs, historical imports, product exports.',
  dependsOn: ['orders'],
  routes: { admin: [adminExtmarketRoutes], vendor: [vendorExtmarketOrderRoutes, vendorExtmarketRoutes] },
  consumers: [extmarketCredentials, extmarketSyncLogs, runExtmarketJobOnRequested],
  aggregates: [credentials, extmarketSyncJob],
  scheduledTasks: [{
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
  }],
});
