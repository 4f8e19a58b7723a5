import { userList } from '../projections/users/userList.ts';
import { vendorList } from '../projections/vendors/vendorList.ts';
import { companyList } from '../projections/companies/companyList.ts';
import { vendorDomains } from '../projections/vendors/vendorDomains.ts';
import { vendorTeamMembers } from '../projections/team/vendorTeamMembers.ts';
import { vendorTeamInvitations } from '../projections/team/vendorTeamInvitations.ts';
import { vendorThemes } from '../projections/themes/vendorThemes.ts';
import { platformSettingsProjection } from '../projections/settings/platformSettings.ts';
import { marketplaceImportJobs } from '../projections/marketplace-imports/marketplaceImportJobs.ts';
import { marketplaceImportErrors } from '../projections/marketplace-imports/marketplaceImportErrors.ts';
import { marketplaceProductList } from '../projections/catalogue/marketplaceProductList.ts';
import { vendorProductList } from '../projections/catalogue/vendorProductList.ts';
import { inventoryList } from '../projections/inventory/inventoryList.ts';
import { inventoryTransactions } from '../projections/inventory/inventoryTransactions.ts';
import { mediaList } from '../projections/media/mediaList.ts';
import { runMarketplaceImportOnRequested } from './processes/runMarketplaceImportOnRequested.ts';
import { createPlaceholderProductOnVendorCreated } from './processes/createPlaceholderProductOnVendorCreated.ts';
import { ordersConsumers } from './ordersConsumers.ts';
import type { Consumer } from './runtime/consumer.ts';

/** Every projection and process manager of the service; the runner starts them all. */
export const consumers: readonly Consumer[] = [
  userList,
  vendorList,
  marketplaceImportJobs,
  marketplaceImportErrors,
  marketplaceProductList,
  vendorProductList,
  inventoryList,
  inventoryTransactions,
  mediaList,
  runMarketplaceImportOnRequested,
  createPlaceholderProductOnVendorCreated,
  companyList,
  vendorDomains,
  vendorTeamMembers,
  vendorTeamInvitations,
  vendorThemes,
  platformSettingsProjection,
  ...ordersConsumers,
];
