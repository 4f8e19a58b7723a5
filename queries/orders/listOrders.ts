import type { Knex } from 'knex';
import {
  EXACT_TOTAL_CAP,
  estimatedTotal,
  exactTotal,
  sortOrders,
  type BoundedCount,
  type BoundedPage,
  type PageRequest,
} from '../../src/core/pagination.ts';
import { estimatedRows } from '../../src/runtime/rowEstimate.ts';
import { containing } from '../../src/core/likePattern.ts';
import { listAnchors } from '../../src/core/listAnchors.ts';
import type { OrderListRow } from '../../projections/orders/orderList.ts';

/** The rows the order answers mirror: src/http/schemas/orders.ts picks its fields from them. */
export { OrderListRow } from '../../projections/orders/orderList.ts';
export { OrderItemRow } from '../../projections/orders/orderDetail.ts';
export { OrderShipmentRow } from '../../projections/orders/shipmentStatus.ts';
export { OrderItemExceptionRow } from '../../projections/orders/orderItemExceptions.ts';
export { ExtmarketPushRow } from '../../projections/orders/extmarketPushes.ts';

export interface OrderFilter {
  /** Set for the vendor area (the token's vendor); optional for admins (the vendor filter). */
  vendor_id?: number;
  status?: string;
  channel?: 'extmarket' | 'shop';
  search?: string;
  /** The orders one shop customer placed (their history, the vendor's customer detail). */
  customer_id?: number;
}

/** An order_list row with its vendor's name and code (null when the vendor is gone). */
export type OrderRead = OrderListRow & { vendor_name: string | null; vendor_code: string | null };

