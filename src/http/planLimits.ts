import type { PlanQuota } from '../../commands/quotas/quota.ts';
import { listTiers } from '../../queries/subscriptions/tiers.ts';
import type { Services } from '../runtime/services.ts';
import { vendorPlan } from './featureGate.ts';

type LimitKey = 'products' | 'orders_per_period';

/**
 * The upgrade hint of a refusal: the lowest offered tier above the vendor's whose limit would
 * allow one more (unlimited, or above the count the refusal reached), else a note that only an
 * add-on or a custom limit from the platform's admins would.
 */
async function upgradeHint(services: Services, currentTier: { code: string; sort_order: number }, key: LimitKey, limit: number | null) {
  const needed = (limit ?? 0) + 1;
  const tiers = await listTiers(services.db.knex);
  const tier = tiers.find((t) => t.sort_order > currentTier.sort_order && (t.limits[key] === null || t.limits[key]! >= needed)) ?? null;
  return {
    current_tier: currentTier.code,
    upgrade: tier
      ? { tier_code: tier.code, tier_name: tier.name, limit: tier.limits[key], note: `The ${tier.name} tier allows ${tier.limits[key] ?? 'unlimited'}` }
      : { tier_code: null, tier_name: null, limit: null, note: 'No offered tier allows more; an add-on or a custom limit from the platform\'s admins would' },
  };
}

/** The vendor's product quota: live products, placeholders never counted. */
export async function productQuota(services: Services, vendorId: number): Promise<PlanQuota> {
  const plan = await vendorPlan(services, vendorId);
  const limit = plan.limits.products;
  return {
    key: String(vendorId),
    limit: { limit, hint: limit === null ? {} : await upgradeHint(services, plan.tier, 'products', limit) },
    opening: async () => (await services.db.knex('vendor_product_list').where({ vendor_id: vendorId, is_placeholder: false }).pluck('id')).map(String),
  };
}

/** The vendor's shop-order quota for its current billing period (vendorPlan's period). */
export async function orderQuota(services: Services, vendorId: number): Promise<PlanQuota> {
  const plan = await vendorPlan(services, vendorId);
  const limit = plan.limits.orders_per_period;
  return {
    key: `${vendorId}:${plan.period.start}`,
    limit: { limit, hint: limit === null ? {} : { period: plan.period, ...await upgradeHint(services, plan.tier, 'orders_per_period', limit) } },
    opening: async () => (await services.db.knex('order_list').where({ vendor_id: vendorId, channel: 'shop' })
      .where('imported_at', '>=', plan.period.start).where('imported_at', '<', plan.period.end).pluck('id')).map(String),
  };
}
