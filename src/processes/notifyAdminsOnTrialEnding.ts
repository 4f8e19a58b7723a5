import type { SubscriptionTrialEnding } from '../../commands/billing/events.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { notifyAdmins } from '../modules/notifications.ts';
import { vendorName } from './vendorName.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/** A vendor's trial ends soon (docs/notifications.md): once per vendor and trial end. */
export const notifyAdminsOnTrialEnding: ProcessManager = {
  kind: 'process',
  name: 'notifyAdminsOnTrialEnding',
  eventTypes: ['SubscriptionTrialEnding'],
  async handle(event, ctx) {
    const d = domainEvent<SubscriptionTrialEnding>(event).data;
    const vendor = await vendorName(ctx.trx, d.vendor_id);
    await notifyAdmins(ctx, event, {
      key: `trial_ending:${d.vendor_id}:${d.trial_end}`,
      kind: 'trial_ending',
      severity: 'info',
      title: `The trial of ${vendor} ends on ${d.trial_end.slice(0, 10)}`,
      body: 'Without a payment method the subscription will not continue after the trial.',
      link: `/api/v1/admin/subscriptions/${d.vendor_id}`,
      vendor_id: d.vendor_id,
      data: { vendor_id: d.vendor_id, trial_end: d.trial_end },
    });
  },
};
