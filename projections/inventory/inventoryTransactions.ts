import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { MOVEMENT_EVENT_TYPES, TRANSACTION_TYPES, type MovementEvent } from '../../commands/inventory/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const InventoryTransactionRow = readModel('inventory_transactions', {
  /** The movement event's id. */
  id: column.text(),
  vendor_id: column.int(),
  product_id: column.int(),
  inventory_id: column.int(),
  warehouse: column.text(),
  bin_location: column.text(),
  transaction_type: column.oneOf(Object.values(TRANSACTION_TYPES)),
  /** Change of the on-hand quantity (negative when stock leaves). */
  quantity_change: column.int(),
  /** Change of the quantity reserved for orders. */
  reserved_change: column.int(),
  quantity_after: column.int(),
  reserved_after: column.int(),
  order_id: column.nullable(column.int()),
  order_item_id: column.nullable(column.int()),
  /** A document the movement comes from (an import file, a delivery note). */
  reference: column.nullable(column.text()),
  note: column.nullable(column.text()),
  /** The acting user's id as text (the event's metadata); null for a movement no user made. */
  user_id: column.nullable(column.text()),
  created_at: column.time(),
  /** The event's place in the feed among movements of one instant. */
  seq: column.exact(),
});
export type InventoryTransactionRow = RowOf<typeof InventoryTransactionRow>;

/**
 * inventory_transactions: the stock ledger (SPEC.md part 2 "inventory transaction"), one row per
 * movement event, keyed by the event id. `seq` keeps the feed order among movements of one instant.
 *
 * Not a row projection: a movement's row names the user who made it, from the event's metadata,
 * and a fold reads only an event's id, type, data and position (a rebuild reads nothing else
 * from the feed).
 */
export const inventoryTransactions: Projection = {
  kind: 'projection',
  name: 'inventory_transactions',
  eventTypes: MOVEMENT_EVENT_TYPES,
  tables: ['inventory_transactions'],
  readModels: [InventoryTransactionRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const rows = events.map((raw): JsonRow<InventoryTransactionRow> => {
      const e = domainEvent<MovementEvent>(raw);
      const d = e.data;
      return {
        id: raw.id,
        vendor_id: d.vendor_id,
        product_id: d.product_id,
        inventory_id: d.inventory_id,
        warehouse: d.warehouse,
        bin_location: d.bin_location,
        transaction_type: TRANSACTION_TYPES[e.type],
        quantity_change: d.quantity_change,
        reserved_change: d.reserved_change,
        quantity_after: d.quantity_after,
        reserved_after: d.reserved_after,
        order_id: d.order_id,
        order_item_id: d.order_item_id,
        reference: d.reference,
        note: d.note,
        user_id: raw.metadata.user_id === null || raw.metadata.user_id === undefined ? null : String(raw.metadata.user_id),
        created_at: d.at,
        seq: raw.position.b,
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      await trx('inventory_transactions')
        .insert(rows.slice(i, i + 500))
        .onConflict('id')
        .ignore();
  },
};
