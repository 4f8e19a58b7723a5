import type { Knex } from 'knex';
import type { BillingInvoicePaid, BillingSubscriptionSynced } from '../../../commands/billing/events.ts';

/**
 * Reading Stripe's objects (API version of the `stripe` package 17.7) into the platform's terms:
 * the vendor they belong to, an invoice's billing history fields, a subscription's status, period
 * tier and billing interval. Times are Unix seconds in Stripe and ISO strings here.
 */
/** Metadata as Stripe keeps it: the platform's marks (vendor_id, tier_code, add_on_id…), read as they come. */
type Metadata = Record<string, unknown> | null;

/** Another object named by one: its id, or the object itself when the request expanded it. */
type Ref = string | { id?: string; metadata?: Metadata } | null;

/**
 * The fields read of any object a Stripe event carries: those that tell its vendor. The objects
 * below are the fields read of each kind; every field is optional, as Stripe's API versions add
 * and move fields (a subscription's period moved to its items, an invoice's subscription under
 * `parent`).
 */
export interface StripeObject {
  object?: string;
  id?: string;
  metadata?: Metadata;
  customer?: Ref;
  subscription?: Ref;
  subscription_details?: { metadata?: Metadata } | null;
  parent?: { subscription_details?: { metadata?: Metadata; subscription?: Ref } | null } | null;
}

export interface StripeInvoice extends StripeObject {
  number?: string | null;
  currency?: string;
  amount_paid?: number;
  amount_due?: number;
  attempt_count?: number;
  period_start?: number;
  period_end?: number;
  invoice_pdf?: string | null;
  hosted_invoice_url?: string | null;
  lines?: { data?: { period?: { start?: number; end?: number } }[] };
}

export interface StripeCheckoutSession extends StripeObject {
  payment_status?: string;
}

export interface StripeCustomer extends StripeObject {
  invoice_settings?: { default_payment_method?: unknown } | null;
}

interface StripePrice {
  lookup_key?: string | null;
  metadata?: Metadata;
  recurring?: { interval?: string } | null;
}

interface StripeSubscriptionItem {
  metadata?: Metadata;
  price?: StripePrice | null;
  current_period_start?: number;
  current_period_end?: number;
}

/** A subscription, from an event or from the Stripe client (whose Stripe.Subscription has these fields). */
export interface StripeSubscription extends StripeObject {
  status?: string;
  current_period_start?: number;
  current_period_end?: number;
  trial_end?: number | null;
  items?: { data?: StripeSubscriptionItem[] };
}

export const isoFromUnix = (s: unknown): string | null =>
  typeof s === 'number' && Number.isFinite(s) ? new Date(s * 1000).toISOString() : null;

const vendorIdOf = (metadata: unknown): number | null => {
  const raw = (metadata as Record<string, unknown> | null | undefined)?.vendor_id;
  const n = Number(raw);
  return raw !== undefined && raw !== null && raw !== '' && Number.isInteger(n) && n > 0 ? n : null;
};

const idOf = (ref: Ref | undefined): string | null => (typeof ref === 'string' ? ref : typeof ref?.id === 'string' ? ref.id : null);

/**
 * The vendor a Stripe object belongs to: its metadata.vendor_id (every object created for a vendor
 * carries it), its subscription's, or else the billing account of its customer or subscription.
 */
export async function vendorOf(knex: Knex, object: StripeObject): Promise<number | null> {
  const direct =
    vendorIdOf(object.metadata) ??
    vendorIdOf(object.subscription_details?.metadata) ??
    vendorIdOf(object.parent?.subscription_details?.metadata) ??
    vendorIdOf(typeof object.subscription === 'string' ? null : object.subscription?.metadata);
  if (direct) return direct;
  const customer = object.object === 'customer' ? object.id : idOf(object.customer);
  const subscription = object.object === 'subscription' ? object.id : idOf(object.subscription);
  if (!customer && !subscription) return null;
  const q = knex('billing_accounts').select('vendor_id').first();
  if (customer && subscription) q.where({ stripe_customer_id: customer }).orWhere({ stripe_subscription_id: subscription });
  else if (customer) q.where({ stripe_customer_id: customer });
  else if (subscription) q.where({ stripe_subscription_id: subscription });
  const row = await q;
  return row ? Number(row.vendor_id) : null;
}

/** The subscription an invoice bills, if any (API 2025-02-24 names it directly; later versions under `parent`). */
export function subscriptionIdOf(invoice: StripeInvoice): string | null {
  return idOf(invoice.subscription) ?? idOf(invoice.parent?.subscription_details?.subscription);
}

