import type { OrderPlaced } from '../../commands/orders/events.ts';
import { CustomerNotFoundException } from '../../commands/customers/errors.ts';
import { registeredDecider } from '../runtime/registeredDecider.ts';
import { handleCommand } from '../runtime/commandHandler.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/**
 * After an order is placed in the shop, the customer's order statistics count it (SPEC.md part 6
 * item 3 a): order count, total spent (the order's gross), last order. Exactly once: the
 * CustomerOrderRecorded event's id derives from the OrderPlaced event (a re-run batch appends
 * nothing new), and the customer's decision ignores an order it has recorded already, or one of
 * another vendor. An order whose customer does not exist is left alone rather than blocking the
 * feed.
 */
export const recordCustomerOrderOnOrderPlaced: ProcessManager = {
  kind: 'process',
  name: 'recordCustomerOrderOnOrderPlaced',
  eventTypes: ['OrderPlaced'],
  async handle(event, ctx) {
    const d = domainEvent<OrderPlaced>(event).data;
    if (!d.customer_id) return;
    const c = { ...ctx.commandContext(event), vendorId: d.vendor_id };
    try {
      await handleCommand(
        ctx.store,
        registeredDecider('customer'),
        d.customer_id,
        {
          type: 'RecordCustomerOrder',
          data: { order_id: d.order_id, vendor_id: d.vendor_id, gross_cents: d.vat.gross_cents, placed_at: d.placed_at },
        },
        c,
      );
    } catch (err) {
      // Only a signed-in customer places an order, so an unknown customer means a stream that was
      // never written; anything else (a conflict, the database) is retried by the runner.
      if (!(err instanceof CustomerNotFoundException)) throw err;
    }
  },
};
