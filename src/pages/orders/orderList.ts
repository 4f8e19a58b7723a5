import type { Context } from 'koa';
import { listOrders, ORDER_SORTS, type OrderFilter, type OrderSort } from '../../../queries/orders/listOrders.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import type { Services } from '../../runtime/services.ts';
import {
  card,
  dataTable,
  filters,
  formatDateTime,
  formatMoney,
  pager,
  pill,
  type FilterField,
  type Tone,
} from '../backOffice/components.ts';
import { html, type Html } from '../html.ts';
import { ot, type OrderText } from './texts.ts';
import { pageNumber } from '../pageRoutes.ts';

/**
 * The order list of both back offices: the API's own query (queries/orders/listOrders.ts) with the
 * API's filters (status, channel, search, and for admins the vendor), its sorts and its pages.
 * Query values are read leniently: one the page does not offer is no filter.
 */
export const ORDER_STATUSES = ['unconfirmed', 'confirmed', 'declined', 'partially_shipped', 'shipped'] as const;
const TONES: Record<string, Tone> = { unconfirmed: 'warn', confirmed: 'info', declined: 'bad', partially_shipped: 'accent', shipped: 'ok' };
export const PAGE_SIZE = 25;
type OrderRow = Awaited<ReturnType<typeof listOrders>>['items'][number];

export const statusPill = (language: LanguageCode, status: string): Html =>
  pill(ot(language, `status_${status}` as OrderText), TONES[status] ?? 'neutral');

export const channelName = (language: LanguageCode, channel: string): string =>
  ot(language, channel === 'shop' ? 'channel_shop' : 'channel_extmarket');

export const customerName = (o: {
  customer_first_name: string | null;
  customer_last_name: string | null;
  customer_email: string | null;
}): string => [o.customer_first_name, o.customer_last_name].filter(Boolean).join(' ') || o.customer_email || '—';

const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** The list's filter and sort from the page's query. */
export function orderQuery(ctx: Context, admin: boolean): { filter: OrderFilter; sort: OrderSort | undefined } {
  const q = ctx.query;
  const search =
    typeof q.search === 'string' && q.search.trim() && q.search.length <= 100 && !/[\u0000-\u001f]/.test(q.search)
      ? q.search.trim()
      : undefined;
  const vendor = admin && typeof q.vendor_id === 'string' && /^\d{1,9}$/.test(q.vendor_id) ? Number(q.vendor_id) : undefined;
  return {
    filter: {
      status: oneOf(q.status, ORDER_STATUSES),
      channel: oneOf(q.channel, ['shop', 'extmarket'] as const),
      search,
      vendor_id: vendor,
    },
    sort: oneOf(q.sort, Object.keys(ORDER_SORTS) as OrderSort[]),
  };
}

export interface OrderListOptions {
  /** The vendor of a vendor's list (from the session, never the URL); absent for admins. */
  vendorId?: number;
  /** Where an order's page is. */
  href: (order: { id: number; vendor_id: number }) => string;
  /** Admins: the vendor filter's choices. */
  vendors?: [string, string][];
}

/** The list page's body: filters, the table (sortable by date, total and status) and the pager. */
export async function orderListBody(services: Services, ctx: Context, language: LanguageCode, options: OrderListOptions): Promise<Html> {
  const l = language;
  const admin = options.vendorId === undefined;
  const { filter, sort } = orderQuery(ctx, admin);
  if (!admin) filter.vendor_id = options.vendorId;
  const page = await listOrders(services.db.knex, filter, { page: pageNumber(ctx), limit: PAGE_SIZE }, sort);
  const fields: FilterField[] = [
    { name: 'search', label: ot(l, 'search'), type: 'search', placeholder: ot(l, 'search_hint'), grow: true },
    { name: 'status', label: ot(l, 'status'), type: 'select', options: ORDER_STATUSES.map((s) => [s, ot(l, `status_${s}` as OrderText)]) },
    {
      name: 'channel',
      label: ot(l, 'channel'),
      type: 'select',
      options: [
        ['shop', ot(l, 'channel_shop')],
        ['extmarket', ot(l, 'channel_extmarket')],
      ],
    },
    ...(admin && options.vendors ? [{ name: 'vendor_id', label: ot(l, 'vendor'), type: 'select' as const, options: options.vendors }] : []),
  ];
  const table = dataTable<OrderRow>(
    ctx,
    l,
    [
      {
        label: ot(l, 'number'),
        cell: (o) =>
          html`<a href="${options.href(o)}"><strong>${o.order_number}</strong></a>${o.open_exception_count > 0 ? html` ${pill(ot(l, 'open_exceptions', { count: o.open_exception_count }), 'bad')}` : ''}`,
      },
      { label: ot(l, 'date'), sort: 'order_date', cell: (o) => html`<span class="nowrap">${formatDateTime(o.order_date, l)}</span>` },
      ...(admin
        ? [
            {
              label: ot(l, 'vendor'),
              cell: (o: OrderRow) => html`${o.vendor_name ?? '—'} <span class="muted">${o.vendor_code ?? ''}</span>`,
              narrowHide: true,
            },
          ]
        : []),
      { label: ot(l, 'customer'), cell: (o) => html`${customerName(o)}<div class="muted hide-narrow">${o.customer_email ?? ''}</div>` },
      { label: ot(l, 'channel'), cell: (o) => channelName(l, o.channel), narrowHide: true },
      { label: ot(l, 'items'), cell: (o) => o.item_count, num: true, narrowHide: true },
      {
        label: ot(l, 'total'),
        sort: 'total',
        num: true,
        cell: (o) => html`<span class="nowrap">${formatMoney(o.gross_cents, o.currency, l)}</span>`,
      },
      { label: ot(l, 'status'), sort: 'status', cell: (o) => statusPill(l, o.status) },
    ],
    page.items,
    { caption: ot(l, 'orders') },
  );
  return card(null, html`${filters(ctx, l, fields)}${table}${pager(ctx, l, page)}`, { flush: true });
}
