import { featureByCode, FEATURES } from '../../commands/subscriptions/features.ts';
import { SEEDED_TIERS } from '../../commands/subscriptions/handlers/seedTiers.ts';
import { addOnByCode, type PlanAddOn } from '../core/addOnCatalogue.ts';
import { planAddOnsOf } from '../modules/registry.ts';
import type { PlanReader, Plans } from '../modules/module.ts';
import { findTier, listTiers, type TierView } from '../../queries/subscriptions/tiers.ts';
import {
  findDefaultTier,
  findLegacyPlan,
  findVendorSubscription,
  LIVE_STATUSES,
  VENDOR_PLANS_VIEW,
  type PlanFacts,
  type VendorSubscriptionView,
} from '../../queries/subscriptions/vendorSubscriptions.ts';
import { FeatureNotAvailableException, FeatureNotFoundError } from '../core/errors.ts';

/**
 * The default tier when the admins have chosen none, and the tier that stands in when the chosen
 * one was deleted: Essential, read from the tier read model, or its seed values if an admin
 * deleted it too.
 */
export const BUILT_IN_DEFAULT_TIER = 'essential';

/**
 * The legacy plan (SPEC.md part 2 "A legacy fallback exists"; docs/subscriptions.md): every
 * feature and no limit, for the vendors that were there before plans, until an admin moves them
 * to a tier. Not a tier an admin edits or offers: it is above every tier (`sort_order`), so no tier
 * is an upgrade from it.
 */
export const LEGACY_PLAN: TierView = {
  code: 'legacy',
  name: 'Legacy',
  description: 'Every feature and no limits, kept from before plans',
  price_monthly_cents: 0,
  price_yearly_cents: 0,
  currency: 'EUR',
  limits: { orders_per_period: null, products: null, team_members: null },
  features: FEATURES.map((f) => f.code),
  sort_order: 1_000_000,
  is_active: false,
  created_at: new Date(0).toISOString(),
  updated_at: new Date(0).toISOString(),
};

/**
 * Where a vendor's plan comes from: its live subscription (trialing, active, past due); the
 * legacy plan (kept from before plans); or, with neither, the platform's default tier.
 */
export type PlanSource = 'subscription' | 'legacy' | 'default_tier';

export interface VendorPlan {
  tier: TierView;
  source: PlanSource;
  subscription: VendorSubscriptionView | null;
  /** When the upgrade put the vendor on the legacy plan, while it is on it; else null. */
  legacy_since: string | null;
  /** The tier's limits with the admin's custom limits over them, plus what the active add-ons add (null = unlimited). */
  limits: TierView['limits'];
  /** The tier's features and those of the active add-ons. */
  features: string[];
  /** The vendor's active add-ons (docs/billing.md): they count whatever the tier, the fallback included. */
  add_ons: PlanAddOn[];
  /** The billing period usage counts in: the subscription's, else the calendar month (UTC) of the clock. */
  period: { start: string; end: string };
}

/** What the active add-ons add, times their quantity, on top of the limits; an unlimited limit stays unlimited. */
export function withAddOns(limits: TierView['limits'], addOns: readonly Pick<PlanAddOn, 'add_on_code' | 'quantity'>[]): TierView['limits'] {
  const out = { ...limits };
  for (const a of addOns) {
    const adds = addOnByCode(a.add_on_code)?.adds ?? {};
    for (const key of ['products', 'orders_per_period', 'team_members'] as const) {
      if (adds[key] && out[key] !== null) out[key] = out[key]! + adds[key]! * a.quantity;
    }
  }
  return out;
}

function calendarMonth(now: Date) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start: start.toISOString(), end: end.toISOString() };
}

/**
 * The plan's facts of one vendor: from the memory views where the reader has them, else from the
 * read models; its add-ons as the area that sells them answers them (billing builds on the plans).
 */
async function planFacts(services: PlanReader, vendorId: number) {
  const plans = services.views?.find<PlanFacts>(VENDOR_PLANS_VIEW);
  const addOns = await planAddOnsOf(services, vendorId);
  if (plans) {
    return {
      subscription: copy(plans.subscriptions.get(vendorId) ?? null),
      legacySince: plans.legacy.get(vendorId) ?? null,
      defaultTier: plans.defaultTier,
      tier: async (code: string) => copyTier(plans.tiers.get(code) ?? null),
      addOns,
    };
  }
  const knex = services.db.knex;
  return {
    subscription: await findVendorSubscription(knex, vendorId),
    legacySince: await findLegacyPlan(knex, vendorId),
    defaultTier: await findDefaultTier(knex),
    tier: (code: string) => findTier(knex, code),
    addOns,
  };
}

/** The platform's default tier code (the admins' choice, else Essential), from memory where the reader has it. */
export async function defaultTierCode(services: PlanReader): Promise<string> {
  const plans = services.views?.find<PlanFacts>(VENDOR_PLANS_VIEW);
  return (plans ? plans.defaultTier : await findDefaultTier(services.db.knex)) ?? BUILT_IN_DEFAULT_TIER;
}

