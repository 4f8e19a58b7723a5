import type { ItemShipped } from '../../commands/orders/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const OrderShipmentRow = readModel('order_shipments', {
  order_id: column.int(),
  item_id: column.int(),
  vendor_id: column.int(),
  /** Units of this shipment. */
  quantity: column.int(),
  shipped_quantity: column.int({ description: 'Of the item, after this shipment' }),
  shipped_at: column.time(),
});
export type OrderShipmentRow = RowOf<typeof OrderShipmentRow>;

/**
 * order_shipments: each shipment of units of an item, for the item-level shipment status
 * (SPEC.md 4.2). Insert-only: a shipment recorded once stays as it was first recorded. Inline: a
 * shipment is its order's, so the shipping command writes it with its append
 * (src/runtime/inlineProjection.ts); the projection's own insert of it later does nothing.
 */
export const shipmentStatus = rowProjection<JsonRow<OrderShipmentRow>>({
  name: 'order_shipments',
  readModel: OrderShipmentRow,
  eventTypes: ['ItemShipped'],
  fold: {
    key: 'order_id',
    keyType: 'integer',
    insertOnly: { conflict: ['order_id', 'item_id', 'shipped_quantity'] },
    inline: { aggregate: 'order', owner: (e) => (e.data as { order_id: number }).order_id },
    keys: () => [],
    apply(rows, raw) {
      const d = domainEvent<ItemShipped>(raw).data;
      const key = `${d.order_id}:${d.item_id}:${d.shipped_quantity}`;
      // ON CONFLICT DO NOTHING: the first record of a shipment wins, in memory as in the table.
      if (rows.get(key)) return;
      rows.set(key, {
        order_id: d.order_id,
        item_id: d.item_id,
        vendor_id: d.vendor_id,
        quantity: d.quantity,
        shipped_quantity: d.shipped_quantity,
        shipped_at: d.at,
      });
    },
  },
});
