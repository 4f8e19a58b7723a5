import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { shipOrderItem, type OrderDeps } from '../../../commands/orders/handlers.ts';
import { getOrder } from '../../../queries/orders/getOrder.ts';
import { getShipmentStatus } from '../../../queries/orders/getShipmentStatus.ts';
import { listOrders } from '../../../queries/orders/listOrders.ts';
import type { Services } from '../../runtime/services.ts';
import { Id, input, PageQuery } from '../validation.ts';
import { requireVendor, vendorCommandContext, type VendorCaller } from '../vendorAuth.ts';

export const OrderStatus = Type.Union(['unconfirmed', 'confirmed', 'declined', 'partially_shipped', 'shipped'].map((s) => Type.Literal(s)));
export const OrderParams = Type.Object({ order_id: Id });
export const ItemParams = Type.Object({ order_id: Id, item_id: Id });
const ShipBody = Type.Object({ quantity: Type.Integer({ minimum: 1, maximum: 100_000 }) }, { additionalProperties: false });
const ListQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(OrderStatus),
  channel: Type.Optional(Type.Union([Type.Literal('extmarket'), Type.Literal('shop')])),
  search: Type.Optional(Type.String({ maxLength: 100, pattern: '^[^\\u0000-\\u001f]*$' })),
});

/**
 * Vendor orders (SPEC.md 4.2): the list and detail of the token's vendor, the item-level shipment
 * status, and shipping a quantity of one item. The vendor comes from the token only; another
 * vendor's order is a 404.
 */
export function vendorOrderRoutes(services: Services): Router {
  const router = new Router();
  const deps = (): OrderDeps => ({ store: services.store, db: services.db.knex });
  const view = requireVendor(services, 'orders.view');
  const edit = requireVendor(services, 'orders.edit');

  router.get('/orders', view, async (ctx) => {
    const { query } = input(ctx, { query: ListQuery });
    const vendor = ctx.state.vendor as VendorCaller;
    ctx.body = await listOrders(services.db.knex, { vendor_id: vendor.id, status: query.status, channel: query.channel, search: query.search },
      { page: query.page ?? 1, limit: query.limit ?? 20 });
  });

  router.get('/orders/:order_id', view, async (ctx) => {
    const { params } = input(ctx, { params: OrderParams });
    ctx.body = await getOrder(services.db.knex, params.order_id, (ctx.state.vendor as VendorCaller).id);
  });

  router.get('/orders/:order_id/shipment-status', view, async (ctx) => {
    const { params } = input(ctx, { params: OrderParams });
    ctx.body = await getShipmentStatus(services.db.knex, params.order_id, (ctx.state.vendor as VendorCaller).id);
  });

  router.post('/orders/:order_id/items/:item_id/ship', edit, async (ctx) => {
    const { params, body } = input(ctx, { params: ItemParams, body: ShipBody });
    const vendor = ctx.state.vendor as VendorCaller;
    const done = await shipOrderItem(deps(), params.order_id, vendor.id, params.item_id, body.quantity, vendorCommandContext(ctx));
    await services.settle([done]);
    ctx.body = await getShipmentStatus(services.db.knex, params.order_id, vendor.id);
  });

  return router;
}
