import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { STOCK_EVENT_TYPES, type StockEvent } from '../../commands/inventory/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

/**
 * inventory_list: one row per open stock location (product, warehouse, bin) with its on-hand and
 * reserved quantities. Every movement carries the quantities after it, so a batch folds to the
 * last value per row: one upsert and one delete per batch.
 */
export const inventoryList: Projection = {
  kind: 'projection',
  name: 'inventory_list',
  eventTypes: STOCK_EVENT_TYPES,
  tables: ['inventory_list'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = [...new Set(events.map((e) => (e.data as { inventory_id: number }).inventory_id))];
    const existing = await trx('inventory_list').whereIn('id', ids);
    const rows = new Map<number, any>(existing.map((r: any) => [r.id, r]));
    const closed = new Set<number>();
    for (const raw of events) {
      const e = domainEvent<StockEvent>(raw);
      const d = e.data;
      if (e.type === 'InventoryLocationOpened') {
        rows.set(d.inventory_id, {
          id: d.inventory_id,
          vendor_id: d.vendor_id,
          product_id: d.product_id,
          warehouse: d.warehouse,
          bin_location: d.bin_location,
          quantity: 0,
          reserved_quantity: 0,
          created_at: d.at,
          updated_at: d.at,
        });
        closed.delete(d.inventory_id);
        continue;
      }
      if (e.type === 'InventoryLocationClosed') {
        rows.delete(d.inventory_id);
        closed.add(d.inventory_id);
        continue;
      }
      const row = rows.get(d.inventory_id);
      if (!row) continue;
      Object.assign(row, { quantity: e.data.quantity_after, reserved_quantity: e.data.reserved_after, updated_at: e.data.at });
    }
    if (closed.size > 0)
      await trx('inventory_list')
        .whereIn('id', [...closed])
        .delete();
    if (rows.size > 0)
      await trx('inventory_list')
        .insert([...rows.values()])
        .onConflict('id')
        .merge();
  },
};
