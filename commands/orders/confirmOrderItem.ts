import type { DecisionSource, OrderEvent } from './events.ts';
import { decideItems, orderFor } from './guards.ts';
import type { OrderState } from './order.ts';

/**
 * SPEC.md part 3: confirm item, only from unconfirmed; the order status is recomputed (at least
 * one confirmed item makes the order confirmed: partial confirmation is allowed).
 */
export type ConfirmOrderItem = {
  type: 'ConfirmOrderItem';
  data: { vendor_id: number; item_id: number; source: DecisionSource; at: string };
};

export function confirmOrderItem(command: ConfirmOrderItem, state: OrderState): OrderEvent[] {
  const { vendor_id, item_id, source, at } = command.data;
  const order = orderFor(state, vendor_id, 'confirm_item');
  return decideItems(order, [item_id], true, source, at);
}
