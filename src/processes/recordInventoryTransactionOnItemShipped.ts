import type { ItemShipped } from '../../commands/orders/events.ts';
import { ConcurrencyException, DomainException } from '../core/errors.ts';
import { registeredDecider } from '../runtime/registeredDecider.ts';
import { handleCommand } from '../runtime/commandHandler.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/**
 * Each shipment records an inventory transaction: stock at the bin goes down by the
 * shipped quantity (from the item's reservation first, commands/inventory). Digital products
 * have unlimited inventory and are left alone. A shipment the stock cannot cover (no stock row,
 * not enough units, the placeholder product) has already left in the real world: it is recorded
 * in order_stock_issues for the vendor to correct, and shown in the shipment status, rather than
 * blocking every later event of the feed.
 */
export const recordInventoryTransactionOnItemShipped: ProcessManager = {
  kind: 'process',
  name: 'recordInventoryTransactionOnItemShipped',
  eventTypes: ['ItemShipped'],
  async handle(event, ctx) {
    const d = domainEvent<ItemShipped>(event).data;
    if (d.is_digital) return;
    const c = { ...ctx.commandContext(event), vendorId: d.vendor_id };
    try {
      await handleCommand(
        ctx.store,
        registeredDecider('stock'),
        d.product_id,
        {
          type: 'ShipStock',
          data: { order_id: d.order_id, order_item_id: d.item_id, quantity: d.quantity, at: d.at },
        },
        c,
      );
    } catch (err) {
      if (!(err instanceof DomainException) || err instanceof ConcurrencyException || err.status >= 500) throw err;
      await ctx
        .trx('order_stock_issues')
        .insert({
          event_id: event.id,
          order_id: d.order_id,
          item_id: d.item_id,
          vendor_id: d.vendor_id,
          product_id: d.product_id,
          quantity: d.quantity,
          error: err.message.slice(0, 500),
        })
        .onConflict('event_id')
        .ignore();
    }
  },
};
