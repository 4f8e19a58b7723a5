import type { DecisionSource, OrderEvent } from './events.ts';
import { decideItems, orderFor } from './guards.ts';
import type { OrderState } from './order.ts';

/** SPEC.md part 3: decline item, only from unconfirmed; every item declined makes the order declined. */
export type DeclineOrderItem = {
  type: 'DeclineOrderItem';
  data: { vendor_id: number; item_id: number; source: DecisionSource; at: string };
};

export function declineOrderItem(command: DeclineOrderItem, state: OrderState): OrderEvent[] {
  const { vendor_id, item_id, source, at } = command.data;
  const order = orderFor(state, vendor_id, 'decline_item');
  return decideItems(order, [item_id], false, source, at);
}
