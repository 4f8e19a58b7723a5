import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { getCustomer } from '../../../queries/customers/getCustomer.ts';
import { CUSTOMER_SORTS, listCustomers, type CustomerRow, type CustomerSort } from '../../../queries/customers/listCustomers.ts';
import { vendorChoices } from '../../modules/vendors.ts';
import { customerOrdersOf } from '../../modules/registry.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import {
  card,
  dataTable,
  facts,
  filters,
  formatDate,
  formatDateTime,
  formatMoney,
  pager,
  pill,
  type FilterField,
  type Tone,
} from '../backOffice/components.ts';
import { orNotFound, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { can, type BackOfficeContribution, type Viewer } from '../backOffice/registry.ts';
import { html, type Html } from '../html.ts';
import { HTML, SEE_OTHER, pageNumber, queryId, queryText } from '../pageRoutes.ts';
import { ct, type CustomerText } from './texts.ts';

const PAGE_SIZE = 25;
const CURRENCY = 'EUR';
const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const STATUS_TONES: Record<string, Tone> = {
  unconfirmed: 'warn',
  confirmed: 'info',
  declined: 'bad',
  partially_shipped: 'accent',
  shipped: 'ok',
};

export const customersNavigation: BackOfficeContribution['navigation'] = [
  {
    area: 'vendor',
    key: 'customers',
    href: '/vendor/customers',
    section: 'customers',
    icon: 'users',
    order: 10,
    permission: 'customers.view',
    label: { en: 'Customers', fr: 'Clients', de: 'Kunden', lb: 'Clienten' },
  },
  {
    area: 'admin',
    key: 'customers',
    href: '/admin/customers',
    section: 'customers',
    icon: 'users',
    order: 10,
    label: { en: 'Customers', fr: 'Clients', de: 'Kunden', lb: 'Clienten' },
  },
];

const fullName = (c: { first_name: string | null; last_name: string | null; email: string }) =>
  [c.first_name, c.last_name].filter(Boolean).join(' ') || c.email;

/** The list: search (e-mail, names), the API's sorts, pages; admins add the vendor filter and column. */
async function customerList(services: Services, ctx: Context, viewer: Viewer): Promise<Html> {
  const l = viewer.language;
  const admin = viewer.area === 'admin';
  const sort = queryText(ctx, 'sort') as CustomerSort | undefined;
  const page = await listCustomers(
    services.db.knex,
    {
      vendor_id: admin ? queryId(ctx, 'vendor_id') : viewer.vendor!.id,
      search: queryText(ctx, 'search')?.trim() || undefined,
    },
    { page: pageNumber(ctx), limit: PAGE_SIZE },
    sort && sort in CUSTOMER_SORTS ? sort : undefined,
  );
  const fields: FilterField[] = [
    { name: 'search', label: ct(l, 'search'), type: 'search', placeholder: ct(l, 'search_hint'), grow: true },
    ...(admin
      ? [{ name: 'vendor_id', label: ct(l, 'vendor'), type: 'select' as const, options: await vendorChoices(services.db.knex) }]
      : []),
  ];
  const table = dataTable<CustomerRow>(
    ctx,
    l,
    [
      {
        label: ct(l, 'name'),
        sort: 'last_name',
        cell: (c) =>
          html`<a href="/${viewer.area}/customers/${c.id}"><strong>${fullName(c)}</strong></a><div class="muted hide-narrow">${c.email}</div>`,
      },
      ...(admin
        ? [
            {
              label: ct(l, 'vendor'),
              narrowHide: true,
              cell: (c: CustomerRow) => html`${c.vendor_name ?? '—'} <span class="muted">${c.vendor_code ?? ''}</span>`,
            },
          ]
        : []),
      { label: ct(l, 'orders'), sort: 'order_count', num: true, cell: (c) => c.order_count },
      {
        label: ct(l, 'spent'),
        sort: 'total_spent',
        num: true,
        cell: (c) => html`<span class="nowrap">${formatMoney(c.total_spent_cents, CURRENCY, l)}</span>`,
      },
      {
        label: ct(l, 'last_order'),
        sort: 'last_order_at',
        narrowHide: true,
        cell: (c) => html`<span class="nowrap">${formatDate(c.last_order_at, l)}</span>`,
      },
      {
        label: ct(l, 'since'),
        sort: 'created_at',
        narrowHide: true,
        cell: (c) => html`<span class="nowrap">${formatDate(c.created_at, l)}</span>`,
      },
    ],
    page.items,
    { caption: ct(l, 'customers') },
  );
  return card(null, html`${filters(ctx, l, fields)}${table}${pager(ctx, l, page)}`, { flush: true });
}

type Customer = Awaited<ReturnType<typeof getCustomer>>;

function addressesCard(l: LanguageCode, customer: Customer): Html {
  if (customer.addresses.length === 0) return card(ct(l, 'addresses'), html`<p class="muted">${ct(l, 'no_addresses')}</p>`);
  return card(
    ct(l, 'addresses'),
    html`<div class="grid cols-2">${customer.addresses.map(
      (a) => html`<address style="font-style:normal">
<p>${pill(ct(l, a.type === 'billing' ? 'type_billing' : 'type_shipping'), 'info')}${a.is_default ? html` ${pill(ct(l, 'default'), 'ok')}` : ''}</p>
<div><strong>${a.first_name} ${a.last_name}</strong></div>${a.company ? html`<div>${a.company}</div>` : ''}
<div>${a.street}</div>${a.street_2 ? html`<div>${a.street_2}</div>` : ''}<div>${a.postal_code} ${a.city}</div><div>${a.country_name}</div>
${a.phone ? html`<div class="muted">${a.phone}</div>` : ''}</address>`,
    )}</div>`,
  );
}

/** The customer's shop orders (the vendor's own orders only: the orders module's answer keeps the vendor condition). */
async function ordersCard(services: Services, ctx: Context, viewer: Viewer, customer: Customer): Promise<Html> {
  const l = viewer.language;
  const page = await customerOrdersOf(services.db.knex, customer.vendor_id, customer.id, { page: pageNumber(ctx), limit: PAGE_SIZE });
  // No module keeps orders on this service: there are none to list.
  if (!page) return html``;
  const table = dataTable(
    ctx,
    l,
    [
      { label: ct(l, 'order'), cell: (o) => html`<a href="/${viewer.area}/orders/${o.id}"><strong>${o.order_number}</strong></a>` },
      { label: ct(l, 'date'), cell: (o) => html`<span class="nowrap">${formatDateTime(o.order_date, l)}</span>` },
      { label: ct(l, 'total'), num: true, cell: (o) => html`<span class="nowrap">${formatMoney(o.gross_cents, o.currency, l)}</span>` },
      { label: ct(l, 'status'), cell: (o) => pill(ct(l, `status_${o.status}` as CustomerText), STATUS_TONES[o.status] ?? 'neutral') },
    ],
    page.items,
    { caption: ct(l, 'orders'), empty: html`<p class="muted" style="padding:16px">${ct(l, 'no_orders')}</p>` },
  );
  return card(ct(l, 'orders'), html`${table}${pager(ctx, l, page)}`, { flush: true });
}

async function customerBody(services: Services, ctx: Context, viewer: Viewer, customer: Customer): Promise<Html> {
  const l = viewer.language;
  const profile = card(
    ct(l, 'profile'),
    facts([
      [ct(l, 'email'), html`<a href="mailto:${customer.email}">${customer.email}</a>`],
      ...(viewer.area === 'admin'
        ? [
            [ct(l, 'vendor'), html`${customer.vendor_name ?? '—'} <span class="muted">${customer.vendor_code ?? ''}</span>`] as [
              string,
              Html,
            ],
          ]
        : []),
      [ct(l, 'language'), customer.preferred_language],
      [ct(l, 'since'), formatDate(customer.created_at, l)],
      [ct(l, 'orders'), customer.order_count],
      [ct(l, 'spent'), formatMoney(customer.total_spent_cents, CURRENCY, l)],
      [ct(l, 'last_order'), formatDateTime(customer.last_order_at, l)],
    ]),
  );
  // A vendor member sees the orders only with the orders permission (the API's own rule for them).
  const orders = viewer.area === 'admin' || can(viewer, 'orders.view') ? await ordersCard(services, ctx, viewer, customer) : '';
  return html`<div class="grid sidebar"><div>${orders}</div><div>${profile}${addressesCard(l, customer)}</div></div>`;
}

/**
 * The customer pages of both back offices: the list (search, sort, pages; admins across vendors
 * with the vendor filter) and a customer's page (profile, order statistics, saved addresses, the
 * shop orders), read with the APIs' own queries. A vendor sees its own customers only: another
 * vendor's customer is not found.
 */
export function customerPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;

  for (const area of ['vendor', 'admin'] as const) {
    api.get(
      `/${area}/customers`,
      {
        summary:
          area === 'vendor'
            ? "Back-office page: the shop's customers (`search`, `sort`, `page`)"
            : 'Back-office page: customers of every shop (`vendor_id`, `search`, `sort`, `page`)',
        responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
      },
      async (ctx) => {
        const viewer = await pageViewer(services, ctx, area, 'customers.view');
        if (!viewer) return;
        const l = viewer.language;
        await renderBackOffice(ctx, services, viewer, {
          title: ct(l, 'customers'),
          nav: 'customers',
          subtitle: ct(l, area === 'admin' ? 'lead_admin' : 'lead'),
          body: await customerList(services, ctx, viewer),
        });
      },
    );

    api.get(
      `/${area}/customers/:id`,
      {
        summary: 'Back-office page: one customer with the order statistics, saved addresses and shop orders (`page`)',
        params: Params,
        responses: { 200: HTML, 303: SEE_OTHER, 403: HTML, 404: HTML },
      },
      async (ctx, { params }) => {
        const viewer = await pageViewer(services, ctx, area, 'customers.view');
        if (!viewer) return;
        const customer = await orNotFound(ctx, services, viewer, () => getCustomer(knex, params.id, viewer.vendor?.id));
        if (!customer) return;
        await renderBackOffice(ctx, services, viewer, {
          title: fullName(customer),
          nav: 'customers',
          subtitle: customer.email,
          crumbs: [{ label: ct(viewer.language, 'customers'), href: `/${area}/customers` }],
          body: await customerBody(services, ctx, viewer, customer),
        });
      },
    );
  }
  return api.router;
}
