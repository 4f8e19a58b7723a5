import type { Knex } from 'knex';
import { ResourceNotFoundException } from '../../src/core/errors.ts';
import type { TierView } from './tiers.ts';
import type { JsonRow } from '../../src/core/readModel.ts';
import type { VendorSubscriptionRow } from '../../projections/subscriptions/vendorSubscriptions.ts';
import type { VendorLegacyPlanRow } from '../../projections/subscriptions/vendorLegacyPlans.ts';
import type { SubscriptionSettingRow } from '../../projections/subscriptions/subscriptionSettings.ts';

/** Statuses in which a subscription holds its tier (deleting the tier is refused, the tier's features apply). */
export const LIVE_STATUSES = ['trialing', 'active', 'past_due'] as const;

/** A subscription record as the API and the plans' memory view carry it: the row, times as ISO text. */
export type VendorSubscriptionView = JsonRow<VendorSubscriptionRow>;

export async function findVendorSubscription(knex: Knex, vendorId: number): Promise<VendorSubscriptionView | null> {
  const r = await knex<VendorSubscriptionRow>('vendor_subscriptions').where({ vendor_id: vendorId }).first();
  return r ? subscriptionFromRow(r) : null;
}

/** A vendor_subscriptions row as a VendorSubscriptionView (also read by the plans' memory view). */
export function subscriptionFromRow(r: VendorSubscriptionRow): VendorSubscriptionView {
  return {
    vendor_id: r.vendor_id,
    tier_code: r.tier_code,
    status: r.status,
    current_period_start: r.current_period_start.toISOString(),
    current_period_end: r.current_period_end.toISOString(),
    custom_limits: r.custom_limits,
    billing_interval: r.billing_interval,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export async function getVendorSubscription(knex: Knex, vendorId: number): Promise<VendorSubscriptionView> {
  const s = await findVendorSubscription(knex, vendorId);
  if (!s) throw new ResourceNotFoundException(`Vendor ${vendorId} has no subscription record`, { vendor_id: vendorId });
  return s;
}

export async function countLiveSubscriptions(knex: Knex, tierCode: string): Promise<number> {
  const [{ count }] = await knex('vendor_subscriptions')
    .where({ tier_code: tierCode })
    .whereIn('status', LIVE_STATUSES)
    .count({ count: '*' });
  return Number(count);
}

/** What the vendor uses now: orders of the period (both channels), its products (not the placeholders standing in for products an order named), active team members. */
export async function vendorUsage(knex: Knex, vendorId: number, periodStart: string, periodEnd: string) {
  const [[orders], [products], [members]] = await Promise.all([
    knex('order_list')
      .where({ vendor_id: vendorId })
      .where('imported_at', '>=', periodStart)
      .where('imported_at', '<', periodEnd)
      .count({ count: '*' }),
    knex('vendor_product_list').where({ vendor_id: vendorId, is_placeholder: false }).count({ count: '*' }),
    knex('vendor_team_members').where({ vendor_id: vendorId, is_active: true }).count({ count: '*' }),
  ]);
  return { orders: Number(orders.count), products: Number(products.count), team_members: Number(members.count) };
}

/** One usage figure against its limit (null = unlimited), as the UsageSummary and the admin list show it. */
export function usageAgainst(used: number, limit: number | null) {
  if (limit === null) return { used, limit, remaining: null, percent_used: null, exceeded: false };
  return {
    used,
    limit,
    remaining: Math.max(0, limit - used),
    percent_used: limit === 0 ? 100 : Math.round((used / limit) * 1000) / 10,
    exceeded: used >= limit,
  };
}

/** The memory view that holds PlanFacts (projections/subscriptions/vendorPlansView.ts), named so a generic layer can read it. */
export const VENDOR_PLANS_VIEW = 'vendor_plans';

/** The tiers and every vendor's subscription record: what a vendor's plan is made of, but its add-ons. */
export interface PlanFacts {
  tiers: Map<string, TierView>;
  subscriptions: Map<number, VendorSubscriptionView>;
  /** The vendors on the legacy plan now (granted by the upgrade, no subscription opened since), with the time it was granted. */
  legacy: Map<number, string>;
  /** The platform's default tier as the admins set it; null: the built-in default (Essential). */
  defaultTier: string | null;
}

/** When the vendor was put on the legacy plan, or null when it is not on it (never was, or has left it). */
export async function findLegacyPlan(knex: Knex, vendorId: number): Promise<string | null> {
  const r = await knex<VendorLegacyPlanRow>('vendor_legacy_plans').where({ vendor_id: vendorId }).whereNull('ended_at').first('since');
  return r ? r.since.toISOString() : null;
}

/** The default tier the admins set (subscription_settings), or null for the built-in one. */
export async function findDefaultTier(knex: Knex): Promise<string | null> {
  const r = await knex<SubscriptionSettingRow>('subscription_settings').where({ key: 'default_tier' }).first('value');
  return r ? r.value : null;
}

/** The vendors on the legacy plan now, with the time it was granted (the plans' memory view loads them). */
export async function currentLegacyPlans(knex: Knex): Promise<Map<number, string>> {
  const rows = await knex<VendorLegacyPlanRow>('vendor_legacy_plans').whereNull('ended_at').select('vendor_id', 'since');
  return new Map(rows.map((r) => [r.vendor_id, r.since.toISOString()]));
}
