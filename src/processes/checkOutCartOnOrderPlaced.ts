import { cartStreamId } from '../../commands/carts/events.ts';
import type { OrderPlaced } from '../../commands/orders/events.ts';
import { registeredDecider } from '../runtime/registeredDecider.ts';
import { handleCommand } from '../runtime/commandHandler.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/**
 * After a shop order, its lines leave the session cart (SPEC.md part 6 item 3 b): exactly the
 * ordered quantities, so a product added in another tab meanwhile stays. Once per order: the
 * event ids derive from the OrderPlaced event (ctx.commandContext), and the cart itself records
 * the orders it was checked out for, so a re-run or a second instance appends nothing new.
 */
export const checkOutCartOnOrderPlaced: ProcessManager = {
  kind: 'process',
  name: 'checkOutCartOnOrderPlaced',
  eventTypes: ['OrderPlaced'],
  async handle(event, ctx) {
    const d = domainEvent<OrderPlaced>(event).data;
    const ordered = new Map<number, number>();
    for (const item of d.items) ordered.set(item.product_id, (ordered.get(item.product_id) ?? 0) + item.quantity);
    await handleCommand(
      ctx.store,
      registeredDecider('cart'),
      cartStreamId(d.vendor_id, d.session_id),
      {
        type: 'CheckOutCart',
        data: {
          vendor_id: d.vendor_id,
          session_id: d.session_id,
          order_id: d.order_id,
          at: d.placed_at,
          lines: [...ordered].map(([product_id, quantity]) => ({ product_id, quantity })),
        },
      },
      { ...ctx.commandContext(event), vendorId: d.vendor_id },
    );
  },
};
