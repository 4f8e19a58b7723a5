import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { ignoreException, resolveExceptionByHand } from '../../../commands/orders/handlers/itemExceptions.ts';
import {
  confirmItem,
  confirmWholeOrder,
  declineItem,
  rejectWholeOrder,
  setOrderTracking,
  shipOrderItem,
  type OrderDeps,
} from '../../../commands/orders/handlers/order.ts';
import { getMatchableProduct } from '../../../queries/orders/getMatchableProduct.ts';
import { getOrder } from '../../../queries/orders/getOrder.ts';
import { getShipmentStatus } from '../../../queries/orders/getShipmentStatus.ts';
import { getOrderItemException } from '../../../queries/orders/listOrderItemExceptions.ts';
import { ValidationException } from '../../core/errors.ts';
import { Api } from '../../http/api.ts';
import { validBody } from '../../http/validation.ts';
import { TrackingBody } from '../../http/schemas/orders.ts';
import { withHistoryTab } from '../../modules/history.ts';
import type { Services } from '../../runtime/services.ts';
import { linkButton } from '../backOffice/components.ts';
import { act, formViewer, pageViewer } from '../backOffice/guard.ts';
import { notFound, refuseNotFound } from './notFound.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { can, hasFeature, type BackOfficeContribution, type Viewer } from '../backOffice/registry.ts';
import { field } from '../forms.ts';
import { html } from '../html.ts';
import { orderAsOf, orderDecisions, orderDetailBody, type OrderActions } from './orderDetail.ts';
import { orderListBody } from './orderList.ts';
import { ot } from './texts.ts';
import { HTML } from '../pageRoutes.ts';

const SEE_OTHER = {
  description: "Post/Redirect/Get, the sign-in page without a session, or the plan feature's page without the feature (Location)",
};
const FORM = { responses: { 303: SEE_OTHER, 403: HTML } };
const OrderParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const ItemParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  item: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
const ExceptionParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  exception: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});

/** The plan features of the order pages and their actions (the vendor API's own gates). */
export const ORDER_FEATURES = {
  list: 'order_management',
  decide: 'extmarket_order_sync',
  ship: 'partial_shipment',
  tracking: 'order_tracking',
  exceptions: 'order_item_exceptions',
} as const;

export const vendorOrdersNavigation: BackOfficeContribution['navigation'] = [
  {
    area: 'vendor',
    key: 'orders',
    href: '/vendor/orders',
    section: 'sales',
    icon: 'orders',
    order: 10,
    permission: 'orders.view',
    feature: ORDER_FEATURES.list,
    label: { en: 'Orders', fr: 'Commandes', de: 'Bestellungen', lb: 'Bestellungen' },
  },
];

/** The moves the viewer's role and plan allow on this order's page. */
export function vendorActions(viewer: Viewer, orderId: number, channel: string): OrderActions | null {
  if (!can(viewer, 'orders.edit')) return null;
  return {
    base: `/vendor/orders/${orderId}`,
    decide: channel === 'extmarket' && hasFeature(viewer, ORDER_FEATURES.decide),
    ship: hasFeature(viewer, ORDER_FEATURES.ship),
    tracking: hasFeature(viewer, ORDER_FEATURES.tracking),
    exceptions: hasFeature(viewer, ORDER_FEATURES.exceptions),
  };
}

/**
 * The vendor's orders in the back office: the list (the API's filters, search, sort and pages) and
 * each order's page (items, addresses, VAT, exceptions, shipment and tracking, the history tab),
 * with the moves the state table allows, through the vendor API's own commands. The vendor is the
 * session's; another vendor's order is not found.
 */
