import type { OrderItemConfirmed, OrderTrackingSet } from '../../commands/orders/events.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { extmarketWorkerOf } from '../workers/extmarket/extmarketJobWorker.ts';
import type { PushRequest } from '../workers/extmarket/pushToExtmarket.ts';

/**
 * Confirm, decline and tracking reach the extmarket. This process hands each decision
 * of an extmarket order to the extmarket worker of its process, which calls the extmarket outside
 * any transaction (a slow extmarket must not hold the feed back: ARCHITECTURE.md "xmin horizon")
 * and records ExtmarketPushSucceeded or ExtmarketPushFailed {attempt, error, retry_at} on the
 * order. The retryExtmarketPushes task retries failures and sends what no worker took (a CLI
 * process, a crash): our state and the extmarket's never diverge silently.
 */
export const pushOrderDecisionsToExtmarketOnDecided: ProcessManager = {
  kind: 'process',
  name: 'pushOrderDecisionsToExtmarketOnDecided',
  eventTypes: ['OrderItemConfirmed', 'OrderItemDeclined', 'OrderTrackingSet'],
  async handle(event, ctx) {
    const push = pushOf(event.id, event.type, event.data);
    if (!push || !(await ctx.firstTime(event))) return;
    extmarketWorkerOf(ctx.store)?.enqueuePush(push);
  },
};

/** The push a decision event asks for, or null (shop orders, decisions the extmarket itself reported). */
export function pushOf(id: string, type: string, data: unknown): PushRequest | null {
  if (type === 'OrderTrackingSet') {
    const d = data as OrderTrackingSet['data'];
    if (d.channel !== 'extmarket') return null;
    return {
      key: id,
      order_id: d.order_id,
      vendor_id: d.vendor_id,
      operation: 'set_tracking',
      item_id: null,
      inventory_unit_ids: [],
      external_shipment_id: d.external_shipment_id,
      tracking_number: d.tracking_number,
      carrier: d.carrier,
    };
  }
  const d = data as OrderItemConfirmed['data'];
  if (d.channel !== 'extmarket' || d.source === 'extmarket') return null;
  return {
    key: id,
    order_id: d.order_id,
    vendor_id: d.vendor_id,
    operation: type === 'OrderItemConfirmed' ? 'confirm_item' : 'decline_item',
    item_id: d.item_id,
    inventory_unit_ids: d.inventory_unit_ids,
    external_shipment_id: null,
    tracking_number: null,
    carrier: null,
  };
}