/** An order row of a list: the head of the order, its VAT fields and totals, vendor name and code. */
export function orderRow(r: OrderRead) {
  return {
    id: r.id,
    order_number: r.order_number,
    vendor_id: r.vendor_id,
    vendor_name: r.vendor_name,
    vendor_code: r.vendor_code,
    channel: r.channel,
    status: r.status,
    order_date: r.order_date.toISOString(),
    external_order_id: r.external_order_id,
    external_shipment_id: r.external_shipment_id,
    customer_first_name: r.customer_first_name,
    customer_last_name: r.customer_last_name,
    customer_email: r.customer_email,
    customer_locale: r.customer_locale,
    shipping_country_iso: r.shipping_country_iso,
    billing_country_iso: r.billing_country_iso,
    currency: r.currency,
    vat_regime: r.vat_regime,
    vat_rate: Number(r.vat_rate),
    vat_country_iso: r.vat_country_iso,
    seller_country_iso: r.seller_country_iso,
    buyer_vat_number: r.buyer_vat_number,
    vat_exemption_reference: r.vat_exemption_reference,
    net_cents: Number(r.net_cents),
    vat_cents: Number(r.vat_cents),
    gross_cents: Number(r.gross_cents),
    total_amount_cents: Number(r.gross_cents),
    item_count: r.item_count,
    open_exception_count: r.open_exception_count,
    tracking_number: r.tracking_number,
    carrier: r.carrier,
    sync_job_id: r.sync_job_id,
    customer_id: r.customer_id,
    shipping_cents: r.shipping_cents,
    imported_at: r.imported_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/**
 * The orders of the order lists (`sort`; default `-order_date`, newest first): the order date,
 * the total (gross_cents, what total_amount_cents shows) and the status (alphabetical). Each ends
 * on the order id, so pages never repeat or skip an order. Indexed per vendor (vendor_id, <key>,
 * id) and across vendors (<key>, id): migrations/20261125030001_order_sort_indexes.ts.
 */
export const ORDER_SORTS = sortOrders({ order_date: 'o.order_date', total: 'o.gross_cents', status: 'o.status' }, ['o.id']);
export type OrderSort = keyof typeof ORDER_SORTS;

/** The sort key of each ORDER_SORTS field, with the type its text binds back as (an anchor's key, below). */
const SORT_KEYS: Record<string, readonly { column: string; type: string }[]> = {
  order_date: [
    { column: 'o.order_date', type: 'timestamptz' },
    { column: 'o.id', type: 'integer' },
  ],
  total: [
    { column: 'o.gross_cents', type: 'bigint' },
    { column: 'o.id', type: 'integer' },
  ],
  status: [
    { column: 'o.status', type: 'text' },
    { column: 'o.id', type: 'integer' },
  ],
};

/**
 * A row of a page: the order with its vendor, whether the seek found it, the count of the matches
 * and, on a deep page, the list's last move and the row's sort key as text.
 */
type PageRow = OrderRead & {
  sought: boolean;
  /** count(*): a bigint, as text. */
  matches_counted: string;
  list_moved_a?: string | null;
  list_moved_b?: string | null;
  [anchorKey: `anchor_key_${number}`]: string;
};

/**
 * Orders in one of ORDER_SORTS, always within the tenant when one is given (SPEC.md 4.1 admin
 * order list, 4.2 extmarket orders). The page is chosen on order_list alone (a deferred join):
 * its ids come from the sort index, skipping the rows of earlier pages without reading them or
 * joining their vendor, and only the page's rows are read whole. A deep page of a vendor with
 * 100,000 orders skipped 50,000 joined rows that way before (about 200 ms).
 *
 * Deep pages (from the 1,000th order on) skip less: they remember where their last row was
 * (src/core/listAnchors.ts) and a later page past it seeks there through the same sort index,
 * skipping only the rows between; skipping 50,000 index entries was still 6-8 ms of the database's
 * time per page. The statement reads the list's last move (order_list.moved_a/b: the newest
 * arrival or status change of the vendor's orders, or of every order for the admin's list) and
 * seeks only if the list has not moved since the anchor was read; otherwise the same statement
 * skips as before. Either way the page is the rows at its place when the statement runs.
 *
 * `total` is bounded (src/core/pagination.ts "Bounded totals"): exact up to EXACT_TOTAL_CAP
 * matches and on the last page, else the planner's estimate with `total_exact: false`. Counting
 * 100,000 orders on every page was most of a first page's time.
 */
export async function listOrders(
  knex: Knex,
  filter: OrderFilter,
  page: PageRequest,
  sort: OrderSort = '-order_date',
): Promise<BoundedPage<ReturnType<typeof orderRow>>> {
  const matching = knex('order_list as o');
  if (filter.vendor_id !== undefined) matching.where('o.vendor_id', filter.vendor_id);
  if (filter.status) matching.where('o.status', filter.status);
  if (filter.channel) matching.where('o.channel', filter.channel);
  if (filter.customer_id !== undefined) matching.where('o.customer_id', filter.customer_id);
  if (filter.search) {
    const like = containing(filter.search);
    matching.where((q) =>
      q
        .whereILike('o.order_number', like)
        .orWhereILike('o.external_order_id', like)
        .orWhereILike('o.customer_last_name', like)
        .orWhereILike('o.customer_email', like),
    );
  }
  // A page far past any list (page=1e20) must stay a valid bigint: it is empty either way.
  const offset = Math.min((page.page - 1) * page.limit, Number.MAX_SAFE_INTEGER);
  const order = ORDER_SORTS[sort];
  const anchors = listAnchors(knex);
  const list = JSON.stringify([filter.vendor_id, filter.status, filter.channel, filter.customer_id, filter.search, sort]);
  const keys = SORT_KEYS[sort.replace(/^-/, '')];
  const anchor = anchors.before(list, offset);

  const skipping = matching.clone().select('o.id', knex.raw('false AS sought')).orderByRaw(order).limit(page.limit).offset(offset);
  let pageIds: Knex.QueryBuilder | Knex.Raw = skipping;
  if (anchor) {
    const holds = '(SELECT ROW(moved_a, moved_b) FROM last_move) <= ROW(?::numeric, ?::numeric)';
    const moved = [anchor.moved.a, anchor.moved.b];
    const seeking = matching
      .clone()
      .select('o.id', knex.raw('true AS sought'))
      .whereRaw(
        `(${keys.map((k) => k.column).join(', ')}) ${sort.startsWith('-') ? '<' : '>'} (${keys.map((k) => `?::${k.type}`).join(', ')})`,
        [...anchor.key],
      )
      .whereRaw(holds, moved)
      .orderByRaw(order)
      .limit(page.limit)
      .offset(offset - anchor.place - 1);
    pageIds = knex.raw('(? UNION ALL ?)', [seeking, skipping.whereRaw(`(${holds}) IS NOT TRUE`, moved)]);
  }
  const rowsQuery = knex('order_list as o')
    .join(knex.raw('? AS page', [pageIds]), 'page.id', 'o.id')
    .leftJoin('vendor_list as v', 'v.id', 'o.vendor_id')
    .select('o.*', 'v.name as vendor_name', 'v.vendor_code', 'page.sought')
    .orderByRaw(order);
  if (anchors.deep(offset)) {
    // The list's last move, read in the statement that reads the page: what an anchor left by this page holds against.
    const lastMove = knex('order_list')
      .select('moved_a', 'moved_b')
      .orderBy([
        { column: 'moved_a', order: 'desc' },
        { column: 'moved_b', order: 'desc' },
      ])
      .limit(1);
    if (filter.vendor_id !== undefined) lastMove.where('vendor_id', filter.vendor_id);
    rowsQuery
      .with('last_move', lastMove)
      .select(
        knex.raw('(SELECT moved_a FROM last_move)::text AS list_moved_a'),
        knex.raw('(SELECT moved_b FROM last_move)::text AS list_moved_b'),
        ...keys.map((k, i) => knex.raw(`${k.column}::text AS anchor_key_${i}`)),
      );
  }
  // The bounded count rides on the page's own statement (evaluated once, whatever the rows): one
  // statement less per list; only a page past the end, with no row to carry it, counts apart.
  const matches = () =>
    matching
      .clone()
      .select(knex.raw('1'))
      .limit(EXACT_TOTAL_CAP + 1);
  const rows: PageRow[] = await rowsQuery.select(knex.raw('(SELECT count(*) FROM ? AS matches) AS matches_counted', [matches()]));
  const counted =
    rows.length > 0
      ? rows[0]!.matches_counted
      : ((await knex.count({ count: '*' }).from(matches().as('matches')))[0] as { count: string | number }).count;
  const last = rows[rows.length - 1];
  if (last && anchors.deep(offset) && last.list_moved_a != null && last.list_moved_b != null) {
    anchors.remember(
      list,
      {
        place: offset + rows.length - 1,
        key: keys.map((_, i) => String(last[`anchor_key_${i}`])),
        moved: { a: last.list_moved_a, b: last.list_moved_b },
      },
      anchor !== undefined && !last.sought,
    );
    if (last.sought) anchors.counts.sought++;
  }
  const bounded: BoundedCount = { offset, limit: page.limit, returned: rows.length, counted: Number(counted), cap: EXACT_TOTAL_CAP };
  const exact = exactTotal(bounded);
  const total = exact ?? estimatedTotal(bounded, await estimatedRows(knex, matching.clone().select(knex.raw('1'))));
  return { items: rows.map(orderRow), total, page: page.page, limit: page.limit, total_exact: exact !== null };
}
