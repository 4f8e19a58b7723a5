import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { listInventoryTransactions } from '../../../queries/inventory/listInventoryTransactions.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { Page } from '../responses.ts';
import { TransactionItem, TransactionQuery } from '../schemas/inventory.ts';
import { Id, PageQuery } from '../validation.ts';
import { vendorCaller } from '../vendorAuth.ts';

/**
 * The vendor's stock ledger (SPEC.md 4.2): GET /inventory/transactions (paginated; filters on
 * type, product, order, date range), /inventory/transactions/product/{product_id} and
 * /inventory/transactions/order/{order_id}. Items carry the product's details. Mounted before
 * /inventory/{id}, which would otherwise capture "transactions".
 */
export function vendorInventoryTransactionRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const knex = services.db.knex;
  const me = (ctx: { state: unknown }) => vendorCaller(ctx).id;
  const page = (q: { page?: number; limit?: number }) => ({ page: q.page ?? 1, limit: q.limit ?? 20 });

  api.get(
    '/inventory/transactions',
    {
      summary: "The vendor's stock ledger, newest first, with the products' details",
      permission: 'inventory.view',
      query: Type.Object(TransactionQuery),
      responses: { 200: Page(TransactionItem) },
    },
    async (ctx, { query }) => {
      ctx.body = await listInventoryTransactions(knex, { ...query, vendor_id: me(ctx) }, page(query), false);
    },
  );

  api.get(
    '/inventory/transactions/product/:product_id',
    {
      summary: "The ledger of one of the vendor's products, newest first",
      permission: 'inventory.view',
      params: Type.Object({ product_id: Id }),
      query: Type.Object(PageQuery),
      responses: { 200: Page(TransactionItem) },
    },
    async (ctx, { params, query }) => {
      ctx.body = await listInventoryTransactions(knex, { vendor_id: me(ctx), product_id: params.product_id }, page(query), false);
    },
  );

  api.get(
    '/inventory/transactions/order/:order_id',
    {
      summary: 'The ledger movements of one order, newest first',
      permission: 'inventory.view',
      params: Type.Object({ order_id: Id }),
      query: Type.Object(PageQuery),
      responses: { 200: Page(TransactionItem) },
    },
    async (ctx, { params, query }) => {
      ctx.body = await listInventoryTransactions(knex, { vendor_id: me(ctx), order_id: params.order_id }, page(query), false);
    },
  );

  return api.router;
}
