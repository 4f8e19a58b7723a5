import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { setOrderTracking, shipOrderItem, type OrderDeps } from '../../../commands/orders/handlers/order.ts';
import { getOrder } from '../../../queries/orders/getOrder.ts';
import { getShipmentStatus } from '../../../queries/orders/getShipmentStatus.ts';
import { listOrders } from '../../../queries/orders/listOrders.ts';
import { InvalidTransitionException } from '../../core/errors.ts';
import { OrderItemNotFoundException, OrderNotFoundException, ShipmentQuantityException } from '../../../commands/orders/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { ItemParams, OrderDetail, OrderList, OrderListQuery, OrderParams, ShipmentStatus, TrackingBody } from '../schemas/orders.ts';
import { vendorCommandContext, vendorCaller } from '../vendorAuth.ts';

const ShipBody = Type.Object(
  { quantity: Type.Integer({ minimum: 1, maximum: 100_000 }) },
  { $id: 'ShipItemRequest', additionalProperties: false },
);
const ListQuery = Type.Object(OrderListQuery);

/**
 * Vendor orders (SPEC.md 4.2): the list and detail of the token's vendor, the item-level shipment
 * status, and shipping a quantity of one item. The vendor comes from the token only; another
 * vendor's order is a 404.
 */
export function vendorOrderRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const deps = (): OrderDeps => ({ store: services.store, db: services.db.knex, clock: services.clock });
  const vendorOf = (ctx: { state: unknown }) => vendorCaller(ctx).id;

  api.get(
    '/orders',
    {
      feature: 'order_management',
      summary: "The vendor's orders (every channel), filtered, searched and sorted",
      permission: 'orders.view',
      query: ListQuery,
      responses: { 200: OrderList },
    },
    async (ctx, { query }) => {
      ctx.body = await listOrders(
        services.db.knex,
        { vendor_id: vendorOf(ctx), status: query.status, channel: query.channel, search: query.search },
        { page: query.page ?? 1, limit: query.limit ?? 20 },
        query.sort,
      );
    },
  );

  api.get(
    '/orders/:order_id',
    {
      feature: 'order_management',
      summary: "One of the vendor's orders with its items, exceptions and extmarket pushes",
      permission: 'orders.view',
      params: OrderParams,
      responses: { 200: OrderDetail },
      errors: [OrderNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getOrder(services.db.knex, params.order_id, vendorOf(ctx));
    },
  );

  api.get(
    '/orders/:order_id/shipment-status',
    {
      feature: 'order_management',
      summary: "Item-level shipment status of one of the vendor's orders",
      permission: 'orders.view',
      params: OrderParams,
      responses: { 200: ShipmentStatus },
      errors: [OrderNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getShipmentStatus(services.db.knex, params.order_id, vendorOf(ctx));
    },
  );

  api.post(
    '/orders/:order_id/items/:item_id/ship',
    {
      feature: 'partial_shipment',
      summary: 'Ship a quantity of a confirmed item (never more than is left); answers the shipment status',
      permission: 'orders.edit',
      params: ItemParams,
      body: ShipBody,
      responses: { 200: ShipmentStatus },
      errors: [OrderNotFoundException, OrderItemNotFoundException, ShipmentQuantityException, InvalidTransitionException],
    },
    async (ctx, { params, body }) => {
      const vendorId = vendorOf(ctx);
      const done = await shipOrderItem(deps(), params.order_id, vendorId, params.item_id, body.quantity, vendorCommandContext(ctx));
      await services.settle([done]);
      ctx.body = await getShipmentStatus(services.db.knex, params.order_id, vendorId);
    },
  );

  api.post(
    '/orders/:order_id/tracking',
    {
      feature: 'order_tracking',
      summary:
        'Set the tracking number (and carrier) of a confirmed or shipped order of any channel (extmarket orders: pushed to the extmarket)',
      permission: 'orders.edit',
      params: OrderParams,
      body: TrackingBody,
      responses: { 200: OrderDetail },
      errors: [OrderNotFoundException, InvalidTransitionException],
    },
    async (ctx, { params, body }) => {
      const vendorId = vendorOf(ctx);
      const done = await setOrderTracking(
        deps(),
        params.order_id,
        vendorId,
        body.tracking_number.trim(),
        body.carrier ?? null,
        vendorCommandContext(ctx),
      );
      await services.settle([done]);
      ctx.body = await getOrder(services.db.knex, params.order_id, vendorId);
    },
  );

  return api.router;
}
