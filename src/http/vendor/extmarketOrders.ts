import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import {
  confirmItem,
  confirmWholeOrder,
  declineItem,
  getOrder,
  listOrders,
  rejectWholeOrder,
  setOrderTracking,
  type OrderDeps,
} from '../../modules/orders.ts';
import { InvalidTransitionException } from '../../core/errors.ts';
import {
  OrderItemNotFoundException,
  OrderNotFoundException,
  UnresolvedOrderItemExceptionsException,
} from '../../../commands/orders/errors.ts';
import type { Handled } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import {
  ItemParams,
  OrderDetail,
  OrderList,
  OrderParams,
  OrderSearch,
  OrderSortQuery,
  OrderStatus,
  TrackingBody,
} from '../../modules/orders.ts';
import { Id, PageQuery } from '../validation.ts';
import { vendorCommandContext, vendorCaller } from '../vendorAuth.ts';

/** Optional item ids: confirm (or decline) just these items instead of the whole order. */
const ItemsBody = Type.Object(
  { item_ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true })) },
  { $id: 'ExtmarketOrderItemsRequest', additionalProperties: false },
);
const ListQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(OrderStatus),
  search: Type.Optional(OrderSearch),
  sort: OrderSortQuery,
});

/**
 * Extmarket orders of the token's vendor (SPEC.md 4.2): the list with `status` (it replaced
 * sync_status), confirm, reject (decline), per-item confirm and decline, and tracking. Each
 * decision is recorded here, then pushed to the extmarket by a process manager with its
 * inventory unit ids (confirm) or the external_shipment_id (tracking); failures are retried.
 */
export function vendorExtmarketOrderRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const deps = (): OrderDeps => ({ store: services.store, db: services.db.knex, clock: services.clock });
  const vendorOf = (ctx: { state: unknown }) => vendorCaller(ctx).id;
  const answer = async (ctx: { state: any; body: unknown }, orderId: number, done: Handled<unknown, any>[]) => {
    await services.settle(done);
    ctx.body = await getOrder(services.db.knex, orderId, vendorOf(ctx));
  };

  api.get(
    '/extmarket/orders',
    {
      feature: 'extmarket_order_sync',
      summary: "The vendor's extmarket orders, by status, searched and sorted",
      permission: 'orders.view',
      query: ListQuery,
      responses: { 200: OrderList },
    },
    async (ctx, { query }) => {
      ctx.body = await listOrders(
        services.db.knex,
        { vendor_id: vendorOf(ctx), channel: 'extmarket', status: query.status, search: query.search },
        { page: query.page ?? 1, limit: query.limit ?? 20 },
        query.sort,
      );
    },
  );

  api.get(
    '/extmarket/orders/:order_id',
    {
      feature: 'extmarket_order_sync',
      summary: "One of the vendor's extmarket orders with its items, exceptions and pushes",
      permission: 'orders.view',
      params: OrderParams,
      responses: { 200: OrderDetail },
      errors: [OrderNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getOrder(services.db.knex, params.order_id, vendorOf(ctx));
    },
  );

  for (const [path, confirm] of [
    ['confirm', true],
    ['reject', false],
  ] as const) {
    api.post(
      `/extmarket/orders/:order_id/${path}`,
      {
        feature: 'extmarket_order_sync',
        summary: confirm
          ? "Confirm the order's unconfirmed items, or only the listed item_ids (refused while an item exception is pending)"
          : 'Reject (decline) the whole order, or only the listed item_ids',
        permission: 'orders.edit',
        params: OrderParams,
        body: ItemsBody,
        responses: { 200: OrderDetail },
        errors: [
          OrderNotFoundException,
          OrderItemNotFoundException,
          InvalidTransitionException,
          ...(confirm ? [UnresolvedOrderItemExceptionsException] : []),
        ],
      },
      async (ctx, { params, body }) => {
        const who = { vendor_id: vendorOf(ctx), source: 'vendor' as const };
        const c = vendorCommandContext(ctx);
        const done = [];
        if (body.item_ids) {
          // Every listed item must be one of this order's before any is decided: an unknown item, or
          // another order's (another vendor's), refuses the whole request instead of what follows it.
          const items = new Set((await getOrder(services.db.knex, params.order_id, who.vendor_id)).items.map((i: { id: number }) => i.id));
          const unknown = body.item_ids.find((id) => !items.has(id));
          if (unknown !== undefined)
            throw new OrderItemNotFoundException(`Order ${params.order_id} has no item ${unknown}`, {
              order_id: params.order_id,
              item_id: unknown,
            });
          for (const itemId of body.item_ids)
            done.push(await (confirm ? confirmItem : declineItem)(deps(), params.order_id, itemId, who, c));
        } else {
          done.push(await (confirm ? confirmWholeOrder : rejectWholeOrder)(deps(), params.order_id, who, c));
        }
        await answer(ctx, params.order_id, done);
      },
    );
  }

  for (const [path, confirm] of [
    ['confirm', true],
    ['decline', false],
  ] as const) {
    api.post(
      `/extmarket/orders/:order_id/items/:item_id/${path}`,
      {
        feature: 'extmarket_order_sync',
        summary: confirm ? 'Confirm one unconfirmed item of the order' : 'Decline one unconfirmed item of the order',
        permission: 'orders.edit',
        params: ItemParams,
        responses: { 200: OrderDetail },
        errors: [OrderNotFoundException, OrderItemNotFoundException, InvalidTransitionException],
      },
      async (ctx, { params }) => {
        const done = await (confirm ? confirmItem : declineItem)(
          deps(),
          params.order_id,
          params.item_id,
          { vendor_id: vendorOf(ctx), source: 'vendor' },
          vendorCommandContext(ctx),
        );
        await answer(ctx, params.order_id, [done]);
      },
    );
  }

  api.post(
    '/extmarket/orders/:order_id/tracking',
    {
      feature: 'extmarket_order_sync',
      summary: 'Set the tracking number (and carrier) of a confirmed or shipped order; pushed to the extmarket',
      permission: 'orders.edit',
      params: OrderParams,
      body: TrackingBody,
      responses: { 200: OrderDetail },
      errors: [OrderNotFoundException, InvalidTransitionException],
    },
    async (ctx, { params, body }) => {
      const done = await setOrderTracking(
        deps(),
        params.order_id,
        vendorOf(ctx),
        body.tracking_number.trim(),
        body.carrier ?? null,
        vendorCommandContext(ctx),
      );
      await answer(ctx, params.order_id, [done]);
    },
  );

  return api.router;
}
