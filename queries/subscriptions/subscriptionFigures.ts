import type { Knex } from 'knex';
import type { VendorSubscriptionRow } from '../../projections/subscriptions/vendorSubscriptions.ts';

/** The admin dashboard's subscription figures: vendor subscriptions by tier and by status. */
export async function subscriptionFigures(knex: Knex) {
  const rows = await knex('vendor_subscriptions')
    .groupBy('tier_code', 'status')
    .select<(Pick<VendorSubscriptionRow, 'tier_code' | 'status'> & { n: number })[]>('tier_code', 'status', knex.raw('count(*)::int AS n'));
  const byTier: Record<string, number> = {};
  const byStatus: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    total += r.n;
    byTier[r.tier_code] = (byTier[r.tier_code] ?? 0) + r.n;
    byStatus[r.status] = (byStatus[r.status] ?? 0) + r.n;
  }
  return { subscriptions: { total, by_tier: byTier, by_status: byStatus } };
}