/** An invoice's billing history fields; the period is its first line's (the invoice's own period is the one before, for a renewal). */
export function invoiceFacts(invoice: StripeInvoice, vendorId: number, at: string): Omit<BillingInvoicePaid['data'], 'amount_paid_cents'> {
  const line = invoice.lines?.data?.[0]?.period;
  return {
    vendor_id: vendorId,
    invoice_id: String(invoice.id),
    number: typeof invoice.number === 'string' ? invoice.number : null,
    currency: String(invoice.currency ?? 'eur').toUpperCase(),
    period_start: isoFromUnix(line?.start ?? invoice.period_start),
    period_end: isoFromUnix(line?.end ?? invoice.period_end),
    invoice_pdf: typeof invoice.invoice_pdf === 'string' ? invoice.invoice_pdf : null,
    hosted_invoice_url: typeof invoice.hosted_invoice_url === 'string' ? invoice.hosted_invoice_url : null,
    at,
  };
}

/**
 * Stripe's subscription statuses in the platform's: unpaid is still past due; an incomplete
 * subscription (its first payment pending) changes nothing; a lapsed first payment or a paused
 * subscription (a trial ended without a card) has expired.
 */
const STATUS: Record<string, BillingSubscriptionSynced['data']['status']> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete: null,
  incomplete_expired: 'expired',
  paused: 'expired',
};

export function platformStatus(stripeStatus: string): BillingSubscriptionSynced['data']['status'] {
  return STATUS[stripeStatus] ?? null;
}

/** The item of a subscription that bills the tier (every other item is an add-on, marked with metadata.add_on_id). */
const tierItem = (subscription: StripeSubscription) =>
  subscription.items?.data?.find((i) => !i.metadata?.add_on_id) ?? subscription.items?.data?.[0];

/**
 * The tier a subscription is for: its metadata.tier_code, else its tier item's price (metadata.tier_code,
 * or the lookup key `tier_<code>_<month|year>` that src/adapters/stripeBilling.ts gives tier prices).
 */
export function tierOf(subscription: StripeSubscription): string | null {
  const price = tierItem(subscription)?.price;
  const fromKey = typeof price?.lookup_key === 'string' ? /^tier_(.+)_(month|year)$/.exec(price.lookup_key)?.[1] : undefined;
  const code = subscription.metadata?.tier_code ?? price?.metadata?.tier_code ?? fromKey;
  return typeof code === 'string' && code !== '' ? code : null;
}

/** How often the tier item's price bills: month or year (the only intervals tier prices are made with), null for another. */
const intervalOf = (price: StripePrice | null | undefined): 'month' | 'year' | null => {
  const interval = price?.recurring?.interval;
  return interval === 'month' || interval === 'year' ? interval : null;
};

/** A Stripe subscription as a view to take in (status, period, trial end, tier, billing interval). */
export function subscriptionView(
  subscription: StripeSubscription,
  vendorId: number,
  observedAt: string,
  source: 'webhook' | 'sync',
  sourceRef: string,
  at: string,
): BillingSubscriptionSynced['data'] {
  const item = tierItem(subscription);
  return {
    vendor_id: vendorId,
    stripe_subscription_id: typeof subscription.id === 'string' ? subscription.id : null,
    stripe_status: String(subscription.status),
    status: platformStatus(String(subscription.status)),
    tier_code: tierOf(subscription),
    current_period_start: isoFromUnix(subscription.current_period_start ?? item?.current_period_start),
    current_period_end: isoFromUnix(subscription.current_period_end ?? item?.current_period_end),
    trial_end: isoFromUnix(subscription.trial_end),
    billing_interval: intervalOf(item?.price),
    observed_at: observedAt,
    source,
    source_ref: sourceRef,
    at,
  };
}

/** A view that tells only the status (what an invoice event says of the subscription). */
export function statusView(
  vendorId: number,
  stripeStatus: string,
  observedAt: string,
  sourceRef: string,
  at: string,
): BillingSubscriptionSynced['data'] {
  return {
    vendor_id: vendorId,
    stripe_subscription_id: null,
    stripe_status: stripeStatus,
    status: platformStatus(stripeStatus),
    tier_code: null,
    current_period_start: null,
    current_period_end: null,
    trial_end: null,
    billing_interval: null,
    observed_at: observedAt,
    source: 'webhook',
    source_ref: sourceRef,
    at,
  };
}
