import { OrderItemNotFoundException, OrderNotFoundException } from './errors.ts';
import { checkTransition } from '../../src/core/transitions.ts';
import type { DecisionSource, OrderEvent } from './events.ts';
import {
  ITEM_TRANSITIONS,
  ORDER_TRANSITIONS,
  orderStatusOf,
  type ItemAction,
  type ItemState,
  type LoadedOrder,
  type OrderAction,
  type OrderState,
} from './order.ts';

/**
 * Checks shared by the order decisions. Tenant isolation lives here, in the write model: an
 * order of another vendor is "not found", exactly like an order that does not exist, so a
 * vendor cannot even learn that another vendor's order id is taken.
 */
export function orderFor(state: OrderState, vendorId: number, action: OrderAction): LoadedOrder {
  if (state.status === 'none' || state.vendor_id !== vendorId) throw new OrderNotFoundException('Order not found');
  checkTransition('Order', ORDER_TRANSITIONS, action, state.status);
  return state;
}

export function itemFor(order: LoadedOrder, itemId: number, action: ItemAction): ItemState {
  const item = order.items.find((i) => i.item_id === itemId);
  if (!item)
    throw new OrderItemNotFoundException(`Order ${order.order_id} has no item ${itemId}`, { order_id: order.order_id, item_id: itemId });
  try {
    checkTransition('Order item', ITEM_TRANSITIONS, action, item.status);
  } catch (err) {
    (err as { extra: Record<string, unknown> }).extra.item_id = itemId;
    throw err;
  }
  return item;
}

/** The status event that follows when the items' change moves the order (SPEC.md part 3 "order status recomputed"). */
export function statusEvents(order: LoadedOrder, items: readonly ItemState[], at: string): OrderEvent[] {
  const next = orderStatusOf(items);
  if (next === order.status) return [];
  const data = { order_id: order.order_id, vendor_id: order.vendor_id, from: order.status, at };
  switch (next) {
    case 'confirmed':
      return [{ type: 'OrderConfirmed', data }];
    case 'declined':
      return [{ type: 'OrderDeclined', data }];
    case 'partially_shipped':
      return [{ type: 'OrderPartiallyShipped', data }];
    case 'shipped':
      return [{ type: 'OrderShipped', data }];
    case 'unconfirmed':
      return [];
  }
}

/** An item decision, with everything the extmarket push needs (no consumer rebuilds the order). */
export function decision(order: LoadedOrder, item: ItemState, confirmed: boolean, source: DecisionSource, at: string): OrderEvent {
  const data = {
    order_id: order.order_id,
    vendor_id: order.vendor_id,
    item_id: item.item_id,
    external_order_id: order.external_order_id,
    external_item_id: item.external_item_id,
    inventory_unit_ids: item.inventory_unit_ids,
    channel: order.channel,
    source,
    at,
  };
  return confirmed ? { type: 'OrderItemConfirmed', data } : { type: 'OrderItemDeclined', data };
}

/** Decides confirm or decline for several items at once, then the status the order moves to. */
export function decideItems(order: LoadedOrder, itemIds: number[], confirmed: boolean, source: DecisionSource, at: string): OrderEvent[] {
  const action: ItemAction = confirmed ? 'confirm' : 'decline';
  const events = itemIds.map((id) => decision(order, itemFor(order, id, action), confirmed, source, at));
  const status = confirmed ? ('confirmed' as const) : ('declined' as const);
  const items = order.items.map((i) => (itemIds.includes(i.item_id) ? { ...i, status } : i));
  return [...events, ...statusEvents(order, items, at)];
}
