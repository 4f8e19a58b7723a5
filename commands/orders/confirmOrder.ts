import { InvalidTransitionException } from '../../src/core/errors.ts';
import { UnresolvedOrderItemExceptionsException } from './errors.ts';
import type { DecisionSource, OrderEvent } from './events.ts';
import { decideItems, orderFor } from './guards.ts';
import type { OrderState } from './order.ts';

/**
 * SPEC.md part 3: confirm order confirms all items, and is blocked (the order unchanged) while
 * unresolved item exceptions exist. Items already declined stay declined (an item moves only
 * from unconfirmed), so "all items" means every item still unconfirmed.
 */
export type ConfirmOrder = { type: 'ConfirmOrder'; data: { vendor_id: number; source: DecisionSource; at: string } };

export function confirmOrder(command: ConfirmOrder, state: OrderState): OrderEvent[] {
  const { vendor_id, source, at } = command.data;
  const order = orderFor(state, vendor_id, 'confirm');
  const pending = order.exceptions.filter((x) => x.status === 'pending');
  if (pending.length > 0) {
    throw new UnresolvedOrderItemExceptionsException(
      `Order ${order.order_id} has ${pending.length} unresolved item exception(s): resolve them before confirming the order`,
      { current_state: order.status, exception_ids: pending.map((x) => x.exception_id), item_ids: pending.map((x) => x.item_id) },
    );
  }
  const open = order.items.filter((i) => i.status === 'unconfirmed').map((i) => i.item_id);
  if (open.length === 0) throw new InvalidTransitionException('Order', order.status, 'confirm (no unconfirmed item left)');
  return decideItems(order, open, true, source, at);
}
