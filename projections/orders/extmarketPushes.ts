import type { Knex } from 'knex';
import type { OrderEvent } from '../../commands/orders/events.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';

/**
 * extmarket_pushes: every decision of ours the extmarket must hear about (an item confirmed or
 * declined through our API, a tracking number), keyed by the id of the event that carried it,
 * with the outcome of the last attempt. Failed rows are what the retry task picks up; the order
 * detail shows them, so a divergence between our state and the extmarket's is never silent.
 */
export const extmarketPushes: Projection = {
  kind: 'projection',
  name: 'extmarket_pushes',
  eventTypes: ['OrderItemConfirmed', 'OrderItemDeclined', 'OrderTrackingSet', 'ExtmarketPushSucceeded', 'ExtmarketPushFailed'],
  tables: ['extmarket_pushes'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const keys = events.map((e) => (e.data as { key?: string }).key).filter((k): k is string => !!k);
    const rows = new Map<string, any>((await trx('extmarket_pushes').whereIn('key', keys)).map((r: any) => [r.key, r]));
    for (const raw of events) {
      const e = raw as unknown as OrderEvent;
      switch (e.type) {
        case 'OrderItemConfirmed':
        case 'OrderItemDeclined': {
          const d = e.data;
          // Decisions the extmarket itself reported need no push back; shop orders have no extmarket.
          if (d.channel !== 'extmarket' || d.source === 'extmarket') break;
          rows.set(raw.id, {
            key: raw.id, order_id: d.order_id, vendor_id: d.vendor_id, operation: e.type === 'OrderItemConfirmed' ? 'confirm_item' : 'decline_item',
            item_id: d.item_id, inventory_unit_ids: JSON.stringify(d.inventory_unit_ids), external_shipment_id: null, tracking_number: null, carrier: null,
            status: 'pending', attempts: 0, last_error: null, retry_at: null, created_at: d.at, updated_at: d.at,
          });
          break;
        }
        case 'OrderTrackingSet': {
          const d = e.data;
          if (d.channel !== 'extmarket') break;
          rows.set(raw.id, {
            key: raw.id, order_id: d.order_id, vendor_id: d.vendor_id, operation: 'set_tracking', item_id: null, inventory_unit_ids: '[]',
            external_shipment_id: d.external_shipment_id, tracking_number: d.tracking_number, carrier: d.carrier,
            status: 'pending', attempts: 0, last_error: null, retry_at: null, created_at: d.at, updated_at: d.at,
          });
          break;
        }
        case 'ExtmarketPushSucceeded':
        case 'ExtmarketPushFailed': {
          const row = rows.get(e.data.key);
          if (!row || row.status === 'succeeded') break;
          row.attempts = e.data.attempt;
          row.updated_at = e.data.at;
          if (e.type === 'ExtmarketPushSucceeded') Object.assign(row, { status: 'succeeded', last_error: null, retry_at: null });
          else Object.assign(row, { status: 'failed', last_error: e.data.error, retry_at: e.data.retry_at });
          break;
        }
      }
    }
    if (rows.size === 0) return;
    const values = [...rows.values()].map((r) => ({ ...r, inventory_unit_ids: typeof r.inventory_unit_ids === 'string' ? r.inventory_unit_ids : JSON.stringify(r.inventory_unit_ids) }));
    await trx('extmarket_pushes').insert(values).onConflict('key').merge();
  },
};
