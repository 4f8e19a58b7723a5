import type { SubscriptionStreamEvent, VendorSubscriptionTerms } from '../../../commands/subscriptions/events.ts';
import { planSettings } from '../../../commands/subscriptions/planSettings.ts';
import { platformUpgrade } from '../../../commands/subscriptions/platformUpgrade.ts';
import { vendorSubscription } from '../../../commands/subscriptions/vendorSubscription.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-30T08:00:00.000Z';
const later = '2026-12-02T09:00:00.000Z';
const terms: VendorSubscriptionTerms = {
  tier_code: 'professional',
  status: 'active',
  current_period_start: later,
  current_period_end: '2027-01-01T09:00:00.000Z',
  custom_limits: null,
  billing_interval: 'month',
};
const granted: SubscriptionStreamEvent = { type: 'VendorLegacyPlanGranted', data: { vendor_id: 7, upgrade: 'plans', at } };
const grant = { type: 'GrantLegacyPlan' as const, data: { vendor_id: 7, upgrade: 'plans', at } };
const set = { type: 'SetVendorSubscription' as const, data: { vendor_id: 7, terms, at: later } };

describe('legacy plan on the subscription stream', () => {
  it('the upgrade puts a vendor without a record on the legacy plan, once', () => {
    given(vendorSubscription, []).when(grant).then([granted]);
    given(vendorSubscription, [granted]).when(grant).then([]);
  });

  it('a vendor that has a record, whatever its status, is never put on it', () => {
    const started: SubscriptionStreamEvent = { type: 'VendorSubscriptionStarted', data: { vendor_id: 7, ...terms, at } };
    const canceled: SubscriptionStreamEvent = {
      type: 'VendorSubscriptionChanged',
      data: { vendor_id: 7, changes: { status: 'canceled' }, at },
    };
    given(vendorSubscription, [started]).when(grant).then([]);
    given(vendorSubscription, [started, canceled]).when(grant).then([]);
  });

  it('the first subscription of a legacy vendor ends the legacy plan, for good', () => {
    const ended: SubscriptionStreamEvent = {
      type: 'VendorLegacyPlanEnded',
      data: { vendor_id: 7, reason: 'subscription_started', at: later },
    };
    const started: SubscriptionStreamEvent = { type: 'VendorSubscriptionStarted', data: { vendor_id: 7, ...terms, at: later } };
    given(vendorSubscription, [granted]).when(set).then([ended, started]);
    given(vendorSubscription, [granted, ended, started]).when(grant).then([]);
  });

  it('a vendor never on it opens its record without an end of legacy', () => {
    given(vendorSubscription, [])
      .when(set)
      .then([{ type: 'VendorSubscriptionStarted', data: { vendor_id: 7, ...terms, at: later } }]);
  });
});

describe('platform upgrade record', () => {
  const start = (ids: number[]) => ({ type: 'StartUpgrade' as const, data: { upgrade: 'plans', vendor_ids: ids, at } });
  const started = { type: 'PlatformUpgradeStarted' as const, data: { upgrade: 'plans', vendor_ids: [3, 4], at } };
  it('records its list of vendors once: a second start keeps the first list', () => {
    given(platformUpgrade, [])
      .when(start([3, 4]))
      .then([started]);
    given(platformUpgrade, [started])
      .when(start([3, 4, 5]))
      .then([]);
  });
  it('completes once, and only once started', () => {
    const complete = { type: 'CompleteUpgrade' as const, data: { upgrade: 'plans', vendors: 2, at } };
    const completed = { type: 'PlatformUpgradeCompleted' as const, data: complete.data };
    given(platformUpgrade, []).when(complete).then([]);
    given(platformUpgrade, [started]).when(complete).then([completed]);
    given(platformUpgrade, [started, completed]).when(complete).then([]);
  });
});

describe('default tier setting', () => {
  const choose = (tier_code: string) => ({ type: 'SetDefaultTier' as const, data: { tier_code, at } });
  it('records a change, and nothing when the tier already applies (Essential before any choice)', () => {
    given(planSettings, []).when(choose('essential')).then([]);
    given(planSettings, [])
      .when(choose('business'))
      .then([{ type: 'DefaultTierChanged', data: { tier_code: 'business', previous: null, at } }]);
    const toBusiness = { type: 'DefaultTierChanged' as const, data: { tier_code: 'business', previous: null, at } };
    given(planSettings, [toBusiness]).when(choose('business')).then([]);
    given(planSettings, [toBusiness])
      .when(choose('essential'))
      .then([{ type: 'DefaultTierChanged', data: { tier_code: 'essential', previous: 'business', at } }]);
  });
});
