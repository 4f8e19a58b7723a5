import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { getCustomer } from '../../../queries/customers/getCustomer.ts';
import { listCustomers } from '../../../queries/customers/listCustomers.ts';
import { CustomerNotFoundException } from '../../../commands/customers/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { Page } from '../responses.ts';
import { CustomerDetail, CustomerItem, CustomerListQuery } from '../schemas/customers.ts';
import { IdParams, PageQuery } from '../validation.ts';
import { vendorCaller } from '../vendorAuth.ts';

const ListQuery = Type.Object(CustomerListQuery);

/**
 * The vendor's shop customers (issue: customers for vendors): the list with search and sort, a
 * customer's detail with order statistics and saved addresses (the customer's orders are the
 * orders area's route, src/http/vendor/customerOrders.ts). The vendor is the token's; another
 * vendor's customer is a 404.
 */
export function vendorCustomerRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const vendorOf = (ctx: { state: unknown }) => vendorCaller(ctx).id;

  api.get(
    '/customers',
    {
      summary: "The shop's customers with their order statistics, searched (e-mail, names) and sorted",
      permission: 'customers.view',
      query: ListQuery,
      responses: { 200: Page(CustomerItem) },
    },
    async (ctx, { query }) => {
      ctx.body = await listCustomers(
        services.db.knex,
        { vendor_id: vendorOf(ctx), search: query.search },
        { page: query.page ?? 1, limit: query.limit ?? 20 },
        query.sort,
      );
    },
  );

  api.get(
    '/customers/:id',
    {
      summary: 'One customer with order statistics, preferences and saved addresses',
      permission: 'customers.view',
      params: IdParams,
      responses: { 200: CustomerDetail },
      errors: [CustomerNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getCustomer(services.db.knex, params.id, vendorOf(ctx));
    },
  );

  return api.router;
}
