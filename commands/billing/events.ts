import type { BillingInterval } from '../subscriptions/events.ts';

/**
 * The billing area's facts (docs/billing.md): each vendor's account at the payment provider
 * (Stripe), and the add-ons it bought on top of its tier.
 * What Stripe told of the vendors' invoices and subscriptions comes in through its webhooks
 * (docs/billing.md "Webhooks") and the reconciliation task.
 */

/** The vendor became a Stripe customer with its subscription (and trial) at Stripe. Stream `billing-account-<vendor_id>`. */
export type BillingAccountOpened = {
  type: 'BillingAccountOpened';
  data: { vendor_id: number; stripe_customer_id: string; stripe_subscription_id: string; at: string };
};
/** The vendor's default payment method at Stripe appeared or went away. */
export type BillingPaymentMethodChanged = {
  type: 'BillingPaymentMethodChanged';
  data: { vendor_id: number; has_payment_method: boolean; at: string };
};

export type BillingAccountEvent = BillingAccountOpened | BillingPaymentMethodChanged;
export const BILLING_ACCOUNT_EVENT_TYPES = [
  'BillingAccountOpened',
  'BillingPaymentMethodChanged',
] as const satisfies readonly BillingAccountEvent['type'][];

/** The vendor bought an add-on (paid through Stripe Checkout: stripe_ref is the checkout session id). Stream `addon-<add_on_id>`. */
export type VendorAddOnPurchased = {
  type: 'VendorAddOnPurchased';
  data: {
    add_on_id: string;
    vendor_id: number;
    add_on_code: string;
    quantity: number;
    price_monthly_cents: number;
    stripe_ref: string | null;
    at: string;
  };
};
/** The vendor stopped the add-on; what it added no longer counts. */
export type VendorAddOnCanceled = { type: 'VendorAddOnCanceled'; data: { add_on_id: string; vendor_id: number; at: string } };

export type VendorAddOnEvent = VendorAddOnPurchased | VendorAddOnCanceled;
export const VENDOR_ADD_ON_EVENT_TYPES = [
  'VendorAddOnPurchased',
  'VendorAddOnCanceled',
] as const satisfies readonly VendorAddOnEvent['type'][];

/** Stripe collected an invoice of the vendor: an entry of its billing history, with the PDF. */
export type BillingInvoicePaid = {
  type: 'BillingInvoicePaid';
  data: {
    vendor_id: number;
    invoice_id: string;
    number: string | null;
    amount_paid_cents: number;
    currency: string;
    period_start: string | null;
    period_end: string | null;
    invoice_pdf: string | null;
    hosted_invoice_url: string | null;
    at: string;
  };
};
/** An attempt to collect an invoice failed; Stripe tries again on its own schedule. */
export type BillingInvoicePaymentFailed = {
  type: 'BillingInvoicePaymentFailed';
  data: {
    vendor_id: number;
    invoice_id: string;
    amount_due_cents: number;
    attempt_count: number;
    hosted_invoice_url: string | null;
    number: string | null;
    currency: string;
    period_start: string | null;
    period_end: string | null;
    invoice_pdf: string | null;
    at: string;
  };
};
export type BillingInvoiceEvent = BillingInvoicePaid | BillingInvoicePaymentFailed;
export const BILLING_INVOICE_EVENT_TYPES = [
  'BillingInvoicePaid',
  'BillingInvoicePaymentFailed',
] as const satisfies readonly BillingInvoiceEvent['type'][];

/**
 * Stripe's view of the vendor's subscription as of `observed_at` (the Stripe event's creation time),
 * taken in: a field left null is not part of this view (an invoice event only tells the status).
 */
export type BillingSubscriptionSynced = {
  type: 'BillingSubscriptionSynced';
  data: {
    vendor_id: number;
    stripe_subscription_id: string | null;
    stripe_status: string;
    status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'expired' | null;
    tier_code: string | null;
    current_period_start: string | null;
    current_period_end: string | null;
    trial_end: string | null;
    /** The tier price's interval at Stripe; absent in the views taken in before it was read, null when not told. */
    billing_interval?: BillingInterval | null;
    observed_at: string;
    source: 'webhook' | 'sync';
    source_ref: string;
    at: string;
  };
};
/** Stripe announced that the vendor's trial ends soon (three days before, by default). */
export type SubscriptionTrialEnding = { type: 'SubscriptionTrialEnding'; data: { vendor_id: number; trial_end: string; at: string } };
export type BillingSubscriptionEvent = BillingSubscriptionSynced | SubscriptionTrialEnding;
export const BILLING_SUBSCRIPTION_EVENT_TYPES = [
  'BillingSubscriptionSynced',
  'SubscriptionTrialEnding',
] as const satisfies readonly BillingSubscriptionEvent['type'][];
