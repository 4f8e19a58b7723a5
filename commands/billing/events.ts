/**
 * The billing area's facts (docs/billing.md): each vendor's account at the payment provider
 * (Stripe), and the add-ons it bought on top of its tier.
 */

/** The vendor became a Stripe customer with its subscription (and trial) at Stripe. Stream `billing-account-<vendor_id>`. */
export type BillingAccountOpened = { type: 'BillingAccountOpened'; data: { vendor_id: number; stripe_customer_id: string; stripe_subscription_id: string; at: string } };
/** The vendor's default payment method at Stripe appeared or went away. */
export type BillingPaymentMethodChanged = { type: 'BillingPaymentMethodChanged'; data: { vendor_id: number; has_payment_method: boolean; at: string } };

export type BillingAccountEvent = BillingAccountOpened | BillingPaymentMethodChanged;
export const BILLING_ACCOUNT_EVENT_TYPES = ['BillingAccountOpened', 'BillingPaymentMethodChanged'] as const satisfies readonly BillingAccountEvent['type'][];

/** The vendor bought an add-on (paid through Stripe Checkout: stripe_ref is the checkout session id). Stream `addon-<add_on_id>`. */
export type VendorAddOnPurchased = {
  type: 'VendorAddOnPurchased';
  data: { add_on_id: string; vendor_id: number; add_on_code: string; quantity: number; price_monthly_cents: number; stripe_ref: string | null; at: string };
};
/** The vendor stopped the add-on; what it added no longer counts. */
export type VendorAddOnCanceled = { type: 'VendorAddOnCanceled'; data: { add_on_id: string; vendor_id: number; at: string } };

export type VendorAddOnEvent = VendorAddOnPurchased | VendorAddOnCanceled;
export const VENDOR_ADD_ON_EVENT_TYPES = ['VendorAddOnPurchased', 'VendorAddOnCanceled'] as const satisfies readonly VendorAddOnEvent['type'][];
