import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { ignoreException, resolveExceptionByHand } from '../../../commands/orders/exceptionHandlers.ts';
import type { OrderDeps } from '../../../commands/orders/handlers.ts';
import { getMatchableProduct } from '../../../queries/orders/getMatchableProduct.ts';
import { getOrderItemException, listOrderItemExceptions } from '../../../queries/orders/listOrderItemExceptions.ts';
import type { Services } from '../../runtime/services.ts';
import { Id, input, PageQuery } from '../validation.ts';
import { requireVendor, vendorCommandContext, type VendorCaller } from '../vendorAuth.ts';

const Params = Type.Object({ exception_id: Id });
const ListQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('resolved'), Type.Literal('ignored')])),
  order_id: Type.Optional(Id),
});
const ResolveBody = Type.Object({ product_id: Id }, { additionalProperties: false });

/**
 * Order item exceptions of the token's vendor (SPEC.md 4.2): list, read, resolve by linking the
 * item to one of the vendor's products, or ignore (leave it on the placeholder product).
 */
export function vendorOrderItemExceptionRoutes(services: Services): Router {
  const router = new Router();
  const deps = (): OrderDeps => ({ store: services.store, db: services.db.knex });
  const view = requireVendor(services, 'orders.view');
  const edit = requireVendor(services, 'orders.edit');
  const vendorOf = (ctx: any) => (ctx.state.vendor as VendorCaller).id;

  router.get('/order-item-exceptions', view, async (ctx) => {
    const { query } = input(ctx, { query: ListQuery });
    ctx.body = await listOrderItemExceptions(services.db.knex, vendorOf(ctx), { status: query.status, order_id: query.order_id },
      { page: query.page ?? 1, limit: query.limit ?? 20 });
  });

  router.get('/order-item-exceptions/:exception_id', view, async (ctx) => {
    const { params } = input(ctx, { params: Params });
    ctx.body = await getOrderItemException(services.db.knex, params.exception_id, vendorOf(ctx));
  });

  router.post('/order-item-exceptions/:exception_id/resolve', edit, async (ctx) => {
    const { params, body } = input(ctx, { params: Params, body: ResolveBody });
    const vendorId = vendorOf(ctx);
    const x = await getOrderItemException(services.db.knex, params.exception_id, vendorId);
    const product = await getMatchableProduct(services.db.knex, vendorId, body.product_id);
    const done = await resolveExceptionByHand(deps(), x.order_id, {
      vendor_id: vendorId, exception_id: x.id, product_id: product.id, product_gtin: product.gtin,
    }, vendorCommandContext(ctx));
    await services.settle([done]);
    ctx.body = await getOrderItemException(services.db.knex, params.exception_id, vendorId);
  });

  router.post('/order-item-exceptions/:exception_id/ignore', edit, async (ctx) => {
    const { params } = input(ctx, { params: Params });
    const vendorId = vendorOf(ctx);
    const x = await getOrderItemException(services.db.knex, params.exception_id, vendorId);
    await services.settle([await ignoreException(deps(), x.order_id, vendorId, x.id, vendorCommandContext(ctx))]);
    ctx.body = await getOrderItemException(services.db.knex, params.exception_id, vendorId);
  });

  return router;
}
