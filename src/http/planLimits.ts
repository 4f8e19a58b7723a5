import { ADD_ON_CATALOGUE } from '../core/addOnCatalogue.ts';
import { OPEN_QUOTAS_VIEW, quotaId, type PlanQuota, type QuotaLimit } from '../../commands/quotas/quota.ts';
import { plansKept } from '../modules/registry.ts';
import type { PlanReader } from '../modules/module.ts';

type LimitKey = 'products' | 'orders_per_period' | 'team_members';
type Services = PlanReader;

/** The vendor's plan, as the area that keeps the plans answers it (this file serves the areas it limits). */
const vendorPlan = (services: Services, vendorId: number) => plansKept().vendorPlan(services, vendorId);

/**
 * The upgrade hint of a refusal: the lowest offered tier above the vendor's whose limit would
 * allow one more (unlimited, or above the count the refusal reached), and the add-on of the
 * catalogue that raises this limit (docs/billing.md), which allows one more whatever the tier.
 */
async function upgradeHint(services: Services, currentTier: { code: string; sort_order: number }, key: LimitKey, limit: number | null) {
  const needed = (limit ?? 0) + 1;
  const tiers = await plansKept().offeredTiers(services);
  const tier = tiers.find((t) => t.sort_order > currentTier.sort_order && (t.limits[key] === null || t.limits[key]! >= needed)) ?? null;
  const addOn = ADD_ON_CATALOGUE.find((a) => (a.adds[key] ?? 0) > 0) ?? null;
  const addOnNote = addOn ? `the add-on '${addOn.name}' (${addOn.code}) adds ${addOn.adds[key]}` : null;
  return {
    current_tier: currentTier.code,
    upgrade: tier
      ? {
          tier_code: tier.code,
          tier_name: tier.name,
          limit: tier.limits[key],
          note: `The ${tier.name} tier allows ${tier.limits[key] ?? 'unlimited'}${addOnNote ? `; or ${addOnNote}` : ''}`,
        }
      : {
          tier_code: null,
          tier_name: null,
          limit: null,
          note: addOnNote
            ? `No offered tier allows more; ${addOnNote}`
            : "No offered tier allows more; a custom limit from the platform's admins would",
        },
    add_on: addOn && { add_on_code: addOn.code, name: addOn.name, adds: addOn.adds[key]!, price_monthly_cents: addOn.price_monthly_cents },
  };
}

/** Whether the quota stream is open, from the instance's memory; undefined without it (a worker's deps, a CLI). */
function isOpen(services: Services, kind: string, key: string): boolean | undefined {
  return services.views?.find<Set<string>>(OPEN_QUOTAS_VIEW)?.has(quotaId(kind, key));
}

/** The vendor's product quota: live products, placeholders never counted. */
export async function productQuota(services: Services, vendorId: number): Promise<PlanQuota> {
  const plan = await vendorPlan(services, vendorId);
  const limit = plan.limits.products;
  return {
    key: String(vendorId),
    limit: {
      limit,
      hint: limit === null ? {} : await upgradeHint(services, plan.tier, 'products', limit),
      open: isOpen(services, 'products', String(vendorId)),
    },
    opening: async () =>
      (await services.db.knex('vendor_product_list').where({ vendor_id: vendorId, is_placeholder: false }).pluck('id')).map(String),
  };
}

/**
 * The vendor's order quota for its current billing period (vendorPlan's period), with the period.
 * It counts the shop orders placed in the period and the extmarket orders dated in it (an
 * extmarket order is counted, never refused: commands/quotas/handlers.ts countExtmarketOrder); an
 * order of an earlier period brought by a historical import counts in none.
 */
export async function orderQuota(services: Services, vendorId: number): Promise<PlanQuota & { period: { start: string; end: string } }> {
  const plan = await vendorPlan(services, vendorId);
  const limit = plan.limits.orders_per_period;
  const { start, end } = plan.period;
  return {
    key: `${vendorId}:${start}`,
    period: plan.period,
    limit: {
      limit,
      hint: limit === null ? {} : { period: plan.period, ...(await upgradeHint(services, plan.tier, 'orders_per_period', limit)) },
      open: isOpen(services, 'orders', `${vendorId}:${start}`),
    },
    opening: async () =>
      (
        await services.db
          .knex('order_list')
          .where({ vendor_id: vendorId })
          .where((q) =>
            q
              .where((s) => s.where('channel', 'shop').where('imported_at', '>=', start).where('imported_at', '<', end))
              .orWhere((x) => x.where('channel', 'extmarket').where('order_date', '>=', start).where('order_date', '<', end)),
          )
          .pluck('id')
      ).map(String),
  };
}

/**
 * The vendor's team-member limit and its refusal hint. The team stream counts on its own (active
 * members and unexpired pending invitations, commands/team), so no quota stream is needed.
 */
export async function teamMemberQuota(services: Services, vendorId: number): Promise<QuotaLimit> {
  const plan = await vendorPlan(services, vendorId);
  const limit = plan.limits.team_members;
  return { limit, hint: limit === null ? {} : await upgradeHint(services, plan.tier, 'team_members', limit) };
}
