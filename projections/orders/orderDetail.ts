import { Type } from '@sinclair/typebox';
import type { ItemStatus, OrderEvent } from '../../commands/orders/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const ITEM_STATUSES = ['unconfirmed', 'confirmed', 'declined'] as const satisfies readonly ItemStatus[];

export const OrderItemRow = readModel('order_items', {
  id: column.int(),
  order_id: column.int(),
  vendor_id: column.int(),
  status: column.oneOf(ITEM_STATUSES),
  /** A real product, or the vendor's placeholder product while needs_product_match. */
  product_id: column.int(),
  needs_product_match: column.bool(),
  product_name: column.text(),
  ean: column.nullable(column.text()),
  mpn: column.nullable(column.text()),
  sku: column.nullable(column.text()),
  quantity: column.int(),
  shipped_quantity: column.int(),
  /** Price per unit as charged to the customer, VAT included. */
  unit_price_cents: column.exact(),
  external_item_id: column.nullable(column.text()),
  /** The extmarket inventory units of the line. */
  inventory_unit_ids: column.json(Type.Array(Type.String())),
  is_digital: column.bool(),
  updated_at: column.time(),
  /** The order's stream version the row is folded to (written by the fold's inline declaration, not by `apply`). */
  stream_version: column.int(),
});
export type OrderItemRow = RowOf<typeof OrderItemRow>;

/** The row as the fold holds it: times as ISO text, the price as a number (the event's and to_jsonb's form of bigint). */
type OrderItemFold = Omit<JsonRow<OrderItemRow>, 'unit_price_cents' | 'stream_version'> & { unit_price_cents: number };

/**
 * order_items: the items of an order detail with their state (unconfirmed, confirmed, declined),
 * shipped_quantity and product link (SPEC.md part 2 "Order and order item"). A row projection
 * (src/runtime/rowProjection.ts): one row per item, folded in memory, written once per batch.
 * Inline: an order's items are folded from the order's stream alone, so an order's command writes
 * them with its append and the vendor reads a shipment or a confirmation at once
 * (src/runtime/inlineProjection.ts).
 */
export const orderDetail = rowProjection<OrderItemFold>({
  name: 'order_items',
  readModel: OrderItemRow,
  eventTypes: ['OrderImported', 'OrderPlaced', 'OrderItemConfirmed', 'OrderItemDeclined', 'ItemShipped', 'OrderItemExceptionResolved'],
  fold: {
    key: 'id',
    keyType: 'integer',
    inline: { aggregate: 'order', version: 'stream_version', owner: (e) => (e.data as { order_id: number }).order_id },
    keys(raw) {
      const e = domainEvent<OrderEvent>(raw);
      return e.type === 'OrderImported' || e.type === 'OrderPlaced'
        ? e.data.items.map((i) => i.item_id)
        : [(e.data as { item_id: number }).item_id];
    },
    apply(rows, raw) {
      const e = domainEvent<OrderEvent>(raw);
      if (e.type === 'OrderImported' || e.type === 'OrderPlaced') {
        const at = e.type === 'OrderImported' ? e.data.imported_at : e.data.placed_at;
        for (const { item_id, ...i } of e.data.items) {
          // A shop order's items are confirmed when it is placed (commands/orders/order.ts).
          const status = e.type === 'OrderPlaced' ? 'confirmed' : 'unconfirmed';
          rows.set(item_id, {
            id: item_id,
            order_id: e.data.order_id,
            vendor_id: e.data.vendor_id,
            status,
            ...i,
            shipped_quantity: 0,
            updated_at: at,
          });
        }
        return;
      }
      const row = rows.get((e.data as { item_id: number }).item_id);
      if (!row) return;
      row.updated_at = (e.data as { at: string }).at;
      if (e.type === 'OrderItemConfirmed') row.status = 'confirmed';
      else if (e.type === 'OrderItemDeclined') row.status = 'declined';
      else if (e.type === 'ItemShipped') row.shipped_quantity = e.data.shipped_quantity;
      else if (e.type === 'OrderItemExceptionResolved') {
        row.product_id = e.data.product_id;
        row.needs_product_match = false;
      }
    },
  },
});
