import type { VendorSubscriptionStarted, VendorSubscriptionTerms } from '../../../commands/subscriptions/events.ts';
import { vendorSubscription } from '../../../commands/subscriptions/vendorSubscription.ts';
import { InvalidTransitionException } from '../../../src/core/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-25T10:00:00.000Z';
const terms: VendorSubscriptionTerms = {
  tier_code: 'essential',
  status: 'trialing',
  current_period_start: at,
  current_period_end: '2026-12-25T10:00:00.000Z',
  custom_limits: null,
};
const started: VendorSubscriptionStarted = { type: 'VendorSubscriptionStarted', data: { vendor_id: 7, ...terms, at } };
const set = (t: Partial<VendorSubscriptionTerms>) => ({
  type: 'SetVendorSubscription' as const,
  data: { vendor_id: 7, terms: { ...terms, ...t }, at },
});

describe('vendor subscription decider', () => {
  it('opens the one subscription of a vendor', () => {
    given(vendorSubscription, []).when(set({})).then([started]);
  });

  it('records only what changed, and nothing when nothing did', () => {
    given(vendorSubscription, [started])
      .when(set({ status: 'active', custom_limits: { products: 500 } }))
      .then([
        {
          type: 'VendorSubscriptionChanged',
          data: { vendor_id: 7, changes: { status: 'active', custom_limits: { products: 500 } }, at },
        },
      ]);
    given(vendorSubscription, [started]).when(set({})).then([]);
  });

  it('records a change of billing interval; a record started before intervals were recorded reads as monthly', () => {
    // `started` carries no billing_interval, as the events recorded before the interval was.
    given(vendorSubscription, [started])
      .when(set({ billing_interval: 'month' }))
      .then([]);
    given(vendorSubscription, [started])
      .when(set({ billing_interval: 'year' }))
      .then([
        {
          type: 'VendorSubscriptionChanged',
          data: { vendor_id: 7, changes: { billing_interval: 'year' }, at },
        },
      ]);
    const yearly = {
      type: 'VendorSubscriptionChanged' as const,
      data: { vendor_id: 7, changes: { billing_interval: 'year' as const }, at },
    };
    given(vendorSubscription, [started, yearly])
      .when(set({ billing_interval: 'year', tier_code: 'business' }))
      .then([
        {
          type: 'VendorSubscriptionChanged',
          data: { vendor_id: 7, changes: { tier_code: 'business' }, at },
        },
      ]);
    given(vendorSubscription, [started, yearly])
      .when(set({ billing_interval: 'month' }))
      .then([
        {
          type: 'VendorSubscriptionChanged',
          data: { vendor_id: 7, changes: { billing_interval: 'month' }, at },
        },
      ]);
  });

  it('follows the status table: a trial converts or lapses, an active subscription never goes back to trialing or expires directly', () => {
    given(vendorSubscription, [started])
      .when(set({ status: 'expired' }))
      .then([{ type: 'VendorSubscriptionChanged', data: { vendor_id: 7, changes: { status: 'expired' }, at } }]);
    const active = { type: 'VendorSubscriptionChanged' as const, data: { vendor_id: 7, changes: { status: 'active' as const }, at } };
    given(vendorSubscription, [started, active])
      .when(set({ status: 'trialing' }))
      .thenThrows(InvalidTransitionException);
    given(vendorSubscription, [started, active])
      .when(set({ status: 'expired' }))
      .thenThrows(InvalidTransitionException);
    given(vendorSubscription, [started, active])
      .when(set({ status: 'past_due' }))
      .then([{ type: 'VendorSubscriptionChanged', data: { vendor_id: 7, changes: { status: 'past_due' }, at } }]);
  });

  describe("the scheduled tasks' commands", () => {
    const active = { type: 'VendorSubscriptionChanged' as const, data: { vendor_id: 7, changes: { status: 'active' as const }, at } };
    const renew = (when: string) => ({ type: 'RenewSubscriptionPeriod' as const, data: { vendor_id: 7, period_days: 30, at: when } });
    const retire = (reason: 'vendor_deleted' | 'canceled_long_ago') => ({
      type: 'RetireSubscription' as const,
      data: { vendor_id: 7, reason, at },
    });
    const changed = (changes: Partial<VendorSubscriptionTerms>, reason: string, when = at) => ({
      type: 'VendorSubscriptionChanged',
      data: { vendor_id: 7, changes, at: when, reason },
    });

    it('rolls an active subscription whose period ended into the period holding now, and nothing before its end or when not active', () => {
      given(vendorSubscription, [started, active])
        .when(renew('2026-12-25T10:00:00.000Z'))
        .then([
          changed(
            { current_period_start: '2026-12-25T10:00:00.000Z', current_period_end: '2027-01-24T10:00:00.000Z' },
            'period_renewed',
            '2026-12-25T10:00:00.000Z',
          ) as any,
        ]);
      // 70 days after the end: two periods are skipped, not recorded one by one.
      given(vendorSubscription, [started, active])
        .when(renew('2027-03-05T10:00:00.000Z'))
        .then([
          changed(
            { current_period_start: '2027-02-23T10:00:00.000Z', current_period_end: '2027-03-25T10:00:00.000Z' },
            'period_renewed',
            '2027-03-05T10:00:00.000Z',
          ) as any,
        ]);
      given(vendorSubscription, [started, active]).when(renew('2026-12-25T09:59:59.999Z')).then([]);
      given(vendorSubscription, [started]).when(renew('2027-01-25T10:00:00.000Z')).then([]);
      given(vendorSubscription, []).when(renew('2027-01-25T10:00:00.000Z')).then([]);
    });

    it('retires a stale subscription: expired, through canceled when active; nothing when already expired', () => {
      given(vendorSubscription, [started, active])
        .when(retire('vendor_deleted'))
        .then([changed({ status: 'canceled' }, 'vendor_deleted') as any, changed({ status: 'expired' }, 'vendor_deleted') as any]);
      const canceled = { type: 'VendorSubscriptionChanged' as const, data: { vendor_id: 7, changes: { status: 'canceled' as const }, at } };
      given(vendorSubscription, [started, canceled])
        .when(retire('canceled_long_ago'))
        .then([changed({ status: 'expired' }, 'canceled_long_ago') as any]);
      given(vendorSubscription, [started])
        .when(retire('vendor_deleted'))
        .then([changed({ status: 'expired' }, 'vendor_deleted') as any]);
      const expired = { type: 'VendorSubscriptionChanged' as const, data: { vendor_id: 7, changes: { status: 'expired' as const }, at } };
      given(vendorSubscription, [started, expired]).when(retire('vendor_deleted')).then([]);
      given(vendorSubscription, []).when(retire('vendor_deleted')).then([]);
    });
  });
});
