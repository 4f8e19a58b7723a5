import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { setDefaultTier } from '../../../commands/subscriptions/handlers/planSettings.ts';
import { VendorNotFoundException } from '../../core/errors.ts';
import { TierNotFoundException } from '../../../commands/vendors/errors.ts';
import type { AskedPlan, RequestedPlan } from '../../modules/module.ts';
import type { Services } from '../../runtime/services.ts';
import { getVendorRef } from '../../modules/vendors.ts';
import { VENDOR_PLANS_VIEW, type PlanFacts } from '../../../queries/subscriptions/vendorSubscriptions.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { defaultTierCode, tierByCode, vendorPlan, BUILT_IN_DEFAULT_TIER } from '../featureGate.ts';
import { Timestamp } from '../responses.ts';
import { SubscriptionStatus, TierCode, TierLimits, VendorPlan } from '../schemas/subscriptions.ts';
import { Id } from '../validation.ts';

const PlanSettings = Type.Object(
  {
    default_tier: Type.String({
      description: 'The tier of a vendor with no live subscription and no legacy plan, and of a new vendor created without a plan',
    }),
    default_tier_name: Type.String(),
    built_in_default_tier: Type.String({
      description: 'What applies until an admin chooses (Essential), and stands in for a deleted default tier',
    }),
    legacy_vendors: Type.Integer({
      minimum: 0,
      description: 'Vendors on the legacy plan now (kept from before plans, not yet moved to a tier)',
    }),
  },
  { $id: 'PlanSettings' },
);

const PlanSettingsUpdate = Type.Object(
  {
    default_tier: TierCode,
  },
  { $id: 'PlanSettingsUpdate', additionalProperties: false },
);

const AdminVendorPlan = Type.Object(
  {
    vendor_id: Type.Integer(),
    plan: VendorPlan,
    legacy_since: Type.Union([Timestamp, Type.Null()], {
      description: "When the platform's upgrade put the vendor on the legacy plan, while it is on it",
    }),
    status: Type.Union([SubscriptionStatus, Type.Null()], { description: "The subscription record's status; null without a record" }),
    period: Type.Object(
      { start: Timestamp, end: Timestamp },
      { description: "The period usage counts in: the subscription's, else the calendar month" },
    ),
    limits: TierLimits,
    features: Type.Array(Type.String()),
  },
  { $id: 'AdminVendorPlan' },
);

/** The default tier a vendor falls to and the legacy plan (docs/subscriptions.md): the admins' view and setting. */
export function adminPlanSettingsRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const answer = async () => {
    const code = await defaultTierCode(services);
    const tier = (await tierByCode(services, code)) ?? (await tierByCode(services, BUILT_IN_DEFAULT_TIER));
    const plans = services.views.find<PlanFacts>(VENDOR_PLANS_VIEW);
    const legacy = plans
      ? plans.legacy.size
      : Number((await services.db.knex('vendor_legacy_plans').whereNull('ended_at').count({ n: '*' }))[0].n);
    return {
      default_tier: code,
      default_tier_name: tier?.name ?? code,
      built_in_default_tier: BUILT_IN_DEFAULT_TIER,
      legacy_vendors: legacy,
    };
  };

  api.get(
    '/settings/plans',
    {
      summary:
        "The platform's default tier (what a vendor without a live subscription or the legacy plan is on) and how many vendors are on the legacy plan",
      responses: { 200: PlanSettings },
    },
    async (ctx) => {
      ctx.body = await answer();
    },
  );

  api.put(
    '/settings/plans',
    {
      summary:
        "Choose the platform's default tier among the offered tiers: the tier of new vendors created without a plan and of every vendor without a live subscription",
      body: PlanSettingsUpdate,
      responses: { 200: PlanSettings },
      errors: [TierNotFoundException],
    },
    async (ctx, { body }) => {
      await offeredTier(services, body.default_tier);
      await services.settle(
        await setDefaultTier(services.store, services.clock.now(), body.default_tier, commandContext(ctx, adminCaller(ctx).id)),
      );
      ctx.body = await answer();
    },
  );

  api.get(
    '/subscriptions/:vendor_id/plan',
    {
      summary:
        'The plan a vendor is on now and where it comes from: its live subscription, the legacy plan or the default tier, with its limits and features',
      params: Type.Object({ vendor_id: Id }),
      responses: { 200: AdminVendorPlan },
      errors: [VendorNotFoundException],
    },
    async (ctx, { params }) => {
      await getVendorRef(services.db.knex, params.vendor_id);
      const plan = await vendorPlan(services, params.vendor_id);
      ctx.body = {
        vendor_id: params.vendor_id,
        plan: { tier_code: plan.tier.code, tier_name: plan.tier.name, source: plan.source },
        legacy_since: plan.legacy_since,
        status: plan.subscription?.status ?? null,
        period: plan.period,
        limits: plan.limits,
        features: plan.features,
      };
    },
  );

  return api.router;
}

/** An offered tier, or 404 TierNotFoundException: what an admin may choose as the default tier or a new vendor's tier. */
async function offeredTier(services: Services, code: string) {
  const tier = await tierByCode(services, code);
  if (!tier || !tier.is_active) throw new TierNotFoundException(`Tier '${code}' not found or not offered`, { tier_code: code });
  return tier;
}

/**
 * The plan of a vendor being created (VendorCreate.plan; src/modules/module.ts newVendorPlan): an
 * offered tier, or the default tier when only a trial was asked; it starts now on the service clock.
 */
export async function newVendorPlan(services: Services, asked: AskedPlan): Promise<RequestedPlan> {
  if (asked.tier_code !== undefined) await offeredTier(services, asked.tier_code);
  const byDefault = await defaultTierCode(services);
  // A default tier deleted since it was chosen: Essential stands in, as it does for the vendors on the default tier.
  const tier_code = asked.tier_code ?? ((await tierByCode(services, byDefault)) ? byDefault : BUILT_IN_DEFAULT_TIER);
  return { tier_code, trial_days: asked.trial_days ?? null, starts_at: services.clock.now().toISOString() };
}
