import type Stripe from 'stripe';
import { BillingProviderException } from '../core/errors.ts';
import type { StripeClient } from './stripe.ts';

/**
 * The Stripe side of billing, in the service's words. Prices are found by lookup key
 * (`tier_<code>_month`, `tier_<code>_year`, `addon_<code>_month`) and created when missing or
 * when our catalogue's amount changed (the key moves to the new price), so a Stripe account
 * needs no set-up by hand and an admin's new tier is billable at once. Every object created for
 * a vendor carries metadata.vendor_id.
 */
export type Interval = 'month' | 'year';

export interface PriceSpec {
  lookup_key: string;
  unit_amount: number;
  interval: Interval | null;
  name: string;
}

export const tierPriceKey = (tierCode: string, interval: Interval) => `tier_${tierCode}_${interval}`;
export const addOnPriceKey = (addOnCode: string) => `addon_${addOnCode}_month`;

/** A Stripe refusal or outage as our exception (502), with Stripe's message and code. */
export async function stripeCall<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const e = err as { type?: string; message?: string; code?: string; statusCode?: number };
    if (typeof e?.type === 'string' && e.type.startsWith('Stripe')) {
      throw new BillingProviderException(`Stripe refused to ${what}: ${e.message ?? e.type}`, {
        provider_code: e.code ?? null,
        provider_status: e.statusCode ?? null,
      });
    }
    throw err;
  }
}

export async function stripePrice(stripe: StripeClient, spec: PriceSpec): Promise<Stripe.Price> {
  const found = await stripeCall('list prices', () => stripe.prices.list({ lookup_keys: [spec.lookup_key], active: true, limit: 1 }));
  const current = found.data[0];
  if (current && current.unit_amount === spec.unit_amount && (current.recurring?.interval ?? null) === spec.interval) return current;
  return stripeCall('create a price', () =>
    stripe.prices.create(
      {
        lookup_key: spec.lookup_key,
        transfer_lookup_key: true,
        currency: 'eur',
        unit_amount: spec.unit_amount,
        ...(spec.interval && { recurring: { interval: spec.interval } }),
        product_data: { name: spec.name },
      },
      { idempotencyKey: `price:${spec.lookup_key}:${spec.unit_amount}:${spec.interval}` },
    ),
  );
}

export interface OpenedAccount {
  customer_id: string;
  subscription_id: string;
}

/**
 * The vendor's customer and its subscription on the tier's monthly price, trialing until
 * `trialEnd` when given. The idempotency keys derive from the cause (the VendorSubscriptionStarted
 * event id), so a repeated run gets the same customer and subscription back from Stripe.
 */
export async function openStripeAccount(
  stripe: StripeClient,
  input: {
    cause: string;
    vendor_id: number;
    name: string | null;
    email: string | null;
    price: PriceSpec;
    trialEnd: Date | null;
    /** A customer that exists already (the signup's, whose card a SetupIntent saved) and that card, made the default. */
    existing?: { customer_id: string; payment_method_id: string };
  },
): Promise<OpenedAccount> {
  const metadata = { vendor_id: String(input.vendor_id) };
  const details = { metadata, ...(input.name && { name: input.name }), ...(input.email && { email: input.email }) };
  const existing = input.existing;
  const customer = existing
    ? await stripeCall('update the customer', () =>
        stripe.customers.update(
          existing.customer_id,
          { ...details, invoice_settings: { default_payment_method: existing.payment_method_id } },
          { idempotencyKey: `${input.cause}:customer` },
        ),
      )
    : await stripeCall('create the customer', () => stripe.customers.create(details, { idempotencyKey: `${input.cause}:customer` }));
  const price = await stripePrice(stripe, input.price);
  const subscription = await stripeCall('create the subscription', () =>
    stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: price.id }],
        metadata,
        ...(existing && { default_payment_method: existing.payment_method_id }),
        ...(input.trialEnd
          ? { trial_end: Math.floor(input.trialEnd.getTime() / 1000) }
          : { payment_behavior: 'default_incomplete' as const }),
      },
      { idempotencyKey: `${input.cause}:subscription` },
    ),
  );
  return { customer_id: customer.id, subscription_id: subscription.id };
}

/** The item of the subscription that bills the tier (every other item is an add-on, marked with metadata.add_on_id). */
export function tierItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem | undefined {
  return subscription.items.data.find((i) => !i.metadata?.add_on_id) ?? subscription.items.data[0];
}

