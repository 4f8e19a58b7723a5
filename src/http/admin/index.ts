import Router from '@koa/router';
import type { Services } from '../../runtime/services.ts';
import { requireAdmin } from '../auth.ts';
import { adminOrdersAreaRoutes } from './ordersArea.ts';
import { adminAuthRoutes } from './auth.ts';
import { adminCompanyRoutes } from './companies.ts';
import { adminEventRoutes } from './events.ts';
import { adminMarketplaceImportRoutes } from './marketplaceImports.ts';
import { adminCatalogueRoutes } from './catalogue.ts';
import { adminVendorProductRoutes } from './vendorProducts.ts';
import { adminInventoryRoutes } from './inventory.ts';
import { adminMediaRoutes } from './media.ts';
import { adminSettingsRoutes } from './settings.ts';
import { adminThemeRoutes } from './themes.ts';
import { adminVendorDomainRoutes } from './vendorDomains.ts';
import { adminUserRoutes } from './users.ts';
import { adminVendorRoutes } from './vendors.ts';

/** /api/v1/admin: sign-in is open; every other route needs an admin bearer token. */
export function adminRoutes(services: Services): Router {
  const router = new Router();
  const auth = adminAuthRoutes(services);
  router.use(auth.routes());
  const guarded = new Router();
  guarded.use(requireAdmin(services));
  for (const area of [adminUserRoutes, adminEventRoutes, adminOrdersAreaRoutes, adminCompanyRoutes, adminVendorRoutes,
    adminVendorDomainRoutes, adminThemeRoutes, adminSettingsRoutes, adminMarketplaceImportRoutes,
    adminCatalogueRoutes, adminVendorProductRoutes, adminInventoryRoutes, adminMediaRoutes]) guarded.use(area(services).routes());
  router.use(guarded.routes());
  return router;
}
