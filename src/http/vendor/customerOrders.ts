import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { listOrders } from '../../../queries/orders/listOrders.ts';
import { CustomerNotFoundException } from '../../../commands/customers/errors.ts';
import { getCustomer } from '../../modules/customers.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { OrderList, OrderSortQuery } from '../schemas/orders.ts';
import { IdParams, PageQuery } from '../validation.ts';
import { vendorCaller } from '../vendorAuth.ts';

const OrdersQuery = Type.Object({ ...PageQuery, sort: OrderSortQuery });

/**
 * A shop customer's orders within the vendor, as the order list shows them: the orders area's
 * route under the customer's path (orders build on customers). The vendor condition stays even
 * though a customer belongs to one vendor: the tenant is never taken on trust.
 */
export function vendorCustomerOrderRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const vendorOf = (ctx: { state: unknown }) => vendorCaller(ctx).id;

  api.get(
    '/customers/:id/orders',
    {
      summary: "A customer's shop orders, newest first (sortable as the order list)",
      permission: 'orders.view',
      params: IdParams,
      query: OrdersQuery,
      responses: { 200: OrderList },
      errors: [CustomerNotFoundException],
    },
    async (ctx, { params, query }) => {
      const vendorId = vendorOf(ctx);
      await getCustomer(services.db.knex, params.id, vendorId);
      ctx.body = await listOrders(
        services.db.knex,
        { vendor_id: vendorId, customer_id: params.id },
        { page: query.page ?? 1, limit: query.limit ?? 20 },
        query.sort,
      );
    },
  );

  return api.router;
}
