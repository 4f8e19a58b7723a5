import type { Knex } from 'knex';
import type { BillingAccountRow } from '../../projections/billing/billingAccounts.ts';

export type BillingAccountView = Pick<
  BillingAccountRow,
  'vendor_id' | 'stripe_customer_id' | 'stripe_subscription_id' | 'has_payment_method'
>;

/** The vendor's Stripe customer and subscription, null before its account is opened. */
export async function findBillingAccount(knex: Knex, vendorId: number): Promise<BillingAccountView | null> {
  const r = await knex<BillingAccountRow>('billing_accounts').where({ vendor_id: vendorId }).first();
  return r
    ? {
        vendor_id: r.vendor_id,
        stripe_customer_id: r.stripe_customer_id,
        stripe_subscription_id: r.stripe_subscription_id,
        has_payment_method: r.has_payment_method,
      }
    : null;
}

/** The vendor of a Stripe customer (the webhooks' way back to the tenant). */
export async function vendorOfStripeCustomer(knex: Knex, customerId: string): Promise<number | null> {
  const r = await knex<BillingAccountRow>('billing_accounts').where({ stripe_customer_id: customerId }).first('vendor_id');
  return r ? r.vendor_id : null;
}
