import type { Knex } from 'knex';
import type { BillingAccountEvent } from '../../commands/billing/events.ts';
import type { VendorSubscriptionStarted } from '../../commands/subscriptions/events.ts';
import { openStripeAccount, tierPriceKey } from '../adapters/stripeBilling.ts';
import { stripeOf, type StripeClient } from '../adapters/stripe.ts';
import type { EventStore, RecordedEvent } from '../eventstore/port.ts';
import { registeredDecider } from '../runtime/registeredDecider.ts';
import { handleCommand, load, type CommandContext, type Handled } from '../runtime/commandHandler.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/** The vendors' billing accounts, of which these processes read whether one is open. */
const billingAccounts = () => registeredDecider<{ status: 'none' | 'open' }, BillingAccountEvent>('billing-account');

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
): Promise<Handled<unknown, BillingAccountEvent>> {
  const d = domainEvent<VendorSubscriptionStarted>(started).data;
  const tier = await deps.db('subscription_tiers').where({ code: d.tier_code }).first('name', 'price_monthly_cents', 'price_yearly_cents');
  const vendor = await deps.db('vendor_list').where({ id: d.vendor_id }).first('name', 'contact_email');
  const interval = d.billing_interval ?? 'month';
  const trialing = d.status === 'trialing' && Date.parse(d.current_period_end) > Date.parse(d.at);
  const opened = await openStripeAccount(deps.stripe, {
    cause: started.id,
    vendor_id: d.vendor_id,
    name: vendor?.name ?? null,
    email: vendor?.contact_email ?? null,
    price: {
      lookup_key: tierPriceKey(d.tier_code, interval),
      unit_amount: Number((interval === 'year' ? tier?.price_yearly_cents : tier?.price_monthly_cents) ?? 0),
      interval,
      name: `${tier?.name ?? d.tier_code} (${interval === 'year' ? 'yearly' : 'monthly'})`,
    },
    trialEnd: trialing ? new Date(d.current_period_end) : null,
  });
  return handleCommand(
    deps.store,
    billingAccounts(),
    d.vendor_id,
    {
      type: 'OpenBillingAccount',
      data: { vendor_id: d.vendor_id, stripe_customer_id: opened.customer_id, stripe_subscription_id: opened.subscription_id, at: d.at },
    },
    { ...ctx, vendorId: d.vendor_id },
  );
}

export const openBillingAccountOnVendorSubscriptionStarted: ProcessManager = {
  kind: 'process',
  name: 'openBillingAccountOnVendorSubscriptionStarted',
  eventTypes: ['VendorSubscriptionStarted'],
  async handle(event, ctx) {
    // Without Stripe configured there is no account to open; the billing routes open it later.
    const stripe = stripeOf(ctx.store);
    if (!stripe || !(await ctx.firstTime(event))) return;
    // A signup opens the account itself, on the customer that holds the card it saved: nothing to open twice.
    const vendorId = domainEvent<VendorSubscriptionStarted>(event).data.vendor_id;
    if ((await load(ctx.store, billingAccounts(), vendorId, ctx.commandContext(event).tx)).state.status === 'open') return;
    await openBillingAccount({ store: ctx.store, stripe, db: ctx.trx }, event, ctx.commandContext(event));
  },
};

/**
 * The account of a vendor opened through signup (SPEC.md part 8: the card is collected at signup):
 * the signup's Stripe customer, whose card its SetupIntent saved, becomes the vendor's, with that
 * card as the default, and a subscription on the tier that trials until `trialEnd`. Exactly once:
 * the Stripe requests and the events derive from `cause` (the signup's completion).
 */
export async function openBillingAccountWithCard(
  deps: { store: EventStore; stripe: StripeClient; db: Knex },
  input: {
    cause: string;
    vendor_id: number;
    name: string;
    email: string;
    tier_code: string;
    interval: 'month' | 'year';
    trialEnd: Date;
    customer_id: string;
    payment_method_id: string;
    at: string;
  },
  ctx: CommandContext,
): Promise<Handled<unknown, BillingAccountEvent>[]> {
  const tier = await deps
    .db('subscription_tiers')
    .where({ code: input.tier_code })
    .first('name', 'price_monthly_cents', 'price_yearly_cents');
  const opened = await openStripeAccount(deps.stripe, {
    cause: input.cause,
    vendor_id: input.vendor_id,
    name: input.name,
    email: input.email,
    price: {
      lookup_key: tierPriceKey(input.tier_code, input.interval),
      unit_amount: Number((input.interval === 'year' ? tier?.price_yearly_cents : tier?.price_monthly_cents) ?? 0),
      interval: input.interval,
      name: `${tier?.name ?? input.tier_code} (${input.interval === 'year' ? 'yearly' : 'monthly'})`,
    },
    trialEnd: input.trialEnd,
    existing: { customer_id: input.customer_id, payment_method_id: input.payment_method_id },
  });
  const c = { ...ctx, vendorId: input.vendor_id, causationId: input.cause };
  const account = billingAccounts();
  return [
    await handleCommand(
      deps.store,
      account,
      input.vendor_id,
      {
        type: 'OpenBillingAccount',
        data: {
          vendor_id: input.vendor_id,
          stripe_customer_id: opened.customer_id,
          stripe_subscription_id: opened.subscription_id,
          at: input.at,
        },
      },
      c,
    ),
    await handleCommand(
      deps.store,
      account,
      input.vendor_id,
      { type: 'SetBillingPaymentMethod', data: { vendor_id: input.vendor_id, has_payment_method: true, at: input.at } },
      c,
    ),
  ];
}
