import { expect } from 'chai';
import { bindStripe } from '../../../src/adapters/stripe.ts';
import { openBillingAccount } from '../../../src/processes/openBillingAccountOnVendorSubscriptionStarted.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { billingAccountOf, processedStream, subscribedVendor } from '../../support/billing.ts';

describe('billing account: each vendor with a subscription record is a Stripe customer with its subscription', () => {
  let app: TestApp;
  before(async () => {
    app = await testApp();
  });

  it("opens a customer and a trialing subscription that ends with the record's trial, tagged with the vendor", async () => {
    const v = await subscribedVendor(app);
    const account = await billingAccountOf(app, v.vendorId);
    const customer = app.stripe.state.customers.get(account.stripe_customer_id)!;
    expect(customer.metadata).to.deep.equal({ vendor_id: String(v.vendorId) });
    const sub = app.stripe.state.subscriptions.get(account.stripe_subscription_id)!;
    const record = (await app.call('GET', `/api/v1/admin/subscriptions/${v.vendorId}`, { token: await app.adminToken() })).body;
    expect(sub).to.include({
      customer: customer.id,
      status: 'trialing',
      trial_end: Math.floor(Date.parse(record.current_period_end) / 1000),
    });
    expect(sub.metadata).to.deep.equal({ vendor_id: String(v.vendorId) });
    expect(sub.items.data.map((i: any) => [i.price.lookup_key, i.price.unit_amount])).to.deep.equal([['tier_essential_month', 2900]]);
  });

  it("opens the Stripe subscription on the tier's yearly price for a record opened yearly, and the record stays yearly", async () => {
    const v = await subscribedVendor(app, { tier_code: 'professional', billing_interval: 'year' });
    const account = await billingAccountOf(app, v.vendorId);
    const sub = app.stripe.state.subscriptions.get(account.stripe_subscription_id)!;
    expect(sub.items.data.map((i: any) => [i.price.lookup_key, i.price.unit_amount, i.price.recurring.interval])).to.deep.equal([
      ['tier_professional_year', 79000, 'year'],
    ]);
    // Stripe reporting the new subscription (its yearly price) leaves the record as it is.
    expect(JSON.parse((await app.stripe.emitWebhook('customer.subscription.created', sub)).body)).to.include({ outcome: 'handled' });
    const record = (await app.call('GET', `/api/v1/admin/subscriptions/${v.vendorId}`, { token: await app.adminToken() })).body;
    expect(record).to.include({ tier_code: 'professional', billing_interval: 'year' });
  });

  it('opens it once even when the process runs again for the same event', async () => {
    const v = await subscribedVendor(app);
    await billingAccountOf(app, v.vendorId);
    const customers = () => [...app.stripe.state.customers.values()].filter((c) => c.metadata.vendor_id === String(v.vendorId));
    const [started] = await app.services.store.readStream(`subscription-${v.vendorId}`, { limit: 1 });
    const again = await openBillingAccount({ store: app.services.store, stripe: app.services.stripe!, db: app.services.db.knex }, started, {
      userId: 'system:test',
      correlationId: started.id,
      causationId: `openBillingAccountOnVendorSubscriptionStarted:${started.id}`,
    });
    expect(again.events).to.deep.equal([]);
    expect(customers()).to.have.length(1);
    expect([...app.stripe.state.subscriptions.values()].filter((s) => s.metadata.vendor_id === String(v.vendorId))).to.have.length(1);
    const opened = (await app.services.store.readStream(`billing-account-${v.vendorId}`)).filter((e) => e.type === 'BillingAccountOpened');
    expect(opened).to.have.length(1);
  });

  it('opens the account on first use for a vendor whose record predates billing', async () => {
    const stripe = app.services.stripe;
    app.services.stripe = null;
    bindStripe(app.services.store, null);
    let v;
    try {
      v = await subscribedVendor(app);
      await processedStream(app, 'openBillingAccountOnVendorSubscriptionStarted', `subscription-${v.vendorId}`);
      const refused = await app.call('GET', '/api/v1/vendor/billing/upcoming-invoice', { token: v.ownerToken });
      expect(refused.status).to.equal(503);
      expect(refused.body).to.include({ code: 'BillingNotConfiguredException' });
      expect(refused.body.detail).to.match(/billing is not configured/);
    } finally {
      app.services.stripe = stripe;
      bindStripe(app.services.store, stripe);
    }
    expect(await app.services.db.knex('billing_accounts').where({ vendor_id: v.vendorId }).first()).to.equal(undefined);
    const res = await app.call('GET', '/api/v1/vendor/billing/upcoming-invoice', { token: v.ownerToken });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const account = await billingAccountOf(app, v.vendorId);
    expect(app.stripe.state.subscriptions.get(account.stripe_subscription_id)!.status).to.equal('trialing');
  });
});
