import Router from '@koa/router';
import type { Services } from '../../runtime/services.ts';
import { vendorContext } from '../vendorContext.ts';
import { shopVendorRoutes } from './vendor.ts';

/**
 * /api/v1/shop (SPEC.md part 1). Every shop route runs for the vendor the vendor context
 * middleware resolved (`ctx.state.vendorContext`, src/http/vendorContext.ts).
 */
export function shopRoutes(services: Services): Router {
  const router = new Router();
  router.use(vendorContext(services));
  for (const area of [shopVendorRoutes]) router.use(area(services).routes());
  return router;
}
