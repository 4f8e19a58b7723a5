import type { Knex } from 'knex';
import {
  EXACT_TOTAL_CAP, estimatedTotal, exactTotal, sortOrders, type BoundedCount, type BoundedPage, type PageRequest,
} from '../../src/core/pagination.ts';
import { estimatedRows } from '../../src/runtime/rowEstimate.ts';
import { containing } from '../../src/core/likePattern.ts';
import { iso } from '../../src/core/dates.ts';

export interface OrderFilter {
  /** Set for the vendor area (the token's vendor); optional for admins (the vendor filter). */
  vendor_id?: number;
  status?: string;
  channel?: 'extmarket' | 'shop';
  search?: string;
  /** The orders one shop customer placed (their history, the vendor's customer detail). */
  customer_id?: number;
}

/** An order row of a list: the head of the order, its VAT fields and totals, vendor name and code. */
export function orderRow(r: any) {
  return {
    id: r.id, order_number: r.order_number, vendor_id: r.vendor_id, vendor_name: r.vendor_name ?? null, vendor_code: r.vendor_code ?? null,
    channel: r.channel, status: r.status, order_date: iso(r.order_date), external_order_id: r.external_order_id,
    external_shipment_id: r.external_shipment_id, customer_first_name: r.customer_first_name, customer_last_name: r.customer_last_name,
    customer_email: r.customer_email, customer_locale: r.customer_locale, shipping_country_iso: r.shipping_country_iso,
    billing_country_iso: r.billing_country_iso, currency: r.currency, vat_regime: r.vat_regime, vat_rate: Number(r.vat_rate),
    vat_country_iso: r.vat_country_iso, seller_country_iso: r.seller_country_iso, buyer_vat_number: r.buyer_vat_number,
    vat_exemption_reference: r.vat_exemption_reference, net_cents: Number(r.net_cents), vat_cents: Number(r.vat_cents),
    gross_cents: Number(r.gross_cents), total_amount_cents: Number(r.gross_cents), item_count: r.item_count,
    open_exception_count: r.open_exception_count, tracking_number: r.tracking_number, carrier: r.carrier, sync_job_id: r.sync_job_id,
    customer_id: r.customer_id ?? null, shipping_cents: Number(r.shipping_cents ?? 0), imported_at: iso(r.imported_at), updated_at: iso(r.updated_at),
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

/**
 * Orders in one of ORDER_SORTS, always within the tenant when one is given (SPEC.md 4.1 admin
 * order list, 4.2 extmarket orders). The page is chosen on order_list alone (a deferred join):
 * its ids come from the sort index, skipping the rows of earlier pages without reading them or
 * joining their vendor, and only the page's rows are read whole. A deep page of a vendor with
 * 100,000 orders skipped 50,000 joined rows that way before (about 200 ms).
 *
 * `total` is bounded (src/core/pagination.ts "Bounded totals"): exact up to EXACT_TOTAL_CAP
 * matches and on the last page, else the planner's estimate with `total_exact: false`. Counting
 * 100,000 orders on every page was most of a first page's time.
 */
export async function listOrders(knex: Knex, filter: OrderFilter, page: PageRequest, sort: OrderSort = '-order_date'): Promise<BoundedPage<ReturnType<typeof orderRow>>> {
  const matching = knex('order_list as o');
  if (filter.vendor_id !== undefined) matching.where('o.vendor_id', filter.vendor_id);
  if (filter.status) matching.where('o.status', filter.status);
  if (filter.channel) matching.where('o.channel', filter.channel);
  if (filter.customer_id !== undefined) matching.where('o.customer_id', filter.customer_id);
  if (filter.search) {
    const like = containing(filter.search);
    matching.where((q) => q.whereILike('o.order_number', like).orWhereILike('o.external_order_id', like)
      .orWhereILike('o.customer_last_name', like).orWhereILike('o.customer_email', like));
  }
  // A page far past any list (page=1e20) must stay a valid bigint: it is empty either way.
  const offset = Math.min((page.page - 1) * page.limit, Number.MAX_SAFE_INTEGER);
  const pageIds = matching.clone().select('o.id').orderByRaw(ORDER_SORTS[sort]).limit(page.limit).offset(offset);
  const [rows, [counted]] = await Promise.all([
    knex('order_list as o').leftJoin('vendor_list as v', 'v.id', 'o.vendor_id').select('o.*', 'v.name as vendor_name', 'v.vendor_code')
      .whereIn('o.id', pageIds).orderByRaw(ORDER_SORTS[sort]),
    knex.count({ count: '*' }).from(matching.clone().select(knex.raw('1')).limit(EXACT_TOTAL_CAP + 1).as('matches')),
  ]);
  const bounded: BoundedCount = { offset, limit: page.limit, returned: rows.length, counted: Number((counted as { count: string | number }).count), cap: EXACT_TOTAL_CAP };
  const exact = exactTotal(bounded);
  const total = exact ?? estimatedTotal(bounded, await estimatedRows(knex, matching.clone().select(knex.raw('1'))));
  return { items: rows.map(orderRow), total, page: page.page, limit: page.limit, total_exact: exact !== null };
}
