import type { VendorSubscriptionStarted, VendorSubscriptionTerms } from '../../../commands/subscriptions/events.ts';
import { vendorSubscription } from '../../../commands/subscriptions/vendorSubscription.ts';
import { InvalidTransitionException } from '../../../src/core/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-25T10:00:00.000Z';
const terms: VendorSubscriptionTerms = {
  tier_code: 'essential', status: 'trialing', current_period_start: at, current_period_end: '2026-12-25T10:00:00.000Z', custom_limits: null,
};
const started: VendorSubscriptionStarted = { type: 'VendorSubscriptionStarted', data: { vendor_id: 7, ...terms, at } };
const set = (t: Partial<VendorSubscriptionTerms>) => ({ type: 'SetVendorSubscription' as const, data: { vendor_id: 7, terms: { ...terms, ...t }, at } });

describe('vendor subscription decider', () => {
  it('opens the one subscription of a vendor', () => {
    given(vendorSubscription, []).when(set({})).then([started]);
  });

  it('records only what changed, and nothing when nothing did', () => {
    given(vendorSubscription, [started]).when(set({ status: 'active', custom_limits: { products: 500 } })).then([{
      type: 'VendorSubscriptionChanged', data: { vendor_id: 7, changes: { status: 'active', custom_limits: { products: 500 } }, at },
    }]);
    given(vendorSubscription, [started]).when(set({})).then([]);
  });

  it('follows the status table: a trial converts or lapses, an active subscription never goes back to trialing or expires directly', () => {
    given(vendorSubscription, [started]).when(set({ status: 'expired' })).then([{ type: 'VendorSubscriptionChanged', data: { vendor_id: 7, changes: { status: 'expired' }, at } }]);
    const active = { type: 'VendorSubscriptionChanged' as const, data: { vendor_id: 7, changes: { status: 'active' as const }, at } };
    given(vendorSubscription, [started, active]).when(set({ status: 'trialing' })).thenThrows(InvalidTransitionException);
    given(vendorSubscription, [started, active]).when(set({ status: 'expired' })).thenThrows(InvalidTransitionException);
    given(vendorSubscription, [started, active]).when(set({ status: 'past_due' })).then([{ type: 'VendorSubscriptionChanged', data: { vendor_id: 7, changes: { status: 'past_due' }, at } }]);
  });
});
