import type { ExtmarketPushFailed } from '../../commands/orders/events.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { notifyAdmins } from '../modules/notifications.ts';
import { vendorName } from './vendorName.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/**
 * A decision the extmarket kept refusing. Pushes are retried with backoff for as long as they fail
 * (src/workers/extmarket/pushToExtmarket.ts), so there is no "given up" fact: after this many
 * consecutive failed attempts of one push (some 8 minutes of retries) an operator must look at it.
 */
export const PUSH_FAILURES_BEFORE_NOTICE = 5;

/** Once per push: the key is the push's own key (the id of the decision event it carries). */
export const notifyAdminsOnExtmarketPushFailing: ProcessManager = {
  kind: 'process',
  name: 'notifyAdminsOnExtmarketPushFailing',
  eventTypes: ['ExtmarketPushFailed'],
  async handle(event, ctx) {
    const d = domainEvent<ExtmarketPushFailed>(event).data;
    if (d.attempt < PUSH_FAILURES_BEFORE_NOTICE) return;
    const vendor = await vendorName(ctx.trx, d.vendor_id);
    const what = d.operation.replace(/_/g, ' ');
    await notifyAdmins(ctx, event, {
      key: `extmarket_push_failing:${d.key}`,
      kind: 'extmarket_push_failing',
      severity: 'error',
      title: `The extmarket keeps refusing a ${what} of order ${d.order_id} (${vendor})`,
      body: `${d.attempt} attempts failed; the last error: ${d.error}. It is retried until it succeeds; the extmarket and our order differ until then.`,
      link: `/api/v1/admin/orders/${d.order_id}`,
      vendor_id: d.vendor_id,
      data: { order_id: d.order_id, item_id: d.item_id, operation: d.operation, attempts: d.attempt, push_key: d.key },
    });
  },
};
