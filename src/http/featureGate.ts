import type { Middleware } from 'koa';
import { featureByCode, FEATURES } from '../../commands/subscriptions/features.ts';
import { SEEDED_TIERS } from '../../commands/subscriptions/seedTiers.ts';
import { findTier, listTiers, type TierView } from '../../queries/subscriptions/tiers.ts';
import { FeatureNotAvailableException, FeatureNotFoundError } from '../core/errors.ts';
import type { Services } from '../runtime/services.ts';
import type { VendorCaller } from './vendorAuth.ts';

/**
 * The tier a vendor without a subscription record is on (SPEC.md part 2 "A legacy fallback
 * exists"): Essential, read from the tier read model, or its seed values if an admin deleted it.
 */
export const LEGACY_FALLBACK_TIER = 'essential';

export interface VendorPlan {
  tier: TierView;
  source: 'subscription' | 'legacy_fallback';
}

/** Until vendor subscription records exist, every vendor is on the legacy fallback. */
export async function vendorPlan(services: Services, _vendorId: number): Promise<VendorPlan> {
  const tier = await findTier(services.db.knex, LEGACY_FALLBACK_TIER);
  if (tier) return { tier, source: 'legacy_fallback' };
  const at = new Date(0).toISOString();
  return {
    tier: { code: LEGACY_FALLBACK_TIER, ...SEEDED_TIERS.essential, currency: 'EUR', is_active: false, created_at: at, updated_at: at },
    source: 'legacy_fallback',
  };
}

export function knownFeature(code: string) {
  const feature = featureByCode(code);
  if (!feature) throw new FeatureNotFoundError(`Feature '${code}' does not exist`, { feature: code });
  return feature;
}

/** The lowest offered tier whose feature list holds the feature (as the admins edited them), else the catalogue's. */
export async function lowestTierWith(services: Services, code: string): Promise<string> {
  const tiers = await listTiers(services.db.knex);
  return tiers.find((t) => t.features.includes(code))?.code ?? knownFeature(code).min_tier;
}

/**
 * Route guard for a gated feature: `use: [requireFeature(services, 'custom_domain')]` on a vendor
 * route (after the vendor guard, which sets ctx.state.vendor). A vendor whose tier lacks the
 * feature gets 403 FeatureNotAvailableException naming the feature, its lowest tier and the
 * vendor's own tier.
 */
export function requireFeature(services: Services, code: string): Middleware {
  knownFeature(code);
  return async (ctx, next) => {
    const caller = ctx.state.vendor as VendorCaller;
    const { tier } = await vendorPlan(services, caller.id);
    if (!tier.features.includes(code)) {
      const required = await lowestTierWith(services, code);
      throw new FeatureNotAvailableException(`The feature '${code}' needs the ${required} tier or higher; this vendor is on ${tier.code}`,
        { feature: code, required_tier: required, current_tier: tier.code });
    }
    await next();
  };
}

export const FEATURE_COUNT = FEATURES.length;

/** One page of a short list held in memory (features, categories, tiers), in the list form of every list. */
export function pageOf<T>(items: readonly T[], query: { page?: number; limit?: number }) {
  const page = query.page ?? 1;
  const limit = query.limit ?? 20;
  return { items: items.slice((page - 1) * limit, page * limit), total: items.length, page, limit };
}
