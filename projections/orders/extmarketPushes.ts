import { Type } from '@sinclair/typebox';
import type { ExtmarketOperation, OrderEvent } from '../../commands/orders/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const EXTMARKET_OPERATIONS = ['confirm_item', 'decline_item', 'set_tracking'] as const satisfies readonly ExtmarketOperation[];

export const ExtmarketPushRow = readModel('extmarket_pushes', {
  /** The id of the event that carried the decision. */
  key: column.text(),
  order_id: column.int(),
  vendor_id: column.int(),
  operation: column.oneOf(EXTMARKET_OPERATIONS),
  item_id: column.nullable(column.int()),
  inventory_unit_ids: column.json(Type.Array(Type.String())),
  external_shipment_id: column.nullable(column.text()),
  tracking_number: column.nullable(column.text()),
  carrier: column.nullable(column.text()),
  status: column.oneOf(['pending', 'succeeded', 'failed']),
  attempts: column.int(),
  last_error: column.nullable(column.text()),
  /** When a failed push is tried again. */
  retry_at: column.nullable(column.time()),
  created_at: column.time(),
  updated_at: column.time(),
});
export type ExtmarketPushRow = RowOf<typeof ExtmarketPushRow>;

/**
 * extmarket_pushes: every decision of ours the extmarket must hear about (an item confirmed or
 * declined through our API, a tracking number), keyed by the id of the event that carried it,
 * with the outcome of the last attempt. Failed rows are what the retry task picks up; the order
 * detail shows them, so a divergence between our state and the extmarket's is never silent.
 * A row projection (src/runtime/rowProjection.ts).
 */
export const extmarketPushes = rowProjection<JsonRow<ExtmarketPushRow>>({
  name: 'extmarket_pushes',
  readModel: ExtmarketPushRow,
  eventTypes: ['OrderItemConfirmed', 'OrderItemDeclined', 'OrderTrackingSet', 'ExtmarketPushSucceeded', 'ExtmarketPushFailed'],
  fold: {
    key: 'key',
    keyType: 'text',
    keys: (e) => (e.type === 'ExtmarketPushSucceeded' || e.type === 'ExtmarketPushFailed' ? [(e.data as { key: string }).key] : [e.id]),
    apply(rows, raw) {
      const e = domainEvent<OrderEvent>(raw);
      switch (e.type) {
        case 'OrderItemConfirmed':
        case 'OrderItemDeclined': {
          const d = e.data;
          // Decisions the extmarket itself reported need no push back; shop orders have no extmarket.
          if (d.channel !== 'extmarket' || d.source === 'extmarket') break;
          rows.set(raw.id, {
            key: raw.id,
            order_id: d.order_id,
            vendor_id: d.vendor_id,
            operation: e.type === 'OrderItemConfirmed' ? 'confirm_item' : 'decline_item',
            item_id: d.item_id,
            inventory_unit_ids: d.inventory_unit_ids,
            external_shipment_id: null,
            tracking_number: null,
            carrier: null,
            status: 'pending',
            attempts: 0,
            last_error: null,
            retry_at: null,
            created_at: d.at,
            updated_at: d.at,
          });
          break;
        }
        case 'OrderTrackingSet': {
          const d = e.data;
          if (d.channel !== 'extmarket') break;
          rows.set(raw.id, {
            key: raw.id,
            order_id: d.order_id,
            vendor_id: d.vendor_id,
            operation: 'set_tracking',
            item_id: null,
            inventory_unit_ids: [],
            external_shipment_id: d.external_shipment_id,
            tracking_number: d.tracking_number,
            carrier: d.carrier,
            status: 'pending',
            attempts: 0,
            last_error: null,
            retry_at: null,
            created_at: d.at,
            updated_at: d.at,
          });
          break;
        }
        case 'ExtmarketPushSucceeded':
        case 'ExtmarketPushFailed': {
          const row = rows.get(e.data.key);
          if (!row || row.status === 'succeeded') break;
          row.attempts = e.data.attempt;
          row.updated_at = e.data.at;
          if (e.type === 'ExtmarketPushSucceeded') {
            row.status = 'succeeded';
            row.last_error = null;
            row.retry_at = null;
          } else {
            row.status = 'failed';
            row.last_error = e.data.error;
            row.retry_at = e.data.retry_at;
          }
          break;
        }
      }
    },
  },
});
