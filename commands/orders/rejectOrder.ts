import type { DecisionSource, OrderEvent } from './events.ts';
import { decideItems, orderFor } from './guards.ts';
import type { OrderState } from './order.ts';

/**
 * SPEC.md part 3: reject order declines all items. A confirmed item cannot be declined (the item
 * table allows decline only from unconfirmed), so only an order with no confirmed item can be
 * rejected: ORDER_TRANSITIONS allows reject from unconfirmed alone.
 */
export type RejectOrder = { type: 'RejectOrder'; data: { vendor_id: number; source: DecisionSource; at: string } };

export function rejectOrder(command: RejectOrder, state: OrderState): OrderEvent[] {
  const { vendor_id, source, at } = command.data;
  const order = orderFor(state, vendor_id, 'reject');
  const open = order.items.filter((i) => i.status === 'unconfirmed').map((i) => i.item_id);
  return decideItems(order, open, false, source, at);
}
