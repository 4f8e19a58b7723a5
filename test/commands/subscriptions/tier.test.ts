import { expect } from 'chai';
import { deleteTier } from '../../../commands/subscriptions/handlers/tiers.ts';
import type { TierCreated } from '../../../commands/subscriptions/events.ts';
import { FEATURES, FEATURE_CATEGORIES, featuresUpTo } from '../../../commands/subscriptions/features.ts';
import { tier } from '../../../commands/subscriptions/tier.ts';
import { SEEDED_TIERS } from '../../../commands/subscriptions/handlers/seedTiers.ts';
import { BusinessLogicException, ConflictException } from '../../../src/core/errors.ts';
import { TierNotFoundException } from '../../../commands/vendors/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-25T10:00:00.000Z';
const details = SEEDED_TIERS.essential;
const created: TierCreated = { type: 'TierCreated', data: { ...details, tier_code: 'essential', created_at: at } };

describe('tier decider', () => {
  it('creates a tier; a code in use is a ConflictException', () => {
    given(tier, [])
      .when({ type: 'CreateTier', data: { ...details, tier_code: 'essential', at } })
      .then([created]);
    given(tier, [created])
      .when({ type: 'CreateTier', data: { ...details, tier_code: 'essential', at } })
      .thenThrows(ConflictException, /already in use/);
  });

  it('the seed creates a tier only on a stream that never existed', () => {
    given(tier, [])
      .when({ type: 'SeedTier', data: { ...details, tier_code: 'essential', at } })
      .then([created]);
    given(tier, [created])
      .when({ type: 'SeedTier', data: { ...details, tier_code: 'essential', at } })
      .then([]);
    const deleted = { type: 'TierDeleted' as const, data: { tier_code: 'essential', at } };
    given(tier, [created, deleted])
      .when({ type: 'SeedTier', data: { ...details, tier_code: 'essential', at } })
      .then([]);
  });

  it('records only the changed fields', () => {
    given(tier, [created])
      .when({ type: 'ChangeTier', data: { changes: { name: 'Essential', price_monthly_cents: 3100 }, at } })
      .then([{ type: 'TierChanged', data: { tier_code: 'essential', changes: { price_monthly_cents: 3100 }, at } }]);
    given(tier, [created])
      .when({ type: 'ChangeTier', data: { changes: { limits: { ...details.limits } }, at } })
      .then([]);
  });

  it('deactivates and activates; repeating a flag is a no-op', () => {
    given(tier, [created])
      .when({ type: 'SetTierActive', data: { active: false, at } })
      .then([{ type: 'TierDeactivated', data: { tier_code: 'essential', at } }]);
    given(tier, [created])
      .when({ type: 'SetTierActive', data: { active: true, at } })
      .then([]);
  });

  it('an unknown or deleted tier is a TierNotFoundException', () => {
    given(tier, []).when({ type: 'DeleteTier', data: { at } }).thenThrows(TierNotFoundException);
    const deleted = { type: 'TierDeleted' as const, data: { tier_code: 'essential', at } };
    given(tier, [created, deleted])
      .when({ type: 'ChangeTier', data: { changes: { name: 'x' }, at } })
      .thenThrows(TierNotFoundException);
    given(tier, [created, deleted])
      .when({ type: 'CreateTier', data: { ...details, tier_code: 'essential', at } })
      .then([created]);
  });

  it('deleting a tier with active subscriptions is a BusinessLogicException', async () => {
    const store = {} as any;
    let thrown: unknown;
    try {
      await deleteTier({ store, now: () => new Date(at), activeSubscriptions: async () => 2 }, 'essential', {
        userId: 1,
        correlationId: 'c',
      });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).to.be.instanceOf(BusinessLogicException);
    expect((thrown as BusinessLogicException).extra).to.include({ active_subscriptions: 2 });
  });
});

describe('feature catalogue', () => {
  it('has 30 features in 8 categories, each in a known category and with a unique code', () => {
    expect(FEATURES).to.have.length(30);
    expect(FEATURE_CATEGORIES).to.have.length(8);
    expect(new Set(FEATURES.map((f) => f.code)).size).to.equal(30);
    const categories = new Set(FEATURE_CATEGORIES.map((c) => c.code));
    for (const f of FEATURES) expect(categories.has(f.category), f.code).to.equal(true);
    for (const c of categories)
      expect(
        FEATURES.some((f) => f.category === c),
        c,
      ).to.equal(true);
  });

  it('a tier has exactly the features whose lowest tier is at or below it', () => {
    expect(featuresUpTo('essential')).to.include('storefront').and.not.include('custom_domain');
    expect(featuresUpTo('business')).to.include('custom_domain').and.not.include('audit_history');
    expect(featuresUpTo('enterprise')).to.have.length(30);
  });
});
