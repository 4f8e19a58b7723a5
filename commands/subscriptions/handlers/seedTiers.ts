import { ConcurrencyException } from '../../../src/core/errors.ts';
import type { EventStore } from '../../../src/eventstore/port.ts';
import { handleCommand, type Handled } from '../../../src/runtime/commandHandler.ts';
import type { TierDetails } from '../events.ts';
import { featuresUpTo, type SeededTierCode } from '../features.ts';
import { tier } from '../tier.ts';

/**
 * The four named tiers of SPEC.md part 2, as first seeded. Prices in euro cents (yearly = ten
 * months); limits per billing period, null = unlimited. SPEC.md gives no numbers: these are ours.
 */
export const SEEDED_TIERS: Record<SeededTierCode, TierDetails> = {
  essential: {
    name: 'Essential',
    description: 'For a shop that is starting',
    price_monthly_cents: 2900,
    price_yearly_cents: 29000,
    limits: { orders_per_period: 100, products: 100, team_members: 2 },
    features: featuresUpTo('essential'),
    sort_order: 1,
  },
  professional: {
    name: 'Professional',
    description: 'For a growing shop that sells on the extmarket',
    price_monthly_cents: 7900,
    price_yearly_cents: 79000,
    limits: { orders_per_period: 1000, products: 1000, team_members: 5 },
    features: featuresUpTo('professional'),
    sort_order: 2,
  },
  business: {
    name: 'Business',
    description: 'For an established shop with its own domain',
    price_monthly_cents: 19900,
    price_yearly_cents: 199000,
    limits: { orders_per_period: 10000, products: 10000, team_members: 20 },
    features: featuresUpTo('business'),
    sort_order: 3,
  },
  enterprise: {
    name: 'Enterprise',
    description: 'No limits, every feature',
    price_monthly_cents: 49900,
    price_yearly_cents: 499000,
    limits: { orders_per_period: null, products: null, team_members: null },
    features: featuresUpTo('enterprise'),
    sort_order: 4,
  },
};

/**
 * Seeds the four named tiers at start, once: SeedTier appends only to a tier stream that has
 * never existed, and its event ids derive from a fixed cause, so a second start, or a second
 * instance starting at the same time, appends nothing (a lost race is a conflict on a stream
 * that now exists, which is the wanted outcome).
 */
export async function seedTiers(store: EventStore, at: Date): Promise<Handled<unknown, any>[]> {
  const done: Handled<unknown, any>[] = [];
  for (const [code, details] of Object.entries(SEEDED_TIERS)) {
    try {
      done.push(
        await handleCommand(
          store,
          tier,
          code,
          { type: 'SeedTier', data: { ...details, tier_code: code, at: at.toISOString() } },
          { userId: 'system:seed', correlationId: 'seed-subscription-tiers', causationId: 'seed-subscription-tiers-v1' },
        ),
      );
    } catch (err) {
      if (!(err instanceof ConcurrencyException)) throw err;
    }
  }
  return done;
}
