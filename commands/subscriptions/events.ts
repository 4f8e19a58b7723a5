import type { CapacityMetrics } from '../../src/core/capacityMetrics.ts';

/**
 * Subscription tiers (SPEC.md part 2 "Subscription records"): the plans a vendor subscribes to,
 * stored as events and editable by the admins. The tier code is the stream's id, so a code is
 * unique by construction (two creations of one code race on the same stream).
 */

/** Limits of a tier; null means unlimited. Orders count per billing period. */
export interface TierLimits {
  orders_per_period: number | null;
  products: number | null;
  team_members: number | null;
}

export interface TierDetails {
  name: string;
  description: string | null;
  /** Prices in integer cents, euros. */
  price_monthly_cents: number;
  price_yearly_cents: number;
  limits: TierLimits;
  /** Feature codes of commands/subscriptions/features.ts this tier unlocks. */
  features: string[];
  /** Position in the upgrade ladder: a higher number is a higher tier. */
  sort_order: number;
}

/** A tier was created (by an admin, or by the seed of the four named tiers at first start). */
export type TierCreated = { type: 'TierCreated'; data: TierDetails & { tier_code: string; created_at: string } };
/** Name, description, prices, limits, features or order changed (only the changed ones). */
export type TierChanged = { type: 'TierChanged'; data: { tier_code: string; changes: Partial<TierDetails>; at: string } };
/** The tier is offered again. */
export type TierActivated = { type: 'TierActivated'; data: { tier_code: string; at: string } };
/** The tier is no longer offered to new subscriptions. */
export type TierDeactivated = { type: 'TierDeactivated'; data: { tier_code: string; at: string } };
/** The tier was removed; no active subscription was on it. */
export type TierDeleted = { type: 'TierDeleted'; data: { tier_code: string; at: string } };

export type TierEvent = TierCreated | TierChanged | TierActivated | TierDeactivated | TierDeleted;

export const TIER_EVENT_TYPES = [
  'TierCreated',
  'TierChanged',
  'TierActivated',
  'TierDeactivated',
  'TierDeleted',
] as const satisfies readonly TierEvent['type'][];

/** SPEC.md part 3-like lifecycle of a vendor's subscription. */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** An admin's override of some of the tier's limits for one vendor; a key absent keeps the tier's, null is unlimited. */
export type CustomLimits = Partial<TierLimits>;

/** SPEC.md part 8: a paid period is a month, 30 days here (a trial lasts 30 days unless the admin chose another length). */
export const PERIOD_DAYS = 30;

/** How often the vendor is billed for its tier: its monthly or its yearly price. */
export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export interface VendorSubscriptionTerms {
  tier_code: string;
  status: SubscriptionStatus;
  current_period_start: string;
  current_period_end: string;
  custom_limits: CustomLimits | null;
  /** Absent in the events recorded before the interval was: those subscriptions were billed monthly. */
  billing_interval?: BillingInterval;
}

/** The vendor's subscription record was opened (one per vendor). */
export type VendorSubscriptionStarted = {
  type: 'VendorSubscriptionStarted';
  data: VendorSubscriptionTerms & { vendor_id: number; at: string };
};
/** Tier, status, period, custom limits or billing interval changed (only the changed ones). */
export type VendorSubscriptionChanged = {
  type: 'VendorSubscriptionChanged';
  data: { vendor_id: number; changes: Partial<VendorSubscriptionTerms>; at: string; reason?: SubscriptionChangeReason };
};

/**
 * Why a change was made when no admin made it: the scheduled roll to the next billing period, or
 * the cleanup of a stale subscription (docs/subscriptions.md "Scheduled tasks"). Absent: an admin's edit.
 */
export type SubscriptionChangeReason = 'period_renewed' | 'vendor_deleted' | 'canceled_long_ago';

export type VendorSubscriptionEvent = VendorSubscriptionStarted | VendorSubscriptionChanged;

export const VENDOR_SUBSCRIPTION_EVENT_TYPES = [
  'VendorSubscriptionStarted',
  'VendorSubscriptionChanged',
] as const satisfies readonly VendorSubscriptionEvent['type'][];

/**
 * The legacy plan (docs/subscriptions.md "The legacy plan"): every feature and no limits, for a
 * vendor that existed before plans did, until an admin moves it to a tier. Recorded on the
 * vendor's subscription stream, before any record: the platform's upgrade grants it, and the
 * first subscription the vendor gets ends it.
 */
export type VendorLegacyPlanGranted = { type: 'VendorLegacyPlanGranted'; data: { vendor_id: number; upgrade: string; at: string } };
/** The vendor left the legacy plan: its first subscription record was opened (recorded just before it). */
export type VendorLegacyPlanEnded = {
  type: 'VendorLegacyPlanEnded';
  data: { vendor_id: number; reason: 'subscription_started'; at: string };
};

export type LegacyPlanEvent = VendorLegacyPlanGranted | VendorLegacyPlanEnded;
export const LEGACY_PLAN_EVENT_TYPES = [
  'VendorLegacyPlanGranted',
  'VendorLegacyPlanEnded',
] as const satisfies readonly LegacyPlanEvent['type'][];

/** Every event of a vendor's subscription stream. */
export type SubscriptionStreamEvent = VendorSubscriptionEvent | LegacyPlanEvent;

/**
 * The platform's default tier changed (an admin's choice among the offered tiers): the tier of a
 * vendor with no live subscription and no legacy plan. `previous` is null the first time (the
 * built-in default, Essential, applied until then).
 */
export type DefaultTierChanged = { type: 'DefaultTierChanged'; data: { tier_code: string; previous: string | null; at: string } };
export const PLAN_SETTING_EVENT_TYPES = ['DefaultTierChanged'] as const satisfies readonly DefaultTierChanged['type'][];

/**
 * The upgrade that introduced plans, once per platform (stream `platform_upgrade-<name>`): the
 * first instance to start records which vendors were there without a plan, every vendor of that
 * list is granted the legacy plan, then the upgrade is marked complete. A fresh install records
 * an empty list.
 */
export type PlatformUpgradeStarted = { type: 'PlatformUpgradeStarted'; data: { upgrade: string; vendor_ids: number[]; at: string } };
export type PlatformUpgradeCompleted = { type: 'PlatformUpgradeCompleted'; data: { upgrade: string; vendors: number; at: string } };
export type PlatformUpgradeEvent = PlatformUpgradeStarted | PlatformUpgradeCompleted;

export type { CapacityMetrics };

/** A capacity snapshot was taken for a day (UTC, service clock); a second one for the day replaces the first in the read model. */
export type CapacitySnapshotTaken = {
  type: 'CapacitySnapshotTaken';
  data: { day: string; metrics: CapacityMetrics; trigger: 'manual' | 'scheduled'; at: string };
};

export const CAPACITY_SNAPSHOT_EVENT_TYPES = ['CapacitySnapshotTaken'] as const satisfies readonly CapacitySnapshotTaken['type'][];
