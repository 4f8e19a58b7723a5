import { ADD_ON_CATALOGUE } from '../../commands/billing/addOnCatalogue.ts';
import type { PlanQuota } from '../../commands/quotas/quota.ts';
import { listTiers } from '../../queries/subscriptions/tiers.ts';
import type { Services } from '../runtime/services.ts';
import { vendorPlan } from './featureGate.ts';

type LimitKey = 'products' | 'orders_per_period';

/**
 * The upgrade hint of a refusal: the lowest offered tier above the vendor's whose limit would
 * allow one more (unlimited, or above the count the refusal reached), and the add-on of the
 * catalogue that raises this limit (docs/billing.md), which allows one more whatever the tier.
 */
async function upgradeHint(services: Services, currentTier: { code: string; sort_order: number }, key: LimitKey, limit: number | null) {
  const needed = (limit ?? 0) + 1;
  const tiers = await listTiers(services.db.knex);
  const tier = tiers.find((t) => t.sort_order > currentTier.sort_order && (t.limits[key] === null || t.limits[key]! >= needed)) ?? null;
  const addOn = ADD_ON_CATALOGUE.find((a) => (a.adds[key] ?? 0) > 0) ?? null;
  const addOnNote = addOn ? `the add-on '${addOn.name}' (${addOn.code}) adds ${addOn.adds[key]}` : null;
  return {
    current_tier: currentTier.code,
    upgrade: tier
      ? { tier_code: tier.code, tier_name: tier.name, limit: tier.limits[key], note: `The ${tier.name} tier allows ${tier.limits[key] ?? 'unlimited'}${addOnNote ? `; or ${addOnNote}` : ''}` }
      : { tier_code: null, tier_name: null, limit: null, note: addOnNote ? `No offered tier allows more; ${addOnNote}` : 'No offered tier allows more; a custom limit from the platform\'s admins would' },
    add_on: addOn && { add_on_code: addOn.code, name: addOn.name, adds: addOn.adds[key]!, price_monthly_cents: addOn.price_monthly_cents },
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
