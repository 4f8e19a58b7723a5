import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { confirmItem, confirmWholeOrder, declineItem, rejectWholeOrder, type OrderDeps } from '../../../commands/orders/handlers/order.ts';
import { getOrder } from '../../../queries/orders/getOrder.ts';
import { getShipmentStatus } from '../../../queries/orders/getShipmentStatus.ts';
import { Api } from '../../http/api.ts';
import { withHistoryTab } from '../../modules/history.ts';
import type { Services } from '../../runtime/services.ts';
import { linkButton } from '../backOffice/components.ts';
import { act, formViewer, pageViewer } from '../backOffice/guard.ts';
import type { BackOfficeContribution, Viewer } from '../backOffice/registry.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { notFound, refuseNotFound } from './notFound.ts';
import { orderAsOf, orderDecisions, orderDetailBody, type OrderActions } from './orderDetail.ts';
import { orderListBody } from './orderList.ts';
import { ot } from './texts.ts';
import { HTML } from '../pageRoutes.ts';

const SEE_OTHER = { description: 'Post/Redirect/Get, or the sign-in page for a visitor without an admin session (Location)' };
const OrderParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const ItemParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  item: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});

export const adminOrdersNavigation: BackOfficeContribution['navigation'] = [
  {
    area: 'admin',
    key: 'orders',
    href: '/admin/orders',
    section: 'sales',
    icon: 'orders',
    order: 10,
    label: { en: 'Orders', fr: 'Commandes', de: 'Bestellungen', lb: 'Bestellungen' },
  },
];

/** The vendor filter's choices: every vendor by name (the platform's vendors are hundreds at most, not orders' 100,000s). */
const vendorChoices = async (services: Services): Promise<[string, string][]> =>
  (await services.db.knex('vendor_list').orderBy('name').limit(1000).select('id', 'name', 'vendor_code')).map(
    (v: { id: number; name: string; vendor_code: string }) => [String(v.id), `${v.name} (${v.vendor_code})`],
  );

/**
 * Orders across vendors in the admin back office: the list with the vendor filter, each order's
 * page with its history tab (and its export for an outside auditor), and the admin API's moves:
 * confirm or decline the whole order, confirm or decline one item, through the same commands.
 */
export function adminOrderPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;
  const deps = (): OrderDeps => ({ store: services.store, db: knex, clock: services.clock });

  api.get(
    '/admin/orders',
    {
      summary:
        "Back-office page: orders of every vendor with the API's filters (`vendor_id`, `status`, `channel`, `search`), `sort` and `page`",
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      await renderBackOffice(ctx, services, viewer, {
        title: ot(viewer.language, 'orders'),
        nav: 'orders',
        body: await orderListBody(services, ctx, viewer.language, {
          href: (o) => `/admin/orders/${o.id}`,
          vendors: await vendorChoices(services),
        }),
      });
    },
  );

  api.get(
    '/admin/orders/:id',
    {
      summary:
        'Back-office page: one order of any vendor, its decisions, and its history tab (`tab=history`, `as_of`) with the JSON Lines export',
      params: OrderParams,
      responses: { 200: HTML, 303: SEE_OTHER, 404: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const order = await getOrder(knex, params.id).catch(notFound);
      if (!order) return refuseNotFound(ctx, services, viewer);
      const actions: OrderActions = { base: `/admin/orders/${order.id}`, decide: true, ship: false, tracking: false, exceptions: false };
      const stream = `order-${order.id}`;
      await renderBackOffice(ctx, services, viewer, {
        title: ot(l, 'order', { number: order.order_number }),
        nav: 'orders',
        subtitle: `${order.vendor_name ?? ''} · ${order.vendor_code ?? ''}`,
        crumbs: [{ label: ot(l, 'orders'), href: '/admin/orders' }],
        actions:
          orderDecisions(ctx, l, order, actions) ?? linkButton(`/admin/orders?vendor_id=${order.vendor_id}`, ot(l, 'orders'), 'ghost'),
        body: await withHistoryTab(
          services,
          ctx,
          l,
          stream,
          async () => orderDetailBody(ctx, l, order, await getShipmentStatus(knex, order.id, order.vendor_id), actions),
          { renderState: orderAsOf(l, order.currency), exportHref: `/admin/history/export?stream=${stream}` },
        ),
      });
    },
  );

  const orderForm = async (ctx: Context, orderId: number, run: (viewer: Viewer, vendorId: number) => Promise<string>) => {
    const viewer = await formViewer(services, ctx, 'admin');
    if (!viewer) return;
    await act(ctx, `/admin/orders/${orderId}`, async () => {
      const order = await getOrder(knex, orderId);
      return run(viewer, order.vendor_id);
    });
  };
  const adminContext = (viewer: Viewer, vendorId: number) => ({ ...viewer.context, vendorId });

  for (const [path, confirm] of [
    ['confirm', true],
    ['reject', false],
  ] as const) {
    api.post(
      `/admin/orders/:id/${path}`,
      {
        summary: confirm
          ? "Back-office form: confirm every unconfirmed item of a vendor's order"
          : "Back-office form: decline a vendor's whole unconfirmed order",
        params: OrderParams,
        responses: { 303: SEE_OTHER, 403: HTML },
      },
      async (ctx, { params }) =>
        orderForm(ctx, params.id, async (viewer, vendorId) => {
          const done = await (confirm ? confirmWholeOrder : rejectWholeOrder)(
            deps(),
            params.id,
            { vendor_id: vendorId, source: 'admin' },
            adminContext(viewer, vendorId),
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
      `/admin/orders/:id/items/:item/${path}`,
      {
        summary: confirm
          ? "Back-office form: confirm one unconfirmed item of a vendor's order"
          : "Back-office form: decline one unconfirmed item of a vendor's order",
        params: ItemParams,
        responses: { 303: SEE_OTHER, 403: HTML },
      },
      async (ctx, { params }) =>
        orderForm(ctx, params.id, async (viewer, vendorId) => {
          const done = await (confirm ? confirmItem : declineItem)(
            deps(),
            params.id,
            params.item,
            { vendor_id: vendorId, source: 'admin' },
            adminContext(viewer, vendorId),
          );
          await services.settle([done]);
          return ot(viewer.language, confirm ? 'done_confirmed' : 'done_declined');
        }),
    );
  }
  return api.router;
}
