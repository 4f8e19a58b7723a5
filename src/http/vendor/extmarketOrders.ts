import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import {
  confirmItem, confirmWholeOrder, declineItem, rejectWholeOrder, setOrderTracking, type OrderDeps,
} from '../../../commands/orders/handlers.ts';
import { getOrder } from '../../../queries/orders/getOrder.ts';
import { listOrders } from '../../../queries/orders/listOrders.ts';
import { OrderItemNotFoundException } from '../../core/errors.ts';
import type { Handled } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { Id, input, PageQuery } from '../validation.ts';
import { requireVendor, vendorCommandContext, type VendorCaller } from '../vendorAuth.ts';
import { ItemParams, OrderParams, OrderStatus } from './orders.ts';

/** Optional item ids: confirm (or decline) just these items instead of the whole order. */
const ItemsBody = Type.Object({ item_ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true })) }, { additionalProperties: false });
const TrackingBody = Type.Object({
  tracking_number: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9 ._/-]*$' }),
  carrier: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 50, pattern: '^[^\\u0000-\\u001f]+$' }), Type.Null()])),
}, { additionalProperties: false });

/**
 * Extmarket orders of the token's vendor (SPEC.md 4.2): the list with `status` (it replaced
 * sync_status), confirm, reject (decline), per-item confirm and decline, and tracking. Each
 * decision is recorded here, then pushed to the extmarket by a process manager with its
 * inventory unit ids (confirm) or the external_shipment_id (tracking); failures are retried.
 */
export function vendorExtmarketOrderRoutes(services: Services): Router {
  const router = new Router();
  const deps = (): OrderDeps => ({ store: services.store, db: services.db.knex });
  const view = requireVendor(services, 'orders.view');
  const edit = requireVendor(services, 'orders.edit');
  const vendorOf = (ctx: any) => (ctx.state.vendor as VendorCaller).id;
  const answer = async (ctx: any, orderId: number, done: Handled<unknown, any>[]) => {
    await services.settle(done);
    ctx.body = await getOrder(services.db.knex, orderId, vendorOf(ctx));
  };

  router.get('/extmarket/orders', view, async (ctx) => {
    const { query } = input(ctx, { query: Type.Object({ ...PageQuery, status: Type.Optional(OrderStatus), search: Type.Optional(Type.String({ maxLength: 100, pattern: '^[^\\u0000-\\u001f]*$' })) }) });
    ctx.body = await listOrders(services.db.knex, { vendor_id: vendorOf(ctx), channel: 'extmarket', status: query.status, search: query.search },
      { page: query.page ?? 1, limit: query.limit ?? 20 });
  });

  router.get('/extmarket/orders/:order_id', view, async (ctx) => {
    const { params } = input(ctx, { params: OrderParams });
    ctx.body = await getOrder(services.db.knex, params.order_id, vendorOf(ctx));
  });

  for (const [path, confirm] of [['confirm', true], ['reject', false]] as const) {
    router.post(`/extmarket/orders/:order_id/${path}`, edit, async (ctx) => {
      const { params, body } = input(ctx, { params: OrderParams, body: ItemsBody });
      const who = { vendor_id: vendorOf(ctx), source: 'vendor' as const };
      const c = vendorCommandContext(ctx);
      const done = [];
      if (body.item_ids) {
        // Every listed item must be one of this order's before any is decided: an unknown item, or
        // another order's (another vendor's), refuses the whole request instead of what follows it.
        const items = new Set((await getOrder(services.db.knex, params.order_id, who.vendor_id)).items.map((i: { id: number }) => i.id));
        const unknown = body.item_ids.find((id) => !items.has(id));
        if (unknown !== undefined) throw new OrderItemNotFoundException(`Order ${params.order_id} has no item ${unknown}`, { order_id: params.order_id, item_id: unknown });
        for (const itemId of body.item_ids) done.push(await (confirm ? confirmItem : declineItem)(deps(), params.order_id, itemId, who, c));
      } else {
        done.push(await (confirm ? confirmWholeOrder : rejectWholeOrder)(deps(), params.order_id, who, c));
      }
      await answer(ctx, params.order_id, done);
    });
  }

  for (const [path, confirm] of [['confirm', true], ['decline', false]] as const) {
    router.post(`/extmarket/orders/:order_id/items/:item_id/${path}`, edit, async (ctx) => {
      const { params } = input(ctx, { params: ItemParams });
      const done = await (confirm ? confirmItem : declineItem)(deps(), params.order_id, params.item_id, { vendor_id: vendorOf(ctx), source: 'vendor' }, vendorCommandContext(ctx));
      await answer(ctx, params.order_id, [done]);
    });
  }

  router.post('/extmarket/orders/:order_id/tracking', edit, async (ctx) => {
    const { params, body } = input(ctx, { params: OrderParams, body: TrackingBody });
    const done = await setOrderTracking(deps(), params.order_id, vendorOf(ctx), body.tracking_number.trim(), body.carrier ?? null, vendorCommandContext(ctx));
    await answer(ctx, params.order_id, [done]);
  });

  return router;
}
