import type { Knex } from 'knex';
import type { BillingAccountRow } from '../../projections/billing/billingAccounts.ts';

export interface EndedTrial {
  vendor_id: number;
  trial_end: string;
  /** From the billing account's read model; null when the vendor has no Stripe account. */
  has_payment_method: boolean | null;
  stripe_customer_id: string | null;
}

/** A trialing subscription (the subscriptions area's read model) with its vendor's billing account, if any. */
type EndedTrialRead = { vendor_id: number; current_period_end: Date } & {
  [K in 'has_payment_method' | 'stripe_customer_id']: BillingAccountRow[K] | null;
};

/** Subscriptions still trialing whose trial (their current period) ended at or before `now`, with what is known of a card. */
export async function endedTrials(knex: Knex, now: Date, limit = 500): Promise<EndedTrial[]> {
  const rows = await knex('vendor_subscriptions as s')
    .leftJoin('billing_accounts as b', 'b.vendor_id', 's.vendor_id')
    .where('s.status', 'trialing')
    .where('s.current_period_end', '<=', now)
    .orderBy('s.current_period_end')
    .limit(limit)
    .select<EndedTrialRead[]>('s.vendor_id', 's.current_period_end', 'b.has_payment_method', 'b.stripe_customer_id');
  return rows.map((r) => ({
    vendor_id: r.vendor_id,
    trial_end: r.current_period_end.toISOString(),
    has_payment_method: r.has_payment_method,
    stripe_customer_id: r.stripe_customer_id,
  }));
}

/** Every billing account, by vendor id, a page at a time (the reconciliation walks them all). */
export async function billingAccountsAfter(
  knex: Knex,
  afterVendorId: number,
  limit: number,
): Promise<Pick<BillingAccountRow, 'vendor_id' | 'stripe_customer_id' | 'stripe_subscription_id' | 'has_payment_method'>[]> {
  return knex<BillingAccountRow>('billing_accounts')
    .where('vendor_id', '>', afterVendorId)
    .orderBy('vendor_id')
    .limit(limit)
    .select('vendor_id', 'stripe_customer_id', 'stripe_subscription_id', 'has_payment_method');
}
