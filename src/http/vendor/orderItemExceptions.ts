import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { ignoreException, resolveExceptionByHand } from '../../../commands/orders/handlers/itemExceptions.ts';
import type { OrderDeps } from '../../../commands/orders/handlers/order.ts';
import { getMatchableProduct } from '../../../queries/orders/getMatchableProduct.ts';
import { getOrderItemException, listOrderItemExceptions } from '../../../queries/orders/listOrderItemExceptions.ts';
import { InvalidTransitionException } from '../../core/errors.ts';
import { ProductException, ProductNotFoundException } from '../../../commands/catalogue/errors.ts';
import { OrderItemExceptionNotFoundException, ProductMatchException } from '../../../commands/orders/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { Page } from '../responses.ts';
import { ExceptionStatus, OrderItemException } from '../schemas/orders.ts';
import { Id, PageQuery } from '../validation.ts';
import { vendorCommandContext, vendorCaller } from '../vendorAuth.ts';

const Params = Type.Object({ exception_id: Id });
const ListQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(ExceptionStatus),
  order_id: Type.Optional(Id),
});
const ResolveBody = Type.Object({ product_id: Id }, { $id: 'ResolveOrderItemExceptionRequest', additionalProperties: false });

/**
 * Order item exceptions of the token's vendor (SPEC.md 4.2): list, read, resolve by linking the
 * item to one of the vendor's products, or ignore (leave it on the placeholder product).
 */
export function vendorOrderItemExceptionRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const deps = (): OrderDeps => ({ store: services.store, db: services.db.knex, clock: services.clock });
  const vendorOf = (ctx: { state: unknown }) => vendorCaller(ctx).id;

  api.get(
    '/order-item-exceptions',
    {
      feature: 'order_item_exceptions',
      summary: "The vendor's order item exceptions, newest first, by status or order",
      permission: 'orders.view',
      query: ListQuery,
      responses: { 200: Page(OrderItemException) },
    },
    async (ctx, { query }) => {
      ctx.body = await listOrderItemExceptions(
        services.db.knex,
        vendorOf(ctx),
        { status: query.status, order_id: query.order_id },
        { page: query.page ?? 1, limit: query.limit ?? 20 },
      );
    },
  );

  api.get(
    '/order-item-exceptions/:exception_id',
    {
      feature: 'order_item_exceptions',
      summary: "One of the vendor's order item exceptions",
      permission: 'orders.view',
      params: Params,
      responses: { 200: OrderItemException },
      errors: [OrderItemExceptionNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getOrderItemException(services.db.knex, params.exception_id, vendorOf(ctx));
    },
  );

  api.post(
    '/order-item-exceptions/:exception_id/resolve',
    {
      feature: 'order_item_exceptions',
      summary: "Resolve a pending exception by linking its item to one of the vendor's products (not the placeholder)",
      permission: 'orders.edit',
      params: Params,
      body: ResolveBody,
      responses: { 200: OrderItemException },
      errors: [
        OrderItemExceptionNotFoundException,
        ProductNotFoundException,
        ProductException,
        ProductMatchException,
        InvalidTransitionException,
      ],
    },
    async (ctx, { params, body }) => {
      const vendorId = vendorOf(ctx);
      const x = await getOrderItemException(services.db.knex, params.exception_id, vendorId);
      const product = await getMatchableProduct(services.db.knex, vendorId, body.product_id);
      const done = await resolveExceptionByHand(
        deps(),
        x.order_id,
        {
          vendor_id: vendorId,
          exception_id: x.id,
          product_id: product.id,
          product_gtin: product.gtin,
        },
        vendorCommandContext(ctx),
      );
      await services.settle([done]);
      ctx.body = await getOrderItemException(services.db.knex, params.exception_id, vendorId);
    },
  );

  api.post(
    '/order-item-exceptions/:exception_id/ignore',
    {
      feature: 'order_item_exceptions',
      summary: 'Ignore a pending exception: the item stays on the placeholder product and no longer blocks the order',
      permission: 'orders.edit',
      params: Params,
      responses: { 200: OrderItemException },
      errors: [OrderItemExceptionNotFoundException, InvalidTransitionException],
    },
    async (ctx, { params }) => {
      const vendorId = vendorOf(ctx);
      const x = await getOrderItemException(services.db.knex, params.exception_id, vendorId);
      await services.settle([await ignoreException(deps(), x.order_id, vendorId, x.id, vendorCommandContext(ctx))]);
      ctx.body = await getOrderItemException(services.db.knex, params.exception_id, vendorId);
    },
  );

  return api.router;
}
