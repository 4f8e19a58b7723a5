import Router from '@koa/router';
import type { Services } from '../../runtime/services.ts';
import { publicVendorRoutes } from './vendors.ts';

/** /api/v1/public (SPEC.md part 1). Business-area routers are mounted here as they arrive. */
export function publicRoutes(services: Services): Router {
  const router = new Router();
  for (const area of [publicVendorRoutes]) router.use(area(services).routes());
  return router;
}