export function vendorOrderPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;
  const deps = (): OrderDeps => ({ store: services.store, db: knex, clock: services.clock });

  api.get(
    '/vendor/orders',
    {
      summary: "Back-office page: the vendor's orders with the API's filters (`status`, `channel`, `search`), `sort` and `page`",
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'vendor', 'orders.view', ORDER_FEATURES.list);
      if (!viewer) return;
      const vendorId = viewer.vendor!.id;
      await renderBackOffice(ctx, services, viewer, {
        title: ot(viewer.language, 'orders'),
        nav: 'orders',
        body: await orderListBody(services, ctx, viewer.language, { vendorId, href: (o) => `/vendor/orders/${o.id}` }),
      });
    },
  );

  api.get(
    '/vendor/orders/:id',
    {
      summary: "Back-office page: one of the vendor's orders, its actions, and its history tab (`tab=history`, `as_of`)",
      params: OrderParams,
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML, 404: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, 'vendor', 'orders.view', ORDER_FEATURES.list);
      if (!viewer) return;
      const l = viewer.language;
      const vendorId = viewer.vendor!.id;
      const order = await getOrder(knex, params.id, vendorId).catch(notFound);
      if (!order) return refuseNotFound(ctx, services, viewer);
      const actions = vendorActions(viewer, order.id, order.channel);
      const customerHref = order.customer_id ? `/vendor/customers/${order.customer_id}` : null;
      await renderBackOffice(ctx, services, viewer, {
        title: ot(l, 'order', { number: order.order_number }),
        nav: 'orders',
        crumbs: [{ label: ot(l, 'orders'), href: '/vendor/orders' }],
        actions: html`${orderDecisions(ctx, l, order, actions) ?? ''} ${can(viewer, 'invoices.view') ? linkButton(`/vendor/invoices?order_id=${order.id}`, ot(l, 'invoice'), 'ghost', 'invoice') : ''}`,
        body: await withHistoryTab(
          services,
          ctx,
          l,
          `order-${order.id}`,
          async () => orderDetailBody(ctx, l, order, await getShipmentStatus(knex, order.id, vendorId), actions, { customerHref }),
          { renderState: orderAsOf(l, order.currency) },
        ),
      });
    },
  );

  /** A form of an order's page: the viewer, the order (the session's vendor's, else refused in words), back to its page. */
  const orderForm = async (ctx: Context, orderId: number, feature: string, run: (viewer: Viewer, vendorId: number) => Promise<string>) => {
    const viewer = await formViewer(services, ctx, 'vendor', 'orders.edit', feature);
    if (!viewer) return;
    const vendorId = viewer.vendor!.id;
    await act(ctx, `/vendor/orders/${orderId}`, async () => {
      await getOrder(knex, orderId, vendorId);
      return run(viewer, vendorId);
    });
  };

  for (const [path, confirm] of [
    ['confirm', true],
    ['reject', false],
  ] as const) {
    api.post(
      `/vendor/orders/:id/${path}`,
      {
        summary: confirm
          ? 'Back-office form: confirm every unconfirmed item of an extmarket order'
          : 'Back-office form: decline a whole unconfirmed extmarket order',
        params: OrderParams,
        ...FORM,
      },
      async (ctx, { params }) =>
        orderForm(ctx, params.id, ORDER_FEATURES.decide, async (viewer, vendorId) => {
          const done = await (confirm ? confirmWholeOrder : rejectWholeOrder)(
            deps(),
            params.id,
            { vendor_id: vendorId, source: 'vendor' },
            viewer.context,
          );
          await services.settle([done]);
          return ot(viewer.language, confirm ? 'done_confirmed' : 'done_declined');
        }),
    );
  }

  for (const [path, confirm] of [
    ['confirm', true],
    ['decline', false],
  ] as const) {
    api.post(
      `/vendor/orders/:id/items/:item/${path}`,
      {
        summary: confirm
          ? 'Back-office form: confirm one unconfirmed item of an extmarket order'
          : 'Back-office form: decline one unconfirmed item of an extmarket order',
        params: ItemParams,
        ...FORM,
      },
      async (ctx, { params }) =>
        orderForm(ctx, params.id, ORDER_FEATURES.decide, async (viewer, vendorId) => {
          const done = await (confirm ? confirmItem : declineItem)(
            deps(),
            params.id,
            params.item,
            { vendor_id: vendorId, source: 'vendor' },
            viewer.context,
          );
          await services.settle([done]);
          return ot(viewer.language, confirm ? 'done_confirmed' : 'done_declined');
        }),
    );
  }

  api.post(
    '/vendor/orders/:id/items/:item/ship',
    {
      summary: 'Back-office form: ship a quantity (`quantity`) of a confirmed item',
      params: ItemParams,
      ...FORM,
    },
    async (ctx, { params }) =>
      orderForm(ctx, params.id, ORDER_FEATURES.ship, async (viewer, vendorId) => {
        const quantity = Number(field(ctx, 'quantity'));
        if (!Number.isInteger(quantity) || quantity < 1 || quantity > 100_000) {
          throw new ValidationException('The quantity must be a whole number of units', [
            { pointer: '/body/quantity', message: 'must be a whole number from 1' },
          ]);
        }
        await services.settle([await shipOrderItem(deps(), params.id, vendorId, params.item, quantity, viewer.context)]);
        return ot(viewer.language, 'done_shipped', { quantity });
      }),
  );

  api.post(
    '/vendor/orders/:id/tracking',
    {
      summary: 'Back-office form: set the tracking number (`tracking_number`) and carrier (`carrier`) of a confirmed or shipped order',
      params: OrderParams,
      ...FORM,
    },
    async (ctx, { params }) =>
      orderForm(ctx, params.id, ORDER_FEATURES.tracking, async (viewer, vendorId) => {
        const carrier = field(ctx, 'carrier').trim();
        const body = validBody(TrackingBody, { tracking_number: field(ctx, 'tracking_number').trim(), ...(carrier ? { carrier } : {}) });
        await services.settle([
          await setOrderTracking(deps(), params.id, vendorId, body.tracking_number, body.carrier ?? null, viewer.context),
        ]);
        return ot(viewer.language, 'done_tracking');
      }),
  );

  api.post(
    '/vendor/orders/:id/exceptions/:exception/resolve',
    {
      summary: "Back-office form: resolve an item exception by linking the item to one of the vendor's products (`product_id`)",
      params: ExceptionParams,
      ...FORM,
    },
    async (ctx, { params }) =>
      orderForm(ctx, params.id, ORDER_FEATURES.exceptions, async (viewer, vendorId) => {
        const x = await getOrderItemException(knex, params.exception, vendorId);
        const productId = Number(field(ctx, 'product_id'));
        if (!Number.isInteger(productId) || productId < 1 || productId > 2_147_483_647) {
          throw new ValidationException('Name the product by its id', [{ pointer: '/body/product_id', message: 'must be a product id' }]);
        }
        const product = await getMatchableProduct(knex, vendorId, productId);
        await services.settle([
          await resolveExceptionByHand(
            deps(),
            x.order_id,
            {
              vendor_id: vendorId,
              exception_id: x.id,
              product_id: product.id,
              product_gtin: product.gtin,
            },
            viewer.context,
          ),
        ]);
        return ot(viewer.language, 'done_resolved');
      }),
  );

  api.post(
    '/vendor/orders/:id/exceptions/:exception/ignore',
    {
      summary: 'Back-office form: ignore an item exception (the item stays on the placeholder product)',
      params: ExceptionParams,
      ...FORM,
    },
    async (ctx, { params }) =>
      orderForm(ctx, params.id, ORDER_FEATURES.exceptions, async (viewer, vendorId) => {
        const x = await getOrderItemException(knex, params.exception, vendorId);
        await services.settle([await ignoreException(deps(), x.order_id, vendorId, x.id, viewer.context)]);
        return ot(viewer.language, 'done_ignored');
      }),
  );

  return api.router;
}
