import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { confirmItem, confirmWholeOrder, declineItem, rejectWholeOrder, type OrderDeps } from '../../../commands/orders/handlers/order.ts';
import { getOrder } from '../../../queries/orders/getOrder.ts';
import { listOrders } from '../../../queries/orders/listOrders.ts';
import { InvalidTransitionException } from '../../core/errors.ts';
import {
  OrderItemNotFoundException,
  OrderNotFoundException,
  UnresolvedOrderItemExceptionsException,
} from '../../../commands/orders/errors.ts';
import { deciderOf } from '../../runtime/aggregates.ts';
import { replay, stateAt } from '../../runtime/history.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { Timestamp } from '../responses.ts';
import { OrderDetail, OrderList, OrderListQuery, OrderParams } from '../schemas/orders.ts';
import { Id } from '../validation.ts';
import { AuditEvent, auditView } from '../../modules/history.ts';

const VendorOrder = Type.Object({ vendor_id: Id, order_id: Id });
const VendorOrderItem = Type.Object({ vendor_id: Id, order_id: Id, item_id: Id });
const ListQuery = Type.Object({ ...OrderListQuery, vendor_id: Type.Optional(Id) });
const HistoryQuery = Type.Object({ at: Type.Optional(Type.String({ format: 'date-time' })) });

/** The order aggregate's state (commands/orders/order.ts OrderState), secrets redacted. */
const OrderState = Type.Object(
  {
    status: Type.String(),
    items: Type.Optional(
      Type.Array(
        Type.Object({ item_id: Type.Integer(), status: Type.String(), quantity: Type.Integer(), shipped_quantity: Type.Integer() }),
      ),
    ),
  },
  { $id: 'OrderState', description: 'The order as the aggregate holds it ({status: "none"} before its import)' },
);

/** The order's history: every event with who and when and the state after it, and the state at `at`. */
const OrderHistory = Type.Object(
  {
    order_id: Type.Integer(),
    stream: Type.String(),
    events: Type.Array(Type.Composite([AuditEvent, Type.Object({ state_after: OrderState })])),
    current_state: OrderState,
    at: Type.Optional(Timestamp),
    state_at: Type.Optional(OrderState),
  },
  { $id: 'OrderHistoryResponse' },
);

/**
 * Admin order management (SPEC.md 4.1): the list with a vendor filter, the detail with
 * vendor_name and vendor_code, the order's history (events with who and when, and the state at
 * any past time), and confirm / reject / item confirm / item decline for any vendor's order.
 */
export function adminOrderRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const deps = (): OrderDeps => ({ store: services.store, db: services.db.knex, clock: services.clock });

  api.get(
    '/orders',
    {
      summary: 'Orders of every vendor, filtered by vendor, status and channel, searched and sorted',
      query: ListQuery,
      responses: { 200: OrderList },
    },
    async (ctx, { query }) => {
      ctx.body = await listOrders(
        services.db.knex,
        { vendor_id: query.vendor_id, status: query.status, channel: query.channel, search: query.search },
        { page: query.page ?? 1, limit: query.limit ?? 20 },
        query.sort,
      );
    },
  );

  api.get(
    '/orders/:order_id',
    {
      summary: 'One order with its vendor, items, exceptions and extmarket pushes',
      params: OrderParams,
      responses: { 200: OrderDetail },
      errors: [OrderNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getOrder(services.db.knex, params.order_id);
    },
  );

  api.get(
    '/orders/:order_id/history',
    {
      summary: "The order's events with who and when and the state after each, and the state at a past instant (at)",
      params: OrderParams,
      query: HistoryQuery,
      responses: { 200: OrderHistory },
      errors: [OrderNotFoundException],
    },
    async (ctx, { params, query }) => {
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
    },
  );

  const admin = (ctx: Context, vendorId: number) => commandContext(ctx, adminCaller(ctx).id, vendorId);
  for (const [path, confirm] of [
    ['confirm', true],
    ['reject', false],
  ] as const) {
    api.post(
      `/vendors/:vendor_id/orders/:order_id/${path}`,
      {
        summary: confirm
          ? "Confirm every unconfirmed item of a vendor's order (refused while an item exception is pending)"
          : "Reject (decline) a vendor's unconfirmed order",
        params: VendorOrder,
        responses: { 200: OrderDetail },
        errors: [OrderNotFoundException, InvalidTransitionException, ...(confirm ? [UnresolvedOrderItemExceptionsException] : [])],
      },
      async (ctx, { params }) => {
        const who = { vendor_id: params.vendor_id, source: 'admin' as const };
        const done = await (confirm ? confirmWholeOrder : rejectWholeOrder)(deps(), params.order_id, who, admin(ctx, params.vendor_id));
        await services.settle([done]);
        ctx.body = await getOrder(services.db.knex, params.order_id, params.vendor_id);
      },
    );
  }
  for (const [path, confirm] of [
    ['confirm', true],
    ['decline', false],
  ] as const) {
    api.post(
      `/vendors/:vendor_id/orders/:order_id/items/:item_id/${path}`,
      {
        summary: confirm ? "Confirm one unconfirmed item of a vendor's order" : "Decline one unconfirmed item of a vendor's order",
        params: VendorOrderItem,
        responses: { 200: OrderDetail },
        errors: [OrderNotFoundException, OrderItemNotFoundException, InvalidTransitionException],
      },
      async (ctx, { params }) => {
        const who = { vendor_id: params.vendor_id, source: 'admin' as const };
        const done = await (confirm ? confirmItem : declineItem)(
          deps(),
          params.order_id,
          params.item_id,
          who,
          admin(ctx, params.vendor_id),
        );
        await services.settle([done]);
        ctx.body = await getOrder(services.db.knex, params.order_id, params.vendor_id);
      },
    );
  }
  return api.router;
}
