import { BusinessLogicException } from '../../src/core/errors.ts';
import type { ImportedOrder, OrderEvent } from './events.ts';
import { orderFor } from './guards.ts';
import type { OrderState } from './order.ts';

/** An unmatched item of the order: its exception id is allocated before the decision. */
export interface UnmatchedItem {
  exception_id: number;
  item_id: number;
  placeholder_product_id: number;
}

/** Brings an extmarket order in (order sync or historical import), with its unmatched items. */
export type ImportOrder = { type: 'ImportOrder'; data: { order: ImportedOrder; unmatched: UnmatchedItem[]; at: string } };

export function importOrder(command: ImportOrder, state: OrderState): OrderEvent[] {
  const { order, unmatched, at } = command.data;
  // A repeated import of the same order (a sync run twice) changes nothing.
  if (state.status !== 'none' && state.vendor_id === order.vendor_id && state.external_order_id === order.external_order_id) return [];
  if (state.status !== 'none') orderFor(state, order.vendor_id, 'import');
  if (order.items.length === 0) throw new BusinessLogicException('An order needs at least one item');
  for (const item of order.items) {
    if (!Number.isInteger(item.quantity) || item.quantity < 1)
      throw new BusinessLogicException(`Item ${item.item_id}: quantity must be a positive integer`);
  }
  const events: OrderEvent[] = [{ type: 'OrderImported', data: { ...order, imported_at: at } }];
  for (const u of unmatched) {
    const item = order.items.find((i) => i.item_id === u.item_id);
    if (!item) throw new BusinessLogicException(`Unmatched item ${u.item_id} is not an item of the order`);
    events.push({
      type: 'OrderItemExceptionRaised',
      data: {
        order_id: order.order_id,
        vendor_id: order.vendor_id,
        exception_id: u.exception_id,
        item_id: item.item_id,
        gtin: item.ean,
        sku: item.sku,
        mpn: item.mpn,
        product_name: item.product_name,
        placeholder_product_id: u.placeholder_product_id,
        at,
      },
    });
  }
  return events;
}