/** Moves the tier item to another price, prorated from `at`. */
export async function changeSubscriptionPrice(
  stripe: StripeClient,
  subscriptionId: string,
  price: PriceSpec,
  at: Date,
  idempotencyKey: string,
) {
  const subscription = await stripeCall('read the subscription', () => stripe.subscriptions.retrieve(subscriptionId));
  const item = tierItem(subscription);
  const target = await stripePrice(stripe, price);
  return stripeCall('change the subscription', () =>
    stripe.subscriptions.update(
      subscriptionId,
      {
        items: [item ? { id: item.id, price: target.id } : { price: target.id }],
        proration_behavior: 'create_prorations',
        proration_date: Math.floor(at.getTime() / 1000),
      },
      { idempotencyKey },
    ),
  );
}

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

/** The next invoice of the vendor's subscription, prorations included, in our units (cents, ISO times). */
export async function upcomingInvoice(stripe: StripeClient, customerId: string, subscriptionId: string) {
  const invoice = await stripeCall('preview the upcoming invoice', () =>
    stripe.invoices.createPreview({ customer: customerId, subscription: subscriptionId }),
  );
  return {
    currency: invoice.currency,
    amount_due_cents: invoice.amount_due,
    subtotal_cents: invoice.subtotal,
    total_cents: invoice.total,
    period: { start: iso(invoice.period_start), end: iso(invoice.period_end) },
    next_payment_attempt: iso(invoice.next_payment_attempt),
    lines: invoice.lines.data.map((l) => ({
      description: l.description ?? null,
      amount_cents: l.amount,
      quantity: l.quantity ?? null,
      proration: Boolean(l.proration),
      period: { start: iso(l.period?.start), end: iso(l.period?.end) },
    })),
  };
}

/**
 * A Checkout page where the vendor pays the add-on's first month; the add-on is recorded when
 * Stripe reports the session completed (the webhook), and from then on it is an item of the
 * vendor's subscription. The session's metadata tells the webhook what was bought.
 */
export async function addOnCheckout(
  stripe: StripeClient,
  input: {
    customer_id: string;
    vendor_id: number;
    add_on_code: string;
    name: string;
    quantity: number;
    unit_amount: number;
    return_url: string;
    idempotencyKey: string;
  },
) {
  const metadata = { vendor_id: String(input.vendor_id), add_on_code: input.add_on_code, quantity: String(input.quantity) };
  return stripeCall('open a checkout session', () =>
    stripe.checkout.sessions.create(
      {
        mode: 'payment',
        customer: input.customer_id,
        metadata,
        payment_intent_data: { metadata },
        line_items: [
          { quantity: input.quantity, price_data: { currency: 'eur', unit_amount: input.unit_amount, product_data: { name: input.name } } },
        ],
        success_url: `${input.return_url}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${input.return_url}?checkout=canceled`,
      },
      { idempotencyKey: input.idempotencyKey },
    ),
  );
}

/** Adds a bought add-on to the vendor's subscription; its first month was paid at checkout, so nothing is prorated. */
export async function addAddOnItem(
  stripe: StripeClient,
  input: {
    subscription_id: string;
    add_on_id: string;
    vendor_id: number;
    add_on_code: string;
    quantity: number;
    price: PriceSpec;
    idempotencyKey: string;
  },
) {
  const price = await stripePrice(stripe, input.price);
  return stripeCall('add the add-on to the subscription', () =>
    stripe.subscriptionItems.create(
      {
        subscription: input.subscription_id,
        price: price.id,
        quantity: input.quantity,
        proration_behavior: 'none',
        metadata: { add_on_id: input.add_on_id, vendor_id: String(input.vendor_id), add_on_code: input.add_on_code },
      },
      { idempotencyKey: input.idempotencyKey },
    ),
  );
}

/** Removes a canceled add-on's item from the subscription, crediting the unused part of the period. Absent: nothing to do. */
export async function removeAddOnItem(stripe: StripeClient, subscriptionId: string, addOnId: string, at: Date): Promise<boolean> {
  const subscription = await stripeCall('read the subscription', () => stripe.subscriptions.retrieve(subscriptionId));
  const item = subscription.items.data.find((i) => i.metadata?.add_on_id === addOnId);
  if (!item) return false;
  await stripeCall('remove the add-on from the subscription', () =>
    stripe.subscriptionItems.del(item.id, {
      proration_behavior: 'create_prorations',
      proration_date: Math.floor(at.getTime() / 1000),
    }),
  );
  return true;
}
