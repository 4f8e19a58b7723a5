import type { ExtmarketPushFailed, OrderEvent } from './events.ts';
import { orderFor } from './guards.ts';
import type { OrderState } from './order.ts';
import { pushOf } from './pushBook.ts';

/**
 * Records what the extmarket answered to one of our decisions (confirm, decline, tracking), so a
 * failure is visible on the order and retried: never a silent divergence.
 * `key` is the id of the event that carried the decision; a success recorded once is final.
 */
export type RecordExtmarketPush = {
  type: 'RecordExtmarketPush';
  data: Omit<ExtmarketPushFailed['data'], 'order_id' | 'error' | 'retry_at'> & {
    ok: boolean;
    error: string | null;
    retry_at: string | null;
  };
};

export function recordExtmarketPush(command: RecordExtmarketPush, state: OrderState): OrderEvent[] {
  const { ok, error, retry_at, vendor_id, key, operation, item_id, attempt, at } = command.data;
  const order = orderFor(state, vendor_id, 'record_push');
  const known = pushOf(order.pushes, key);
  if (known?.status === 'succeeded' || (known && known.attempt >= attempt)) return [];
  const base = { order_id: order.order_id, vendor_id, key, operation, item_id, attempt, at };
  if (ok) return [{ type: 'ExtmarketPushSucceeded', data: base }];
  const { inventory_unit_ids, external_shipment_id, tracking_number, carrier } = command.data;
  return [
    {
      type: 'ExtmarketPushFailed',
      data: {
        ...base,
        inventory_unit_ids,
        external_shipment_id,
        tracking_number,
        carrier,
        error: error ?? 'unknown error',
        retry_at: retry_at ?? at,
      },
    },
  ];
}
