import Router from '@koa/router';
import type { Services } from '../../runtime/services.ts';
import { adminExtmarketRoutes } from './extmarket.ts';
import { adminOrderRoutes } from './orders.ts';

/** The admin routers of the orders area (issue 5), mounted by ./index.ts as one. */
export function adminOrdersAreaRoutes(services: Services): Router {
  const router = new Router();
  for (const area of [adminOrderRoutes, adminExtmarketRoutes]) router.use(area(services).routes());
  return router;
}
