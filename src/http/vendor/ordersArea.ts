import Router from '@koa/router';
import type { Services } from '../../runtime/services.ts';
import { vendorExtmarketRoutes } from './extmarket.ts';
import { vendorInvoiceRoutes } from './invoices.ts';
import { vendorExtmarketOrderRoutes } from './extmarketOrders.ts';
import { vendorOrderItemExceptionRoutes } from './orderItemExceptions.ts';
import { vendorOrderRoutes } from './orders.ts';

/** The vendor routers of the orders area (issue 5), mounted by ./index.ts as one. */
export function vendorOrdersAreaRoutes(services: Services): Router {
  const router = new Router();
  for (const area of [vendorOrderRoutes, vendorExtmarketOrderRoutes, vendorOrderItemExceptionRoutes, vendorExtmarketRoutes, vendorInvoiceRoutes]) router.use(area(services).routes());
  return router;
}
