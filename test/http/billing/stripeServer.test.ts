import { expect } from 'chai';
import Stripe from 'stripe';
import { testApp, type TestApp } from '../../support/app.ts';
import { billingAccountOf, subscribedVendor } from '../../support/billing.ts';

/** The local Stripe server answers the real client as Stripe would, and signs its webhooks with Stripe's scheme. */
describe('local Stripe server', () => {
  let app: TestApp;
  let stripe: Stripe;
  before(async function () {
    this.timeout(60_000);
    app = await testApp();
    stripe = app.services.stripe!;
  });

  it('answers a repeated idempotency key with the first answer, and refuses it with other parameters', async () => {
    const first = await stripe.customers.create({ metadata: { vendor_id: '999' } }, { idempotencyKey: 'same-key' });
    const again = await stripe.customers.create({ metadata: { vendor_id: '999' } }, { idempotencyKey: 'same-key' });
    expect(again.id).to.equal(first.id);
    let refused: any;
    try {
      await stripe.customers.create({ metadata: { vendor_id: '998' } }, { idempotencyKey: 'same-key' });
    } catch (err) {
      refused = err;
    }
    expect(refused).to.be.instanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("answers an unknown object with Stripe's 404 error", async () => {
    let refused: any;
    try {
      await stripe.subscriptions.retrieve('sub_missing');
    } catch (err) {
      refused = err;
    }
    expect(refused).to.be.instanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).to.include({ statusCode: 404, code: 'resource_missing' });
  });

  it('bills a period: a paid invoice listed for the customer, the trial converted, and a webhook the service can verify', async () => {
    const v = await subscribedVendor(app);
    const account = await billingAccountOf(app, v.vendorId);
    app.stripe.attachCard(account.stripe_customer_id);
    expect(
      ((await stripe.customers.retrieve(account.stripe_customer_id)) as Stripe.Customer).invoice_settings.default_payment_method,
    ).to.match(/^pm_/);
    const { invoice, webhooks } = await app.stripe.billPeriod(account.stripe_subscription_id);
    expect(invoice).to.include({ status: 'paid', amount_paid: 2900, customer: account.stripe_customer_id });
    const listed = await stripe.invoices.list({ customer: account.stripe_customer_id });
    expect(listed.data.map((i) => i.id)).to.deep.equal([invoice.id]);
    expect((await stripe.subscriptions.retrieve(account.stripe_subscription_id)).status).to.equal('active');
    const [paid] = webhooks;
    const verified = stripe.webhooks.constructEvent(paid.payload, paid.signature, app.stripe.webhookSecret);
    expect(verified).to.include({ type: 'invoice.paid' });
    expect((verified.data.object as Stripe.Invoice).subscription_details?.metadata).to.deep.equal({ vendor_id: String(v.vendorId) });
    expect(() => stripe.webhooks.constructEvent(paid.payload.replace('2900', '1'), paid.signature, app.stripe.webhookSecret)).to.throw();
  });

  it('bills a failed period: the invoice stays open and the subscription goes past due', async () => {
    const v = await subscribedVendor(app);
    const account = await billingAccountOf(app, v.vendorId);
    const { invoice, webhooks } = await app.stripe.billPeriod(account.stripe_subscription_id, { paid: false });
    expect(invoice).to.include({ status: 'open', amount_paid: 0, amount_remaining: 2900, attempt_count: 1 });
    expect(webhooks.map((w) => w.event.type)).to.deep.equal(['invoice.payment_failed', 'customer.subscription.updated']);
    expect(app.stripe.state.subscriptions.get(account.stripe_subscription_id)!.status).to.equal('past_due');
  });
});
