import { extmarketCredentials as credentials } from '../../commands/extmarket/extmarketCredentials.ts';
import { requestExtmarketSync } from '../../commands/extmarket/handlers.ts';
import type { SyncJobType } from '../../commands/extmarket/events.ts';
import { getSyncJob } from '../../queries/extmarket/listJobs.ts';
import { requireCredentials } from '../http/extmarketShared.ts';
import { extmarketSyncJob } from '../../commands/extmarket/extmarketSyncJob.ts';
import { extmarketCredentials } from '../../projections/extmarket/extmarketCredentials.ts';
import { extmarketSyncLogs } from '../../projections/extmarket/extmarketSyncLogs.ts';
import { adminExtmarketRoutes } from '../http/admin/extmarket.ts';
import { vendorExtmarketRoutes } from '../http/vendor/extmarket.ts';
import { vendorExtmarketOrderRoutes } from '../http/vendor/extmarketOrders.ts';
import { pushOrderDecisionsToExtmarketOnDecided } from '../processes/pushOrderDecisionsToExtmarketOnDecided.ts';
import { runExtmarketJobOnRequested } from '../processes/runExtmarketJobOnRequested.ts';
import { notifyAdminsOnExtmarketSyncFinished } from '../processes/notifyAdminsOnExtmarketSyncFinished.ts';
import { retryExtmarketPushes } from '../workers/extmarket/retryExtmarketPushes.ts';
import { startExtmarketWorker, stopExtmarketWorker } from '../workers/extmarket/extmarketJobWorker.ts';
import { defineModule } from './module.ts';
import { extmarketBackOffice, extmarketPageRoutes } from '../pages/extmarket/extmarketPages.ts';
import { extmarketCredentialPageRoutes, extmarketSettingsSections } from '../pages/extmarket/credentialsSettings.ts';
import { countActiveSyncJobs } from '../../queries/extmarket/countActiveSyncJobs.ts';

export const extmarketModule = defineModule({
  name: 'extmarket',
  tag: 'Extmarket',
  description: 'The external marketplace: credentials, order syncs, historical imports, product exports.',
  features: ['Extmarket credentials', 'Order syncs', 'Historical imports', 'Product feed exports'],
  healthFigures: async (services) => ({ jobs: await countActiveSyncJobs(services.db.knex) }),
  // Notifications: the admins hear of a sync that failed or finished with errors. The catalogue:
  // the product feed lists the vendor's products, and a shipment's items are matched to them.
  dependsOn: ['orders', 'vendors', 'notifications', 'catalogue'],
  backgroundTasks: (knex) =>
    knex('extmarket_sync_logs').select(
      knex.raw("'extmarket_' || job_type AS type"),
      knex.raw('id::text AS task_id'),
      'status',
      knex.raw('progress_message AS progress'),
      knex.raw('error_message AS error'),
      'created_at',
      'started_at',
      'completed_at',
    ),
  backgroundTaskRetry: {
    canRetry: (type) => ['extmarket_order_sync', 'extmarket_historical_import', 'extmarket_product_export'].includes(type),
    async start(services, task, by) {
      const failed = await getSyncJob(services.db.knex, Number(task.task_id));
      if (failed.job_type !== 'product_export') await requireCredentials(services, failed.vendor_id);
      const { jobId, done } = await requestExtmarketSync(
        { store: services.store, db: services.db.knex, clock: services.clock },
        failed.vendor_id,
        failed.job_type as SyncJobType,
        by.name,
        { ...by.context, vendorId: failed.vendor_id },
      );
      await services.settle([done]);
      return { type: `extmarket_${failed.job_type}`, task_id: String(jobId) };
    },
  },
  routes: { admin: [adminExtmarketRoutes], vendor: [vendorExtmarketOrderRoutes, vendorExtmarketRoutes] },
  pages: [extmarketPageRoutes, extmarketCredentialPageRoutes],
  // The extmarket key on the vendor's settings page (its extmarket tab).
  backOffice: { ...extmarketBackOffice, settingsSections: extmarketSettingsSections },
  consumers: [
    extmarketCredentials,
    extmarketSyncLogs,
    runExtmarketJobOnRequested,
    pushOrderDecisionsToExtmarketOnDecided,
    notifyAdminsOnExtmarketSyncFinished,
  ],
  aggregates: [credentials, extmarketSyncJob],
  // The job worker of every instance: the syncs, imports, exports and pushes the process managers hand over, and its sweep.
  background: [
    (services) => {
      startExtmarketWorker({
        knex: services.db.knex,
        store: services.store,
        dataDir: services.config.dataDir,
        logger: services.logger,
        clock: services.clock,
      });
      return { stop: () => stopExtmarketWorker(services.store) };
    },
  ],
  scheduledTasks: [
    {
      // Order decisions the extmarket did not accept yet: retried with backoff, each attempt recorded.
      name: 'retryExtmarketPushes',
      cron: '* * * * *',
      async run(services) {
        await retryExtmarketPushes({
          knex: services.db.knex,
          store: services.store,
          dataDir: services.config.dataDir,
          clock: services.clock,
        });
      },
    },
    {
      // New extmarket orders of every vendor with auto sync, unless a sync of theirs is still open.
      name: 'extmarketOrderSync',
      cron: '*/15 * * * *',
      async run(services) {
        const knex = services.db.knex;
        const vendors = await knex('extmarket_credentials as c')
          .join('vendor_list as v', 'v.id', 'c.vendor_id')
          .where({ 'c.auto_sync_enabled': true, 'v.is_active': true })
          .whereNotExists(
            knex('extmarket_sync_logs as l')
              .whereRaw('l.vendor_id = c.vendor_id')
              .where('l.job_type', 'order_sync')
              .whereIn('l.status', ['pending', 'processing']),
          )
          .pluck<number[]>('c.vendor_id');
        for (const vendorId of vendors) {
          await requestExtmarketSync({ store: services.store, db: knex, clock: services.clock }, vendorId, 'order_sync', 'scheduler', {
            userId: 'system:scheduler',
            vendorId,
            correlationId: `extmarket-order-sync-${vendorId}-${Date.now()}`,
          });
        }
      },
    },
  ],
});

/** What the onboarding uses of this area: storing and testing the key, the historical import job and its progress. */
export { requestExtmarketSync } from '../../commands/extmarket/handlers.ts';
export { getSyncJob } from '../../queries/extmarket/listJobs.ts';
export { requireCredentials, saveCredentials, testConnection } from '../http/extmarketShared.ts';
/** The endpoint check (https, no credentials in it), for the signup's shop lookup with the visitor's own key. */
export { checkedEndpoint } from '../http/extmarketShared.ts';
