import type { Knex } from 'knex';
import type { OrderEvent } from '../../commands/orders/events.ts';
import { cleanGtin, gtin14 } from '../../src/core/gtin.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';

/**
 * order_item_exceptions (SPEC.md part 2 "Order item exception"): unmatched order items, pending
 * until a product with their GTIN is imported or the vendor resolves them by hand. gtin14 lets
 * the auto-resolution find every pending exception of a newly imported GTIN.
 */
export const orderItemExceptions: Projection = {
  kind: 'projection',
  name: 'order_item_exceptions',
  eventTypes: ['OrderItemExceptionRaised', 'OrderItemExceptionResolved', 'OrderItemExceptionIgnored'],
  tables: ['order_item_exceptions'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = events.map((e) => (e.data as { exception_id: number }).exception_id);
    const rows = new Map<number, any>((await trx('order_item_exceptions').whereIn('id', ids)).map((r: any) => [r.id, r]));
    for (const raw of events) {
      const e = raw as unknown as OrderEvent;
      if (e.type === 'OrderItemExceptionRaised') {
        const d = e.data;
        rows.set(d.exception_id, {
          id: d.exception_id, vendor_id: d.vendor_id, order_id: d.order_id, item_id: d.item_id, status: 'pending', gtin: d.gtin,
          gtin14: d.gtin && /^\d{8,14}$/.test(cleanGtin(d.gtin)) ? gtin14(cleanGtin(d.gtin)) : null, sku: d.sku, mpn: d.mpn,
          product_name: d.product_name, placeholder_product_id: d.placeholder_product_id, resolved_product_id: null, resolution: null,
          resolved_by: null, resolved_at: null, created_at: d.at, updated_at: d.at,
        });
        continue;
      }
      if (e.type !== 'OrderItemExceptionResolved' && e.type !== 'OrderItemExceptionIgnored') continue;
      const row = rows.get(e.data.exception_id);
      if (!row) continue;
      row.updated_at = e.data.at;
      row.resolved_at = e.data.at;
      if (e.type === 'OrderItemExceptionResolved') {
        Object.assign(row, { status: 'resolved', resolved_product_id: e.data.product_id, resolution: e.data.resolution, resolved_by: e.data.resolved_by === null ? null : String(e.data.resolved_by) });
      } else {
        Object.assign(row, { status: 'ignored', resolution: 'ignored', resolved_by: e.data.ignored_by === null ? null : String(e.data.ignored_by) });
      }
    }
    if (rows.size > 0) await trx('order_item_exceptions').insert([...rows.values()]).onConflict('id').merge();
  },
};
