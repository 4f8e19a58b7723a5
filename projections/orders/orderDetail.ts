import type { Knex } from 'knex';
import type { OrderEvent } from '../../commands/orders/events.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';

/**
 * order_items: the items of an order detail with their state (unconfirmed, confirmed, declined),
 * shipped_quantity and product link (SPEC.md part 2 "Order and order item").
 */
export const orderDetail: Projection = {
  kind: 'projection',
  name: 'order_items',
  eventTypes: ['OrderImported', 'OrderItemConfirmed', 'OrderItemDeclined', 'ItemShipped', 'OrderItemExceptionResolved'],
  tables: ['order_items'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const itemIds = new Set<number>();
    for (const raw of events) {
      const e = raw as unknown as OrderEvent;
      if (e.type !== 'OrderImported') itemIds.add((e.data as { item_id: number }).item_id);
    }
    const rows = new Map<number, any>((await trx('order_items').whereIn('id', [...itemIds])).map((r: any) => [r.id, r]));
    for (const raw of events) {
      const e = raw as unknown as OrderEvent;
      if (e.type === 'OrderImported') {
        for (const { item_id, inventory_unit_ids, ...i } of e.data.items) {
          rows.set(item_id, {
            id: item_id, order_id: e.data.order_id, vendor_id: e.data.vendor_id, status: 'unconfirmed', ...i,
            inventory_unit_ids: JSON.stringify(inventory_unit_ids), shipped_quantity: 0, updated_at: e.data.imported_at,
          });
        }
        continue;
      }
      const row = rows.get((e.data as { item_id: number }).item_id);
      if (!row) continue;
      row.updated_at = (e.data as { at: string }).at;
      if (e.type === 'OrderItemConfirmed') row.status = 'confirmed';
      else if (e.type === 'OrderItemDeclined') row.status = 'declined';
      else if (e.type === 'ItemShipped') row.shipped_quantity = e.data.shipped_quantity;
      else if (e.type === 'OrderItemExceptionResolved') { row.product_id = e.data.product_id; row.needs_product_match = false; }
    }
    if (rows.size === 0) return;
    const values = [...rows.values()].map((r) => ({
      ...r, inventory_unit_ids: typeof r.inventory_unit_ids === 'string' ? r.inventory_unit_ids : JSON.stringify(r.inventory_unit_ids),
    }));
    await trx('order_items').insert(values).onConflict('id').merge();
  },
};
