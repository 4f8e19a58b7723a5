import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { STOCK_EVENT_TYPES, type StockEvent } from '../../commands/inventory/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const InventoryListRow = readModel('inventory_list', {
  id: column.int(),
  vendor_id: column.int(),
  product_id: column.int(),
  warehouse: column.text(),
  bin_location: column.text(),
  /** Units on hand at the location. */
  quantity: column.int(),
  /** Units of the on-hand quantity set aside for order items. */
  reserved_quantity: column.int(),
  created_at: column.time(),
  updated_at: column.time(),
});
export type InventoryListRow = RowOf<typeof InventoryListRow>;

/**
 * inventory_list: one row per open stock location (product, warehouse, bin) with its on-hand and
 * reserved quantities. Every movement carries the quantities after it, so a batch folds to the
 * last value per row. A row projection (src/runtime/rowProjection.ts): one upsert and one delete
 * per batch.
 */
export const inventoryList = rowProjection<JsonRow<InventoryListRow>>({
  name: 'inventory_list',
  eventTypes: STOCK_EVENT_TYPES,
  readModel: InventoryListRow,
  fold: {
    key: 'id',
    keyType: 'integer',
    keys: (e) => [(e.data as { inventory_id: number }).inventory_id],
    apply(rows, raw) {
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
        return;
      }
      if (e.type === 'InventoryLocationClosed') {
        rows.delete(d.inventory_id);
        return;
      }
      const row = rows.get(d.inventory_id);
      if (!row) return;
      row.quantity = e.data.quantity_after;
      row.reserved_quantity = e.data.reserved_after;
      row.updated_at = e.data.at;
    },
  },
});
