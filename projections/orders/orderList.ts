import { Type } from '@sinclair/typebox';
import type { OrderChannel, OrderEvent, OrderStatus } from '../../commands/orders/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const ORDER_STATUSES = [
  'unconfirmed',
  'confirmed',
  'declined',
  'partially_shipped',
  'shipped',
] as const satisfies readonly OrderStatus[];
export const ORDER_CHANNELS = ['extmarket', 'shop'] as const satisfies readonly OrderChannel[];

const text = () => column.nullable(column.text());

/** A shipping or billing address as the order carries it (commands/orders/events.ts OrderAddress). */
const address = {
  first_name: text(),
  last_name: text(),
  company: text(),
  street: text(),
  street_2: text(),
  postal_code: text(),
  city: text(),
  country_iso: text(),
};

export const OrderListRow = readModel('order_list', {
  id: column.int(),
  vendor_id: column.int(),
  channel: column.oneOf(ORDER_CHANNELS),
  status: column.oneOf(ORDER_STATUSES),
  order_number: column.text(),
  external_order_id: text(),
  external_shipment_id: text(),
  order_date: column.time(),
  customer_first_name: text(),
  customer_last_name: text(),
  customer_email: text(),
  customer_locale: text(),
  shipping_country_iso: text(),
  billing_country_iso: text(),
  shipping_address: column.json(Type.Object(address)),
  billing_address: column.json(Type.Object(address)),
  currency: column.text(),
  /** src/core/vat/regime.ts VatRegime */
  vat_regime: column.text(),
  /** Percent (17, 5.5); 0 for an exempt supply. */
  vat_rate: column.exact(),
  vat_country_iso: text(),
  seller_country_iso: column.text(),
  buyer_vat_number: text(),
  vat_exemption_reference: text(),
  net_cents: column.exact(),
  vat_cents: column.exact(),
  gross_cents: column.exact(),
  item_count: column.int(),
  open_exception_count: column.int(),
  tracking_number: text(),
  carrier: text(),
  sync_job_id: column.nullable(column.int()),
  imported_at: column.time(),
  updated_at: column.time(),
  customer_id: column.nullable(column.int({ description: 'The shop customer who placed the order; null for extmarket orders' })),
  shipping_cents: column.int({ description: 'The delivery charge, VAT included (0 when none)' }),
  /** The feed position of the order's arrival or last status change (see below). */
  moved_a: column.exact(),
  moved_b: column.exact(),
});
export type OrderListRow = RowOf<typeof OrderListRow>;

/**
 * The row as the fold holds it: times as ISO text; amounts and the VAT rate as numbers (the
 * events' and to_jsonb's form of bigint and numeric); a move's position as the feed's decimal
 * text, or a number once loaded back through to_jsonb.
 */
type OrderListFold = Omit<JsonRow<OrderListRow>, 'vat_rate' | 'net_cents' | 'vat_cents' | 'gross_cents' | 'moved_a' | 'moved_b'> & {
  vat_rate: number;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  moved_a: string | number;
  moved_b: string | number;
};

const EVENTS = [
  'OrderImported',
  'OrderPlaced',
  'OrderItemExceptionRaised',
  'OrderItemExceptionResolved',
  'OrderItemExceptionIgnored',
  'OrderConfirmed',
  'OrderDeclined',
  'OrderPartiallyShipped',
  'OrderShipped',
  'OrderTrackingSet',
] as const;

/** The events after an import that change an order's place in the lists: its status. */
const MOVES = new Set<string>(['OrderConfirmed', 'OrderDeclined', 'OrderPartiallyShipped', 'OrderShipped']);

/**
 * order_list: one row per order, for the admin and vendor order lists (filters: vendor, status)
 * and the head of the order detail. A row projection (src/runtime/rowProjection.ts): the batch is
 * folded in memory per order, then each changed row is written once.
 *
 * moved_a, moved_b: the feed position of the order's arrival or last status change, which the
 * deep pages of the lists read to know whether the places they remember still hold
 * (queries/orders/listOrders.ts). The feed reaches this projector in position order, so a move
 * is always after every move already written.
 */
export const orderList = rowProjection<OrderListFold>({
  name: 'order_list',
  eventTypes: EVENTS,
  readModel: OrderListRow,
  fold: {
    key: 'id',
    keyType: 'integer',
    keys: (e) => [(e.data as { order_id: number }).order_id],
    apply(rows, raw) {
      const e = domainEvent<OrderEvent>(raw);
      const moved = { moved_a: raw.position.a, moved_b: raw.position.b };
      if (e.type === 'OrderImported') {
        const { order_id, items, vat, imported_at, ...o } = e.data;
        rows.set(order_id, {
          id: order_id,
          ...o,
          ...vat,
          status: 'unconfirmed',
          item_count: items.length,
          open_exception_count: 0,
          tracking_number: null,
          carrier: null,
          imported_at,
          updated_at: imported_at,
          customer_id: null,
          shipping_cents: o.shipping_cents ?? 0,
          ...moved,
        });
        return;
      }
      if (e.type === 'OrderPlaced') {
        // A shop order: its "arrival" is its placement; it has no sync job.
        const { order_id, items, vat, placed_at, session_id: _s, language: _l, shop_url: _u, ...o } = e.data;
        rows.set(order_id, {
          id: order_id,
          ...o,
          ...vat,
          status: 'confirmed',
          item_count: items.length,
          open_exception_count: 0,
          tracking_number: null,
          carrier: null,
          imported_at: placed_at,
          updated_at: placed_at,
          shipping_cents: o.shipping_cents ?? 0,
          ...moved,
        });
        return;
      }
      const row = rows.get(e.data.order_id);
      if (!row) return;
      row.updated_at = e.data.at;
      if (MOVES.has(e.type)) Object.assign(row, moved);
      switch (e.type) {
        case 'OrderItemExceptionRaised':
          row.open_exception_count += 1;
          break;
        case 'OrderItemExceptionResolved':
        case 'OrderItemExceptionIgnored':
          row.open_exception_count = Math.max(0, row.open_exception_count - 1);
          break;
        case 'OrderConfirmed':
          row.status = 'confirmed';
          break;
        case 'OrderDeclined':
          row.status = 'declined';
          break;
        case 'OrderPartiallyShipped':
          row.status = 'partially_shipped';
          break;
        case 'OrderShipped':
          row.status = 'shipped';
          break;
        case 'OrderTrackingSet':
          row.tracking_number = e.data.tracking_number;
          row.carrier = e.data.carrier;
          break;
      }
    },
  },
});
