import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { notifyAdminsOnTrialEnding } from '../../src/processes/notifyAdminsOnTrialEnding.ts';
import { testApp, type TestApp } from '../support/app.ts';
import { appendAsArea, handleAgain, notificationAppears, raisedUnder } from '../support/notifications.ts';
import { createVendorWithOwner, type VendorFixture } from '../support/tenancy.ts';

/** The billing area records SubscriptionTrialEnding from Stripe's webhook (commands/billing/events.ts); the test appends it as that area does. */
describe('notifyAdminsOnTrialEnding', () => {
  let app: TestApp;
  let admin: string;
  let v: VendorFixture;
  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    v = await createVendorWithOwner(app);
  });

  const append = (stream: string, type: string, data: Record<string, unknown>) => appendAsArea(app, stream, type, data, v.vendorId);

  it('raises one notice per vendor and trial end when a trial is ending', async () => {
    const trialEnd = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const ending = await append(`billing-subscription-${v.vendorId}`, 'SubscriptionTrialEnding', { vendor_id: v.vendorId, trial_end: trialEnd, at: new Date().toISOString() });
    const n = await notificationAppears(app, admin, 'trial_ending', (x) => x.vendor_id === v.vendorId);
    expect(n).to.include({ severity: 'info' });
    expect(n.title).to.include(trialEnd.slice(0, 10));
    await handleAgain(app, notifyAdminsOnTrialEnding, ending);
    await handleAgain(app, notifyAdminsOnTrialEnding, ending);
    expect(await raisedUnder(app, `trial_ending:${v.vendorId}:${trialEnd}`)).to.have.length(1);
  });
});
