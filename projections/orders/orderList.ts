import type { Knex } from 'knex';
import type { OrderEvent } from '../../commands/orders/events.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';

const EVENTS = [
  'OrderImported', 'OrderItemExceptionRaised', 'OrderItemExceptionResolved', 'OrderItemExceptionIgnored', 'OrderConfirmed', 'OrderDeclined',
  'OrderPartiallyShipped', 'OrderShipped', 'OrderTrackingSet',
] as const;

/**
 * order_list: one row per order, for the admin and vendor order lists (filters: vendor, status)
 * and the head of the order detail. The batch is folded in memory per order, then written with
 * one multi-row upsert.
 */
export const orderList: Projection = {
  kind: 'projection',
  name: 'order_list',
  eventTypes: EVENTS,
  tables: ['order_list'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = [...new Set(events.map((e) => (e.data as { order_id: number }).order_id))];
    const rows = new Map<number, any>((await trx('order_list').whereIn('id', ids)).map((r: any) => [r.id, r]));
    for (const raw of events) {
      const e = raw as unknown as OrderEvent;
      if (e.type === 'OrderImported') {
        const { order_id, items, vat, imported_at, ...o } = e.data;
        rows.set(order_id, {
          id: order_id, ...o, ...vat, shipping_address: JSON.stringify(o.shipping_address), billing_address: JSON.stringify(o.billing_address),
          status: 'unconfirmed', item_count: items.length, open_exception_count: 0, tracking_number: null, carrier: null, imported_at, updated_at: imported_at,
        });
        continue;
      }
      const row = rows.get(e.data.order_id);
      if (!row) continue;
      row.updated_at = e.data.at;
      switch (e.type) {
        case 'OrderItemExceptionRaised': row.open_exception_count += 1; break;
        case 'OrderItemExceptionResolved':
        case 'OrderItemExceptionIgnored': row.open_exception_count = Math.max(0, row.open_exception_count - 1); break;
        case 'OrderConfirmed': row.status = 'confirmed'; break;
        case 'OrderDeclined': row.status = 'declined'; break;
        case 'OrderPartiallyShipped': row.status = 'partially_shipped'; break;
        case 'OrderShipped': row.status = 'shipped'; break;
        case 'OrderTrackingSet': row.tracking_number = e.data.tracking_number; row.carrier = e.data.carrier; break;
      }
    }
    if (rows.size === 0) return;
    const values = [...rows.values()].map((r) => ({
      ...r,
      shipping_address: typeof r.shipping_address === 'string' ? r.shipping_address : JSON.stringify(r.shipping_address),
      billing_address: typeof r.billing_address === 'string' ? r.billing_address : JSON.stringify(r.billing_address),
    }));
    await trx('order_list').insert(values).onConflict('id').merge();
  },
};
