import type { Knex } from 'knex';
import type { ItemShipped } from '../../commands/orders/events.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';

/** order_shipments: each shipment of units of an item, for the item-level shipment status (SPEC.md 4.2). */
export const shipmentStatus: Projection = {
  kind: 'projection',
  name: 'order_shipments',
  eventTypes: ['ItemShipped'],
  tables: ['order_shipments'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const rows = events.map((raw) => {
      const d = (raw as unknown as ItemShipped).data;
      return { order_id: d.order_id, item_id: d.item_id, vendor_id: d.vendor_id, quantity: d.quantity, shipped_quantity: d.shipped_quantity, shipped_at: d.at };
    });
    if (rows.length > 0) await trx('order_shipments').insert(rows).onConflict(['order_id', 'item_id', 'shipped_quantity']).ignore();
  },
};
