import { marketplaceImport } from '../../commands/marketplace-imports/index.ts';
import { marketplaceImportErrors } from '../../projections/marketplace-imports/marketplaceImportErrors.ts';
import { marketplaceImportJobs } from '../../projections/marketplace-imports/marketplaceImportJobs.ts';
import { adminMarketplaceImportRoutes } from '../http/admin/marketplaceImports.ts';
import { vendorMarketplaceImportRoutes } from '../http/vendor/marketplaceImports.ts';
import { runMarketplaceImportOnRequested } from '../processes/runMarketplaceImportOnRequested.ts';
import { defineModule } from './module.ts';

export const marketplaceImportsModule = defineModule({
  name: 'marketplace-imports',
  tag: 'Marketplace imports',
  description: 'CSV imports of the marketplace catalogue, their jobs and row errors.',
  dependsOn: ['catalogue'],
  routes: { admin: [adminMarketplaceImportRoutes], vendor: [vendorMarketplaceImportRoutes] },
  consumers: [marketplaceImportJobs, marketplaceImportErrors, runMarketplaceImportOnRequested],
  aggregates: [marketplaceImport],
});
