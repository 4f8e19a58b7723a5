import type { Knex } from 'knex';
import type { SubscriptionTierRow } from '../../projections/subscriptions/subscriptionTiers.ts';
import type { VendorSubscriptionRow } from '../../projections/subscriptions/vendorSubscriptions.ts';

const STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const;

/** The subscriptions of a tier code, with the tier's name and place (null when the tier was deleted). */
type TierCountRow = Pick<VendorSubscriptionRow, 'tier_code'> & {
  [K in 'name' | 'sort_order']: SubscriptionTierRow[K] | null;
} & {
  total: number;
  active: number;
  live: number;
};
type StatusCountRow = Pick<VendorSubscriptionRow, 'status'> & { n: number };
/** `cents` is a bigint, which the driver may hand over as text. */
interface RevenueRow {
  cents: string | number;
  n: number;
}
interface TrialCountRow {
  started: number;
  in_trial: number;
  converted: number;
  expired: number;
  canceled: number;
}

/**
 * Admin /subscriptions/stats (definitions in docs/subscriptions.md "Admin views"):
 * - counts of subscription records by tier and by status;
 * - MRR: what every `active` subscription brings per month (trials, past-due, canceled and
 *   expired ones bring nothing): its tier's monthly price, or for one billed yearly the yearly
 *   price / 12 rounded to the cent (each subscription rounded, then summed), plus every active
 *   add-on's monthly price times its quantity; ARR = 12 × MRR;
 * - trial conversions: of the trials that ended, how many became active (converted) rather than
 *   expired or canceled.
 */
export async function subscriptionStats(knex: Knex) {
  const [byTier, byStatus, revenue, addOns, trials] = await Promise.all([
    knex('vendor_subscriptions as s')
      .leftJoin('subscription_tiers as t', 't.code', 's.tier_code')
      .groupBy('s.tier_code', 't.name', 't.sort_order')
      .select('s.tier_code', 't.name', 't.sort_order')
      .select<TierCountRow[]>(
        knex.raw('count(*)::int AS total'),
        knex.raw("count(*) FILTER (WHERE s.status = 'active')::int AS active"),
        knex.raw("count(*) FILTER (WHERE s.status IN ('trialing', 'active', 'past_due'))::int AS live"),
      )
      .orderByRaw('t.sort_order NULLS LAST, s.tier_code'),
    knex('vendor_subscriptions').groupBy('status').select('status').select<StatusCountRow[]>(knex.raw('count(*)::int AS n')),
    knex('vendor_subscriptions as s')
      .join('subscription_tiers as t', 't.code', 's.tier_code')
      .where('s.status', 'active')
      .select<RevenueRow[]>(
        knex.raw(
          `coalesce(sum(CASE WHEN s.billing_interval = 'year' THEN round(t.price_yearly_cents / 12.0) ELSE t.price_monthly_cents END), 0)::bigint AS cents`,
        ),
        knex.raw('count(*)::int AS n'),
      ),
    activeAddOnMonthlyCents(knex),
    knex('subscription_trials').select<TrialCountRow[]>(
      knex.raw('count(*)::int AS started'),
      knex.raw('count(*) FILTER (WHERE outcome IS NULL)::int AS in_trial'),
      knex.raw("count(*) FILTER (WHERE outcome = 'converted')::int AS converted"),
      knex.raw("count(*) FILTER (WHERE outcome = 'expired')::int AS expired"),
      knex.raw("count(*) FILTER (WHERE outcome = 'canceled')::int AS canceled"),
    ),
  ]);
  const statusCounts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<string, number>;
  for (const r of byStatus) statusCounts[r.status] = r.n;
  const subscriptionsCents = Number(revenue[0].cents);
  const addOnCents = [...addOns.values()].reduce((a, b) => a + b, 0);
  const mrr = subscriptionsCents + addOnCents;
  const t = trials[0];
  const ended = t.converted + t.expired + t.canceled;
  return {
    total: Object.values(statusCounts).reduce((a, b) => a + b, 0),
    by_tier: byTier.map((r) => ({ tier_code: r.tier_code, tier_name: r.name ?? null, total: r.total, live: r.live, active: r.active })),
    by_status: statusCounts,
    revenue: {
      currency: 'EUR' as const,
      mrr_cents: mrr,
      arr_cents: mrr * 12,
      subscriptions_mrr_cents: subscriptionsCents,
      add_ons_mrr_cents: addOnCents,
      paying_subscriptions: revenue[0].n,
      vendors_with_add_ons: addOns.size,
    },
    trials: {
      started: t.started,
      in_trial: t.in_trial,
      converted: t.converted,
      expired: t.expired,
      canceled: t.canceled,
      conversion_rate: ended === 0 ? null : Math.round((t.converted / ended) * 10_000) / 10_000,
    },
  };
}

/**
 * Each vendor's active add-ons per month, in cents (their share of the MRR), from the add-ons'
 * read model as queries/subscriptions/adminSubscriptions.ts reads it for the limits.
 */
async function activeAddOnMonthlyCents(knex: Knex): Promise<Map<number, number>> {
  const rows = await knex('vendor_add_ons')
    .where({ status: 'active' })
    .groupBy('vendor_id')
    .select<{ vendor_id: number; cents: string }[]>('vendor_id', knex.raw('sum(price_monthly_cents * quantity)::bigint as cents'));
  return new Map(rows.map((r) => [Number(r.vendor_id), Number(r.cents)]));
}
