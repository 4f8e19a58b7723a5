import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { notifyAdminsOnTrialEnding } from '../../src/processes/notifyAdminsOnTrialEnding.ts';
import { testApp, type TestApp } from '../support/app.ts';
import { handleAgain, notificationAppears, raisedUnder } from '../support/notifications.ts';
import { createVendorWithOwner, type VendorFixture } from '../support/tenancy.ts';

/** The billing area emits SubscriptionTrialEnding (the contract between the areas); the test appends it as it would. */
describe('notifyAdminsOnTrialEnding', () => {
  let app: TestApp;
  let admin: string;
  let v: VendorFixture;
  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    v = await createVendorWithOwner(app);
  });

  async function append(stream: string, type: string, data: Record<string, unknown>) {
    await app.services.store.append(stream, [{ id: randomUUID(), type, data, metadata: { vendor_id: v.vendorId, user_id: 'system:test' } }], { expected: 'any' });
    return (await app.services.store.readStream(stream)).at(-1)!;
  }

  it('raises one notice per vendor and trial end when a trial is ending', async () => {
    const trialEnd = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const ending = await append(`subscription_trial-${v.vendorId}`, 'SubscriptionTrialEnding', { vendor_id: v.vendorId, trial_end: trialEnd, at: new Date().toISOString() });
    const n = await notificationAppears(app, admin, 'trial_ending', (x) => x.vendor_id === v.vendorId);
    expect(n).to.include({ severity: 'info' });
    expect(n.title).to.include(trialEnd.slice(0, 10));
    await handleAgain(app, notifyAdminsOnTrialEnding, ending);
    await handleAgain(app, notifyAdminsOnTrialEnding, ending);
    expect(await raisedUnder(app, `trial_ending:${v.vendorId}:${trialEnd}`)).to.have.length(1);
  });
});
