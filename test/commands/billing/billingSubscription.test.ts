import { expect } from 'chai';
import { billingSubscription } from '../../../commands/billing/billingSubscription.ts';
import type { BillingSubscriptionEvent, BillingSubscriptionSynced } from '../../../commands/billing/events.ts';
import { reachableStatus } from '../../../commands/billing/handlers.ts';
import { given } from '../../support/decider.ts';

const view = (
  observed_at: string,
  source_ref: string,
  status: BillingSubscriptionSynced['data']['status'] = 'active',
): BillingSubscriptionSynced['data'] => ({
  vendor_id: 3,
  stripe_subscription_id: 'sub_1',
  stripe_status: status ?? 'incomplete',
  status,
  tier_code: null,
  current_period_start: null,
  current_period_end: null,
  trial_end: null,
  observed_at,
  source: 'webhook',
  source_ref,
  at: '2026-11-26T10:00:00.000Z',
});
const synced = (v: BillingSubscriptionSynced['data']): BillingSubscriptionEvent => ({ type: 'BillingSubscriptionSynced', data: v });

/** Stripe's views of a vendor's subscription: taken in newest last, an older one refused; trial ends announced once. */
describe('billing subscription', () => {
  it('takes in a first view, and a newer one', () => {
    const v1 = view('2026-11-26T10:00:00.000Z', 'evt_1');
    given(billingSubscription, [])
      .when({ type: 'RecordStripeSubscription', data: v1 })
      .then([synced(v1)]);
    const v2 = view('2026-11-26T10:00:05.000Z', 'evt_2', 'past_due');
    given(billingSubscription, [synced(v1)])
      .when({ type: 'RecordStripeSubscription', data: v2 })
      .then([synced(v2)]);
  });
  it('refuses a view older than the newest taken in', () => {
    const v2 = view('2026-11-26T10:00:05.000Z', 'evt_2');
    given(billingSubscription, [synced(v2)])
      .when({ type: 'RecordStripeSubscription', data: view('2026-11-26T10:00:04.000Z', 'evt_1') })
      .then([]);
  });
  it("takes in a view of the same second (Stripe's order within a second is unknown), but not the same event twice", () => {
    const v1 = view('2026-11-26T10:00:05.000Z', 'evt_1');
    const v2 = view('2026-11-26T10:00:05.000Z', 'evt_2', 'canceled');
    given(billingSubscription, [synced(v1)])
      .when({ type: 'RecordStripeSubscription', data: v2 })
      .then([synced(v2)]);
    given(billingSubscription, [synced(v1)])
      .when({ type: 'RecordStripeSubscription', data: v1 })
      .then([]);
  });
  it('announces a trial end once', () => {
    const ending: BillingSubscriptionEvent = {
      type: 'SubscriptionTrialEnding',
      data: { vendor_id: 3, trial_end: '2026-12-01T00:00:00.000Z', at: '2026-11-28T00:00:00.000Z' },
    };
    given(billingSubscription, [])
      .when({ type: 'NoteTrialEnding', data: ending.data as any })
      .then([ending]);
    given(billingSubscription, [ending])
      .when({ type: 'NoteTrialEnding', data: ending.data as any })
      .then([]);
  });
});

describe("the status Stripe's view leads to", () => {
  it('follows the subscription status table, a trial reported past due lapses, a refused move keeps the status', () => {
    expect(reachableStatus(null, 'active')).to.equal('active');
    expect(reachableStatus('trialing', 'active')).to.equal('active');
    expect(reachableStatus('active', 'past_due')).to.equal('past_due');
    expect(reachableStatus('past_due', 'active')).to.equal('active');
    expect(reachableStatus('trialing', 'past_due')).to.equal('expired');
    expect(reachableStatus('active', 'trialing')).to.equal(null);
    expect(reachableStatus('canceled', 'past_due')).to.equal(null);
  });
});
