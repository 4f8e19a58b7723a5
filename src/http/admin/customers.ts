import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { getCustomer } from '../../../queries/customers/getCustomer.ts';
import { listCustomers } from '../../../queries/customers/listCustomers.ts';
import { CustomerNotFoundException } from '../../../commands/customers/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { Page } from '../responses.ts';
import { CustomerDetail, CustomerItem, CustomerListQuery } from '../schemas/customers.ts';
import { Id, IdParams } from '../validation.ts';

const ListQuery = Type.Object({ ...CustomerListQuery, vendor_id: Type.Optional(Id) });

/** Shop customers across vendors (SPEC.md 4.1 "customer endpoints", AdminCustomerService). */
export function adminCustomerRoutes(services: Services): Router {
  const api = new Api(services, 'admin');

  api.get(
    '/customers',
    {
      summary: 'Customers of every shop, with a vendor filter, searched (e-mail, names) and sorted',
      query: ListQuery,
      responses: { 200: Page(CustomerItem) },
    },
    async (ctx, { query }) => {
      ctx.body = await listCustomers(
        services.db.knex,
        { vendor_id: query.vendor_id, search: query.search },
        { page: query.page ?? 1, limit: query.limit ?? 20 },
        query.sort,
      );
    },
  );

  api.get(
    '/customers/:id',
    {
      summary: 'One customer with the vendor, order statistics, preferences and saved addresses',
      params: IdParams,
      responses: { 200: CustomerDetail },
      errors: [CustomerNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getCustomer(services.db.knex, params.id);
    },
  );

  return api.router;
}
