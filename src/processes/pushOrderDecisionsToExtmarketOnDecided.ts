import type { OrderItemConfirmed, OrderTrackingSet } from '../../commands/orders/events.ts';
import { deciders } from '../deciders.ts';
import { handleCommand } from '../runtime/commandHandler.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { extmarketWorkerOf } from '../workers/extmarket/extmarketJobWorker.ts';
import { pushToExtmarket, type PushRequest } from '../workers/extmarket/pushToExtmarket.ts';

/**
 * Confirm, decline and tracking reach the extmarket (issue 5). The call happens before this
 * transaction writes anything, so no transaction id is held while it waits and no projector is
 * held back (ARCHITECTURE.md "xmin horizon"); then the outcome is recorded on the order with an
 * id derived from the decision event. A failure is an ExtmarketPushFailed with retry_at, picked
 * up by the retryExtmarketPushes task: our state and the extmarket's never diverge silently.
 * In a process without the extmarket worker (a CLI) the decision stays pending for that task.
 */
export const pushOrderDecisionsToExtmarketOnDecided: ProcessManager = {
  kind: 'process',
  name: 'pushOrderDecisionsToExtmarketOnDecided',
  eventTypes: ['OrderItemConfirmed', 'OrderItemDeclined', 'OrderTrackingSet'],
  batchSize: 20,
  async handle(event, ctx) {
    const push = pushOf(event.id, event.type, event.data);
    if (!push) return;
    const worker = extmarketWorkerOf(ctx.store);
    if (!worker) return;
    const seen = await ctx.trx('processed_events').where({ handler: 'pushOrderDecisionsToExtmarketOnDecided', event_id: event.id }).first();
    if (seen) return;
    const outcome = await pushToExtmarket({ ...worker.deps, knex: ctx.trx as any }, push, 1, ctx.trx);
    if (!(await ctx.firstTime(event))) return;
    await handleCommand(ctx.store, deciders.order, push.order_id, {
      type: 'RecordExtmarketPush', data: { ...push, attempt: 1, ...outcome, at: new Date().toISOString() },
    }, { ...ctx.commandContext(event), vendorId: push.vendor_id });
  },
};

/** The push a decision event asks for, or null (shop orders, decisions the extmarket itself reported). */
export function pushOf(id: string, type: string, data: unknown): PushRequest | null {
  if (type === 'OrderTrackingSet') {
    const d = data as OrderTrackingSet['data'];
    if (d.channel !== 'extmarket') return null;
    return {
      key: id, order_id: d.order_id, vendor_id: d.vendor_id, operation: 'set_tracking', item_id: null, inventory_unit_ids: [],
      external_shipment_id: d.external_shipment_id, tracking_number: d.tracking_number, carrier: d.carrier,
    };
  }
  const d = data as OrderItemConfirmed['data'];
  if (d.channel !== 'extmarket' || d.source === 'extmarket') return null;
  return {
    key: id, order_id: d.order_id, vendor_id: d.vendor_id, operation: type === 'OrderItemConfirmed' ? 'confirm_item' : 'decline_item',
    item_id: d.item_id, inventory_unit_ids: d.inventory_unit_ids, external_shipment_id: null, tracking_number: null, carrier: null,
  };
}
