import { BusinessLogicException } from '../../src/core/errors.ts';
import { checkTransition } from '../../src/core/transitions.ts';
import type { OrderEvent, OrderPlaced } from './events.ts';
import { ORDER_TRANSITIONS, type OrderState } from './order.ts';

/**
 * A customer places a shop order (channel `shop`). Everything was priced, taxed and reserved
 * before: the decision checks the order is new and well formed, and records it. Placing the same
 * order again (a retried request that reached this point) changes nothing.
 */
export type PlaceShopOrder = { type: 'PlaceShopOrder'; data: OrderPlaced['data'] };

export function placeShopOrder(command: PlaceShopOrder, state: OrderState): OrderEvent[] {
  const order = command.data;
  if (state.status !== 'none' && state.vendor_id === order.vendor_id && state.customer_id === order.customer_id) return [];
  checkTransition('Order', ORDER_TRANSITIONS, 'place', state.status);
  if (order.channel !== 'shop') throw new BusinessLogicException('A placed order comes from the shop');
  if (order.items.length === 0) throw new BusinessLogicException('An order needs at least one item');
  for (const item of order.items) {
    if (!Number.isInteger(item.quantity) || item.quantity < 1)
      throw new BusinessLogicException(`Item ${item.item_id}: quantity must be a positive integer`);
    if (!Number.isInteger(item.unit_price_cents) || item.unit_price_cents < 0)
      throw new BusinessLogicException(`Item ${item.item_id}: the price must be a whole number of cents`);
    if (item.needs_product_match) throw new BusinessLogicException('A shop order item is always a product of the shop');
  }
  return [{ type: 'OrderPlaced', data: order }];
}
