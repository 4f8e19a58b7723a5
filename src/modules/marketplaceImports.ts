import { marketplaceImport } from '../../commands/marketplace-imports/marketplaceImport.ts';
import { marketplaceImportErrors } from '../../projections/marketplace-imports/marketplaceImportErrors.ts';
import { marketplaceImportJobs } from '../../projections/marketplace-imports/marketplaceImportJobs.ts';
import { adminMarketplaceImportRoutes } from '../http/admin/marketplaceImports.ts';
import { retryMarketplaceImport } from '../http/marketplaceImportRequest.ts';
import { vendorMarketplaceImportRoutes } from '../http/vendor/marketplaceImports.ts';
import { runMarketplaceImportOnRequested } from '../processes/runMarketplaceImportOnRequested.ts';
import { notifyAdminsOnImportFinished } from '../processes/notifyAdminsOnImportFinished.ts';
import { importPageRoutes, importsBackOffice } from '../pages/marketplace-imports/importPages.ts';
import { defineModule } from './module.ts';
import { startMarketplaceImportWorker } from '../workers/marketplace-imports/marketplaceImportWorker.ts';
import { countActiveImportJobs } from '../../queries/marketplace-imports/countActiveImportJobs.ts';
import { importFigures } from '../../queries/marketplace-imports/importFigures.ts';

export const marketplaceImportsModule = defineModule({
  name: 'marketplace-imports',
  tag: 'Marketplace imports',
  description: 'CSV imports of the marketplace catalogue, their jobs and row errors.',
  features: ['CSV catalogue imports', 'Import jobs with progress', 'Row errors'],
  dashboardFigures: (services) => importFigures(services.db.knex),
  healthFigures: async (services) => ({ jobs: [{ kind: 'marketplace_import', ...(await countActiveImportJobs(services.db.knex)) }] }),
  // Notifications: the admins hear of an import that failed or rejected rows.
  dependsOn: ['catalogue', 'vendors', 'notifications'],
  backgroundTasks: (knex) =>
    knex('marketplace_import_jobs').select(
      knex.raw("'marketplace_import' AS type"),
      knex.raw('id::text AS task_id'),
      'status',
      knex.raw("rows_processed || ' rows, ' || imported_count || ' imported' AS progress"),
      knex.raw('error_message AS error'),
      'created_at',
      'started_at',
      'completed_at',
    ),
  backgroundTaskRetry: {
    canRetry: (type) => type === 'marketplace_import',
    start: (services, task, by) => retryMarketplaceImport(services, Number(task.task_id), by),
  },
  routes: { admin: [adminMarketplaceImportRoutes], vendor: [vendorMarketplaceImportRoutes] },
  consumers: [marketplaceImportJobs, marketplaceImportErrors, runMarketplaceImportOnRequested, notifyAdminsOnImportFinished],
  // The job worker of every instance: the jobs handed over by the process manager, and its sweep.
  background: [startMarketplaceImportWorker],
  aggregates: [marketplaceImport],
  pages: [importPageRoutes],
  backOffice: importsBackOffice,
});
