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

export const TIER_EVENT_TYPES = ['TierCreated', 'TierChanged', 'TierActivated', 'TierDeactivated', 'TierDeleted'] as const satisfies readonly TierEvent['type'][];
