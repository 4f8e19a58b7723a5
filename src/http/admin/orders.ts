import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import {
  confirmItem, confirmWholeOrder, declineItem, rejectWholeOrder, type OrderDeps,
} from '../../../commands/orders/handlers.ts';
import { getOrder } from '../../../queries/orders/getOrder.ts';
import { listOrders } from '../../../queries/orders/listOrders.ts';
import { OrderNotFoundException } from '../../core/errors.ts';
import { deciderOf } from '../../runtime/aggregates.ts';
import { replay, stateAt } from '../../runtime/history.ts';
import type { Services } from '../../runtime/services.ts';
import { commandContext } from '../auth.ts';
import { Id, input, PageQuery } from '../validation.ts';
import { OrderStatus } from '../vendor/orders.ts';
import { auditView } from './events.ts';

const VendorOrder = Type.Object({ vendor_id: Id, order_id: Id });
const VendorOrderItem = Type.Object({ vendor_id: Id, order_id: Id, item_id: Id });
const ListQuery = Type.Object({
  ...PageQuery,
  vendor_id: Type.Optional(Id),
  status: Type.Optional(OrderStatus),
  channel: Type.Optional(Type.Union([Type.Literal('extmarket'), Type.Literal('shop')])),
  search: Type.Optional(Type.String({ maxLength: 100, pattern: '^[^\\u0000-\\u001f]*$' })),
});
const HistoryQuery = Type.Object({ at: Type.Optional(Type.String({ format: 'date-time' })) });

/**
 * Admin order management (SPEC.md 4.1): the list with a vendor filter, the detail with
 * vendor_name and vendor_code, the order's history (events with who and when, and the state at
 * any past time), and confirm / reject / item confirm / item decline for any vendor's order.
 */
export function adminOrderRoutes(services: Services): Router {
  const router = new Router();
  const deps = (): OrderDeps => ({ store: services.store, db: services.db.knex });

  router.get('/orders', async (ctx) => {
    const { query } = input(ctx, { query: ListQuery });
    ctx.body = await listOrders(services.db.knex, { vendor_id: query.vendor_id, status: query.status, channel: query.channel, search: query.search },
      { page: query.page ?? 1, limit: query.limit ?? 20 });
  });

  router.get('/orders/:order_id', async (ctx) => {
    const { params } = input(ctx, { params: Type.Object({ order_id: Id }) });
    ctx.body = await getOrder(services.db.knex, params.order_id);
  });

  router.get('/orders/:order_id/history', async (ctx) => {
    const { params, query } = input(ctx, { params: Type.Object({ order_id: Id }), query: HistoryQuery });
    const stream = `order-${params.order_id}`;
    const events = await services.store.readStream(stream);
    if (events.length === 0) throw new OrderNotFoundException(`Order ${params.order_id} not found`);
    const decider = deciderOf(stream)!;
    const steps = replay(decider, events);
    ctx.body = {
      order_id: params.order_id,
      stream,
      events: steps.map((s) => ({ ...auditView(s.event), state_after: s.state })),
      current_state: steps[steps.length - 1].state,
      ...(query.at ? { at: query.at, state_at: stateAt(decider, events, new Date(query.at)) } : {}),
    };
  });

  const admin = (ctx: any, vendorId: number) => commandContext(ctx, ctx.state.admin.id, vendorId);
  for (const [path, confirm] of [['confirm', true], ['reject', false]] as const) {
    router.post(`/vendors/:vendor_id/orders/:order_id/${path}`, async (ctx) => {
      const { params } = input(ctx, { params: VendorOrder });
      const who = { vendor_id: params.vendor_id, source: 'admin' as const };
      const done = await (confirm ? confirmWholeOrder : rejectWholeOrder)(deps(), params.order_id, who, admin(ctx, params.vendor_id));
      await services.settle([done]);
      ctx.body = await getOrder(services.db.knex, params.order_id, params.vendor_id);
    });
  }
  for (const [path, confirm] of [['confirm', true], ['decline', false]] as const) {
    router.post(`/vendors/:vendor_id/orders/:order_id/items/:item_id/${path}`, async (ctx) => {
      const { params } = input(ctx, { params: VendorOrderItem });
      const who = { vendor_id: params.vendor_id, source: 'admin' as const };
      const done = await (confirm ? confirmItem : declineItem)(deps(), params.order_id, params.item_id, who, admin(ctx, params.vendor_id));
      await services.settle([done]);
      ctx.body = await getOrder(services.db.knex, params.order_id, params.vendor_id);
    });
  }
  return router;
}
