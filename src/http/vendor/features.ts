import Router from '@koa/router';
import type { Middleware } from 'koa';
import { Type } from '@sinclair/typebox';
import { FEATURE_CATEGORIES, FEATURES } from '../../../commands/subscriptions/features.ts';
import { getTier } from '../../../queries/subscriptions/tiers.ts';
import { FeatureNotFoundError } from '../../core/errors.ts';
import { TierNotFoundException } from '../../../commands/vendors/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { assertVendorFeature, knownFeature, lowestTierWith, vendorPlan } from '../featureGate.ts';
import { pageOf } from '../../core/pagination.ts';
import type { FeatureGate } from '../../modules/module.ts';
import { Page } from '../responses.ts';
import { PageQuery } from '../validation.ts';
import { Feature, FeatureCategory, TierCode, TierLimits, VendorPlan } from '../schemas/subscriptions.ts';
import { vendorCaller } from '../vendorAuth.ts';

const FeatureList = Page(Feature);
const AvailableFeatures = Page(Feature, { plan: VendorPlan }, 'AvailableFeaturesResponse');
const ListQuery = Type.Object(PageQuery, { additionalProperties: false });
const FeatureCheck = Type.Object(
  {
    feature: Feature,
    available: Type.Boolean(),
    current_tier: Type.String(),
    required_tier: Type.String({ description: 'The lowest offered tier that has the feature' }),
  },
  { $id: 'FeatureCheckResponse' },
);
const TierFeatures = Page(Feature, { tier_code: Type.String(), tier_name: Type.String() }, 'TierFeaturesResponse');
const Upgrade = Type.Object(
  {
    from_tier: Type.String(),
    to_tier: Type.String(),
    is_upgrade: Type.Boolean({ description: 'false when the target is the current tier or below it' }),
    added_features: Type.Array(Feature),
    removed_features: Type.Array(Feature),
    limits: Type.Object({ current: TierLimits, target: TierLimits }),
    price_monthly_difference_cents: Type.Integer(),
    price_yearly_difference_cents: Type.Integer(),
  },
  { $id: 'TierUpgradeResponse' },
);

const byCodes = (codes: string[]) => FEATURES.filter((f) => codes.includes(f.code));

/** SPEC.md 4.2 features: the catalogue of features and what the vendor's tier gives. */
export function vendorFeatureRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const caller = vendorCaller;

  api.get(
    '/features',
    {
      summary: 'Every feature of the platform, with its category and the lowest tier that has it',
      query: ListQuery,
      responses: { 200: FeatureList },
    },
    async (ctx, { query }) => {
      ctx.body = pageOf(FEATURES, query);
    },
  );

  api.get(
    '/features/available',
    {
      summary: "The features the vendor's tier gives (the legacy fallback tier without a subscription), with those of its add-ons",
      query: ListQuery,
      responses: { 200: AvailableFeatures },
    },
    async (ctx, { query }) => {
      const { tier, source, features } = await vendorPlan(services, caller(ctx).id);
      ctx.body = { plan: { tier_code: tier.code, tier_name: tier.name, source }, ...pageOf(byCodes(features), query) };
    },
  );

  api.get(
    '/features/categories',
    {
      summary: 'The feature categories with their feature counts',
      query: ListQuery,
      responses: { 200: Page(FeatureCategory) },
    },
    async (ctx, { query }) => {
      const items = FEATURE_CATEGORIES.map((c) => ({ ...c, feature_count: FEATURES.filter((f) => f.category === c.code).length }));
      ctx.body = pageOf(items, query);
    },
  );

  api.get(
    '/features/upgrade',
    {
      summary: 'What moving to another tier would add (and remove): features, limits, price',
      query: Type.Object({ to: TierCode }, { additionalProperties: false }),
      responses: { 200: Upgrade },
      errors: [TierNotFoundException],
    },
    async (ctx, { query }) => {
      const { tier: current } = await vendorPlan(services, caller(ctx).id);
      const target = await getTier(services.db.knex, query.to);
      ctx.body = {
        from_tier: current.code,
        to_tier: target.code,
        is_upgrade: target.sort_order > current.sort_order,
        added_features: byCodes(target.features.filter((c) => !current.features.includes(c))),
        removed_features: byCodes(current.features.filter((c) => !target.features.includes(c))),
        limits: { current: current.limits, target: target.limits },
        price_monthly_difference_cents: target.price_monthly_cents - current.price_monthly_cents,
        price_yearly_difference_cents: target.price_yearly_cents - current.price_yearly_cents,
      };
    },
  );

  api.get(
    '/features/tiers/:tier_code',
    {
      summary: 'The features of one tier',
      params: Type.Object({ tier_code: TierCode }),
      query: ListQuery,
      responses: { 200: TierFeatures },
      errors: [TierNotFoundException],
    },
    async (ctx, { params, query }) => {
      const tier = await getTier(services.db.knex, params.tier_code);
      ctx.body = { tier_code: tier.code, tier_name: tier.name, ...pageOf(byCodes(tier.features), query) };
    },
  );

  // Not /features/:code/check: /features/tiers/check would then name two routes (tier "check", feature "tiers").
  api.get(
    '/features/check/:code',
    {
      summary: "Whether the vendor's tier (or an add-on) gives a feature, and the lowest tier that has it",
      params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 60, pattern: '^[a-z0-9_]+$' }) }),
      responses: { 200: FeatureCheck },
      errors: [FeatureNotFoundError],
    },
    async (ctx, { params }) => {
      const feature = knownFeature(params.code);
      const { tier, features } = await vendorPlan(services, caller(ctx).id);
      ctx.body = {
        feature,
        available: features.includes(feature.code),
        current_tier: tier.code,
        required_tier: await lowestTierWith(services, feature.code),
      };
    },
  );

  return api.router;
}

/**
 * The feature gate of the vendor routes that name a plan feature (Module.featureGate): this area
 * keeps the plans, so it says what the feature is and refuses a vendor whose plan lacks it, from
 * the plans held in memory.
 */
export function planFeatureGate(services: Services): FeatureGate {
  return {
    describe(code) {
      const feature = knownFeature(code);
      return `Plan feature \`${feature.code}\` (${feature.name}; seeded from the ${feature.min_tier} tier): a vendor whose tier lacks it is refused with 403 FeatureNotAvailableException.`;
    },
    check: (ctx, code) => assertVendorFeature(services, vendorCaller(ctx).id, code),
  };
}

/**
 * Route guard for a gated feature, for a route that checks it itself rather than by naming it
 * (`use: [requireFeature(services, 'custom_domain')]`, after the vendor guard, which sets
 * ctx.state.vendor); see assertVendorFeature.
 */
export function requireFeature(services: Services, code: string): Middleware {
  knownFeature(code);
  return async (ctx, next) => {
    await assertVendorFeature(services, vendorCaller(ctx).id, code);
    await next();
  };
}