/** A tier by code, from memory where the reader has it (null when there is none). */
export async function tierByCode(services: PlanReader, code: string): Promise<TierView | null> {
  const plans = services.views?.find<PlanFacts>(VENDOR_PLANS_VIEW);
  return plans ? copyTier(plans.tiers.get(code) ?? null) : findTier(services.db.knex, code);
}

const copy = <T>(v: T): T => (v === null ? v : { ...v });
const copyTier = (t: TierView | null): TierView | null => t && { ...t, limits: { ...t.limits }, features: [...t.features] };

/** The offered tiers in upgrade order (lowest first), from memory where the reader has it. */
export async function offeredTiers(services: PlanReader): Promise<TierView[]> {
  const plans = services.views?.find<PlanFacts>(VENDOR_PLANS_VIEW);
  if (!plans) return listTiers(services.db.knex);
  return [...plans.tiers.values()]
    .filter((t) => t.is_active)
    .sort((x, y) => x.sort_order - y.sort_order || (x.code < y.code ? -1 : x.code > y.code ? 1 : 0))
    .map((t) => copyTier(t)!);
}

/**
 * The vendor's tier: its subscription's while that is trialing, active or past due; the legacy
 * plan for a vendor the upgrade put on it that has had no subscription since; otherwise (no
 * record, or a canceled or expired one) the platform's default tier.
 */
export async function vendorPlan(services: PlanReader, vendorId: number): Promise<VendorPlan> {
  const facts = await planFacts(services, vendorId);
  const subscription = facts.subscription;
  const live = subscription && (LIVE_STATUSES as readonly string[]).includes(subscription.status);
  const subscribed = live ? await facts.tier(subscription.tier_code) : null;
  // A record ends the legacy plan (VendorLegacyPlanEnded is recorded with it): this only guards a view that saw one and not the other.
  const legacy = !subscription && facts.legacySince !== null;
  let tier =
    subscribed ??
    (legacy
      ? copyTier(LEGACY_PLAN)
      : ((await facts.tier(facts.defaultTier ?? BUILT_IN_DEFAULT_TIER)) ?? (await facts.tier(BUILT_IN_DEFAULT_TIER))));
  if (!tier) {
    const at = new Date(0).toISOString();
    tier = { code: BUILT_IN_DEFAULT_TIER, ...SEEDED_TIERS.essential, currency: 'EUR', is_active: false, created_at: at, updated_at: at };
  }
  const custom = subscribed ? (subscription!.custom_limits ?? {}) : {};
  const addOns = facts.addOns;
  return {
    tier,
    source: subscribed ? 'subscription' : legacy ? 'legacy' : 'default_tier',
    subscription,
    legacy_since: legacy ? facts.legacySince : null,
    limits: withAddOns({ ...tier.limits, ...custom }, addOns),
    features: [...new Set([...tier.features, ...addOns.flatMap((a) => addOnByCode(a.add_on_code)?.adds.features ?? [])])],
    add_ons: addOns,
    period: subscribed
      ? { start: subscription!.current_period_start, end: subscription!.current_period_end }
      : calendarMonth(services.clock.now()),
  };
}

export function knownFeature(code: string) {
  const feature = featureByCode(code);
  if (!feature) throw new FeatureNotFoundError(`Feature '${code}' does not exist`, { feature: code });
  return feature;
}

/** The lowest offered tier whose feature list holds the feature (as the admins edited them), else the catalogue's. */
export async function lowestTierWith(services: PlanReader, code: string): Promise<string> {
  const tiers = await offeredTiers(services);
  return tiers.find((t) => t.features.includes(code))?.code ?? knownFeature(code).min_tier;
}

/**
 * Refuses a vendor whose plan lacks the feature: 403 FeatureNotAvailableException naming the
 * feature, its lowest tier and the vendor's own tier. The one check behind the plans' feature gate
 * of the gated routes (src/http/vendor/features.ts planFeatureGate) and the gates inside handlers
 * whose feature depends on the request (the messaging routes, by conversation type and
 * attachments: src/http/messagingFeatures.ts).
 */
export async function assertVendorFeature(services: PlanReader, vendorId: number, code: string): Promise<void> {
  knownFeature(code);
  const { tier, features } = await vendorPlan(services, vendorId);
  if (features.includes(code)) return;
  const required = await lowestTierWith(services, code);
  throw new FeatureNotAvailableException(`The feature '${code}' needs the ${required} tier or higher; this vendor is on ${tier.code}`, {
    feature: code,
    required_tier: required,
    current_tier: tier.code,
  });
}

/**
 * The plans as this area answers them to the areas they limit (the subscriptions module's
 * `plans`): the catalogue, the orders, the team and messaging build on nothing of this area.
 */
export const plans: Plans = { vendorPlan, offeredTiers, assertFeature: assertVendorFeature };
