import Router from '@koa/router';
import type { Services } from '../../runtime/services.ts';
import { vendorOrdersAreaRoutes } from './ordersArea.ts';
import { vendorAuthRoutes } from './auth.ts';
import { vendorMarketplaceImportRoutes } from './marketplaceImports.ts';
import { vendorProductRoutes } from './products.ts';
import { vendorInventoryTransactionRoutes } from './inventoryTransactions.ts';
import { vendorInventoryRoutes } from './inventory.ts';
import { vendorMediaRoutes } from './media.ts';
import { vendorSettingsRoutes } from './settings.ts';
import { vendorTeamRoutes } from './team.ts';

/**
 * /api/v1/vendor (SPEC.md part 1). Each business-area router guards its own routes with
 * requireVendor (src/http/vendorAuth.ts), naming the permission a route needs.
 */
export function vendorRoutes(services: Services): Router {
  const router = new Router();
  for (const area of [vendorAuthRoutes, vendorOrdersAreaRoutes, vendorTeamRoutes, vendorSettingsRoutes, vendorMarketplaceImportRoutes,
    vendorProductRoutes, vendorInventoryTransactionRoutes, vendorInventoryRoutes, vendorMediaRoutes]) router.use(area(services).routes());
  return router;
}
