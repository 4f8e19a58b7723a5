import type { ExceptionStatus, OrderEvent } from '../../commands/orders/events.ts';
import { cleanGtin, gtin14 } from '../../src/core/gtin.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const EXCEPTION_STATUSES = ['pending', 'resolved', 'ignored'] as const satisfies readonly ExceptionStatus[];

export const OrderItemExceptionRow = readModel('order_item_exceptions', {
  id: column.int(),
  vendor_id: column.int(),
  order_id: column.int(),
  item_id: column.int(),
  status: column.oneOf(EXCEPTION_STATUSES),
  gtin: column.nullable(column.text()),
  /** The GTIN in its 14-digit form, when it is one: the auto-resolution's lookup. */
  gtin14: column.nullable(column.text()),
  sku: column.nullable(column.text()),
  mpn: column.nullable(column.text()),
  product_name: column.text(),
  placeholder_product_id: column.int(),
  resolved_product_id: column.nullable(column.int()),
  resolution: column.nullable(column.oneOf(['product_imported', 'manual', 'ignored'])),
  /** The user id (as text) or the name of who resolved or ignored it. */
  resolved_by: column.nullable(column.text()),
  resolved_at: column.nullable(column.time()),
  created_at: column.time(),
  updated_at: column.time(),
});
export type OrderItemExceptionRow = RowOf<typeof OrderItemExceptionRow>;

/**
 * order_item_exceptions (SPEC.md part 2 "Order item exception"): unmatched order items, pending
 * until a product with their GTIN is imported or the vendor resolves them by hand. gtin14 lets
 * the auto-resolution find every pending exception of a newly imported GTIN. A row projection
 * (src/runtime/rowProjection.ts).
 */
export const orderItemExceptions = rowProjection<JsonRow<OrderItemExceptionRow>>({
  name: 'order_item_exceptions',
  readModel: OrderItemExceptionRow,
  eventTypes: ['OrderItemExceptionRaised', 'OrderItemExceptionResolved', 'OrderItemExceptionIgnored'],
  fold: {
    key: 'id',
    keyType: 'integer',
    keys: (e) => [(e.data as { exception_id: number }).exception_id],
    apply(rows, raw) {
      const e = domainEvent<OrderEvent>(raw);
      if (e.type === 'OrderItemExceptionRaised') {
        const d = e.data;
        rows.set(d.exception_id, {
          id: d.exception_id,
          vendor_id: d.vendor_id,
          order_id: d.order_id,
          item_id: d.item_id,
          status: 'pending',
          gtin: d.gtin,
          gtin14: d.gtin && /^\d{8,14}$/.test(cleanGtin(d.gtin)) ? gtin14(cleanGtin(d.gtin)) : null,
          sku: d.sku,
          mpn: d.mpn,
          product_name: d.product_name,
          placeholder_product_id: d.placeholder_product_id,
          resolved_product_id: null,
          resolution: null,
          resolved_by: null,
          resolved_at: null,
          created_at: d.at,
          updated_at: d.at,
        });
        return;
      }
      if (e.type !== 'OrderItemExceptionResolved' && e.type !== 'OrderItemExceptionIgnored') return;
      const row = rows.get(e.data.exception_id);
      if (!row) return;
      row.updated_at = e.data.at;
      row.resolved_at = e.data.at;
      if (e.type === 'OrderItemExceptionResolved') {
        row.status = 'resolved';
        row.resolved_product_id = e.data.product_id;
        row.resolution = e.data.resolution;
        row.resolved_by = e.data.resolved_by === null ? null : String(e.data.resolved_by);
      } else {
        row.status = 'ignored';
        row.resolution = 'ignored';
        row.resolved_by = e.data.ignored_by === null ? null : String(e.data.ignored_by);
      }
    },
  },
});
