import type { Knex } from 'knex';
import type { VendorSubscriptionStarted } from '../../commands/subscriptions/events.ts';
import { openStripeAccount, tierPriceKey } from '../adapters/stripeBilling.ts';
import { stripeOf, type StripeClient } from '../adapters/stripe.ts';
import type { EventStore, RecordedEvent } from '../eventstore/port.ts';
import { aggregates as deciders } from '../runtime/aggregates.ts';
import { handleCommand, type CommandContext, type Handled } from '../runtime/commandHandler.ts';
import type { ProcessManager } from '../runtime/consumer.ts';

/**
 * Opens the vendor's account at Stripe: a customer, and a subscription on its tier's price of the
 * record's billing interval (monthly for a record older than the interval) that trials until the record's period end while the record is trialing (SPEC.md part 8:
 * a 30-day trial). Exactly once: the Stripe requests carry idempotency keys derived from the
 * VendorSubscriptionStarted event id (a re-run gets the same customer and subscription back),
 * and BillingAccountOpened is appended with event ids derived from it too. The billing routes
 * call `openBillingAccount` with the same event for a vendor whose record predates billing.
 */
export async function openBillingAccount(
  deps: { store: EventStore; stripe: StripeClient; db: Knex },
  started: RecordedEvent,
  ctx: CommandContext,
): Promise<Handled<unknown, any>> {
  const d = (started as unknown as VendorSubscriptionStarted).data;
  const tier = await deps.db('subscription_tiers').where({ code: d.tier_code }).first('name', 'price_monthly_cents', 'price_yearly_cents');
  const vendor = await deps.db('vendor_list').where({ id: d.vendor_id }).first('name', 'contact_email');
  const interval = d.billing_interval ?? 'month';
  const trialing = d.status === 'trialing' && Date.parse(d.current_period_end) > Date.parse(d.at);
  const opened = await openStripeAccount(deps.stripe, {
    cause: started.id, vendor_id: d.vendor_id, name: vendor?.name ?? null, email: vendor?.contact_email ?? null,
    price: {
      lookup_key: tierPriceKey(d.tier_code, interval), unit_amount: Number((interval === 'year' ? tier?.price_yearly_cents : tier?.price_monthly_cents) ?? 0),
      interval, name: `${tier?.name ?? d.tier_code} (${interval === 'year' ? 'yearly' : 'monthly'})`,
    },
    trialEnd: trialing ? new Date(d.current_period_end) : null,
  });
  return handleCommand(deps.store, deciders['billing-account'], d.vendor_id, {
    type: 'OpenBillingAccount',
    data: { vendor_id: d.vendor_id, stripe_customer_id: opened.customer_id, stripe_subscription_id: opened.subscription_id, at: d.at },
  }, { ...ctx, vendorId: d.vendor_id });
}

export const openBillingAccountOnVendorSubscriptionStarted: ProcessManager = {
  kind: 'process',
  name: 'openBillingAccountOnVendorSubscriptionStarted',
  eventTypes: ['VendorSubscriptionStarted'],
  async handle(event, ctx) {
    // Without Stripe configured there is no account to open; the billing routes open it later.
    const stripe = stripeOf(ctx.store);
    if (!stripe || !(await ctx.firstTime(event))) return;
    await openBillingAccount({ store: ctx.store, stripe, db: ctx.trx }, event, ctx.commandContext(event));
  },
};
