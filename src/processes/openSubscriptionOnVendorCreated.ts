import { PERIOD_DAYS, type SubscriptionStatus } from '../../commands/subscriptions/events.ts';
import type { VendorCreated } from '../../commands/vendors/events.ts';
import { registeredDecider } from '../runtime/registeredDecider.ts';
import { handleCommand, load } from '../runtime/commandHandler.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

const DAY = 86_400_000;

/**
 * A vendor created with a plan (VendorCreate.plan, checked and completed by the subscriptions
 * area before the vendor was created) gets its subscription record: a trial of the days asked,
 * or a paid period at once, on the tier decided, from the time of the creation request. Nothing when
 * the vendor already has a record (an admin was quicker), and nothing new on a re-run: the event
 * ids derive from the VendorCreated event.
 */
export const openSubscriptionOnVendorCreated: ProcessManager = {
  kind: 'process',
  name: 'openSubscriptionOnVendorCreated',
  eventTypes: ['VendorCreated'],
  async handle(event, ctx) {
    const { vendor_id, requested_plan: plan } = domainEvent<VendorCreated>(event).data;
    if (!plan) return;
    const c = { ...ctx.commandContext(event), vendorId: vendor_id };
    const subscription = registeredDecider<{ status: SubscriptionStatus | 'none' }>('subscription');
    const { state } = await load(ctx.store, subscription, vendor_id, c.tx);
    if (state.status !== 'none') return;
    const days = plan.trial_days ?? PERIOD_DAYS;
    const terms = {
      tier_code: plan.tier_code,
      status: plan.trial_days ? 'trialing' : 'active',
      current_period_start: plan.starts_at,
      current_period_end: new Date(Date.parse(plan.starts_at) + days * DAY).toISOString(),
      custom_limits: null,
      billing_interval: 'month',
    };
    await handleCommand(
      ctx.store,
      subscription,
      vendor_id,
      { type: 'SetVendorSubscription', data: { vendor_id, terms, at: plan.starts_at } },
      c,
    );
  },
};
