import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { MOVEMENT_EVENT_TYPES, TRANSACTION_TYPES, type MovementEvent } from '../../commands/inventory/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

/**
 * inventory_transactions: the stock ledger (SPEC.md part 2 "inventory transaction"), one row per
 * movement event, keyed by the event id. `seq` keeps the feed order among movements of one instant.
 */
export const inventoryTransactions: Projection = {
  kind: 'projection',
  name: 'inventory_transactions',
  eventTypes: MOVEMENT_EVENT_TYPES,
  tables: ['inventory_transactions'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const rows = events.map((raw) => {
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
