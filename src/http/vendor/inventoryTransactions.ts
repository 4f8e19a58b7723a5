import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { listInventoryTransactions } from '../../../queries/inventory/listInventoryTransactions.ts';
import type { Services } from '../../runtime/services.ts';
import { TransactionQuery } from '../admin/inventory.ts';
import { Id, input, PageQuery } from '../validation.ts';
import { requireVendor, type VendorCaller } from '../vendorAuth.ts';

/**
 * The vendor's stock ledger (SPEC.md 4.2): GET /inventory/transactions (paginated; filters on
 * type, product, order, date range), /inventory/transactions/product/{product_id} and
 * /inventory/transactions/order/{order_id}. Items carry the product's details. Mounted before
 * /inventory/{id}, which would otherwise capture "transactions".
 */
export function vendorInventoryTransactionRoutes(services: Services): Router {
  const router = new Router();
  const knex = services.db.knex;
  const view = requireVendor(services, 'inventory.view');
  const me = (ctx: { state: any }) => (ctx.state.vendor as VendorCaller).id;
  const page = (q: { page?: number; limit?: number }) => ({ page: q.page ?? 1, limit: q.limit ?? 20 });

  router.get('/inventory/transactions', view, async (ctx) => {
    const { query } = input(ctx, { query: Type.Object(TransactionQuery) });
    ctx.body = await listInventoryTransactions(knex, { ...query, vendor_id: me(ctx) }, page(query), false);
  });

  router.get('/inventory/transactions/product/:product_id', view, async (ctx) => {
    const { params, query } = input(ctx, { params: Type.Object({ product_id: Id }), query: Type.Object(PageQuery) });
    ctx.body = await listInventoryTransactions(knex, { vendor_id: me(ctx), product_id: params.product_id }, page(query), false);
  });

  router.get('/inventory/transactions/order/:order_id', view, async (ctx) => {
    const { params, query } = input(ctx, { params: Type.Object({ order_id: Id }), query: Type.Object(PageQuery) });
    ctx.body = await listInventoryTransactions(knex, { vendor_id: me(ctx), order_id: params.order_id }, page(query), false);
  });

  return router;
}
