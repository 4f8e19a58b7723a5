import { ShipmentQuantityException } from './errors.ts';
import type { OrderEvent } from './events.ts';
import { itemFor, orderFor, statusEvents } from './guards.ts';
import type { OrderState } from './order.ts';

/**
 * SPEC.md part 3: ship a quantity of one item. shipped_quantity grows, never past the confirmed
 * quantity; the order becomes partially_shipped while some item is not fully shipped and shipped
 * when all are.
 */
export type ShipItem = { type: 'ShipItem'; data: { vendor_id: number; item_id: number; quantity: number; at: string } };

export function shipItem(command: ShipItem, state: OrderState): OrderEvent[] {
  const { vendor_id, item_id, quantity, at } = command.data;
  const order = orderFor(state, vendor_id, 'ship_item');
  const item = itemFor(order, item_id, 'ship');
  const remaining = item.quantity - item.shipped_quantity;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > remaining) {
    throw new ShipmentQuantityException(
      `Item ${item_id}: ${quantity} unit(s) cannot ship; ${remaining} of ${item.quantity} confirmed unit(s) remain to ship`,
      { item_id, quantity: item.quantity, shipped_quantity: item.shipped_quantity, remaining },
    );
  }
  const shipped_quantity = item.shipped_quantity + quantity;
  const items = order.items.map((i) => (i.item_id === item_id ? { ...i, shipped_quantity } : i));
  return [
    {
      type: 'ItemShipped',
      data: {
        order_id: order.order_id,
        vendor_id,
        item_id,
        product_id: item.product_id,
        is_digital: item.is_digital,
        quantity,
        shipped_quantity,
        at,
      },
    },
    ...statusEvents(order, items, at),
  ];
}
