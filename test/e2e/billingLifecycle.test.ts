import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../support/app.ts';
import { billingAccountOf, subscribedVendor } from '../support/billing.ts';
import { DAY, runScheduledTask } from '../support/scheduledTasks.ts';
import { stripeId } from '../support/stripeWebhooks.ts';

/**
 * A vendor's billing life, end to end, with every Stripe fact coming from the local Stripe
 * server's signed webhooks: a trial with a card, the trial ending and converting, a payment that
 * fails then succeeds, the product limit reached, an add-on bought through Stripe Checkout and
 * the product created after all; the admins see the MRR follow each step.
 */
describe('billing lifecycle (end to end)', function () {
  this.timeout(120_000);
  let app: TestApp;
  let admin: string;

  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
  });

  const mrr = async () => (await app.call('GET', '/api/v1/admin/subscriptions/stats', { token: admin })).body.revenue;
  const webhookAnswer = (emitted: { status: number; body: string }) => {
    expect(emitted.status, emitted.body).to.equal(200);
    return JSON.parse(emitted.body);
  };

  it('trial → conversion with a card → failed then paid invoice → product limit → add-on → product, with the MRR moving', async () => {
    // A vendor signs up: a 30-day trial on Essential, its Stripe customer and trialing subscription opened.
    const vendor = await subscribedVendor(app, { custom_limits: { products: 1 } });
    const account = await billingAccountOf(app, vendor.vendorId);
    const subscription = async () => (await app.call('GET', `/api/v1/admin/subscriptions/${vendor.vendorId}`, { token: admin })).body;
    expect((await subscription()).status).to.equal('trialing');

    // The card collected at signup.
    const card = app.stripe.attachCard(account.stripe_customer_id);
    webhookAnswer(await app.stripe.emitWebhook('payment_method.attached', card));
    const stripeSub = app.stripe.state.subscriptions.get(account.stripe_subscription_id)!;
    expect(webhookAnswer(await app.stripe.emitWebhook('customer.subscription.trial_will_end', stripeSub)).outcome).to.equal('handled');

    // The trial ends: the trial task converts it (a card is on file), then Stripe's conversion arrives with Stripe's period.
    const atTrialEnd = await mrr();
    app.clock.advance(30 * DAY + 3_600_000);
    await runScheduledTask(app, 'expireTrials');
    expect((await subscription()).status).to.equal('active');
    const converted = app.stripe.endTrial(account.stripe_subscription_id);
    expect(webhookAnswer(await app.stripe.emitWebhook('customer.subscription.updated', converted)).outcome).to.equal('handled');
    expect(await subscription()).to.include({
      status: 'active',
      tier_code: 'essential',
      current_period_start: new Date(converted.current_period_start * 1000).toISOString(),
      current_period_end: new Date(converted.current_period_end * 1000).toISOString(),
    });
    const afterConversion = await mrr();
    expect(afterConversion.subscriptions_mrr_cents - atTrialEnd.subscriptions_mrr_cents).to.be.at.least(2900);

    // The first charge fails: past due (no longer counted in the MRR), then Stripe's retry succeeds.
    const invoice = {
      id: stripeId('in'),
      object: 'invoice',
      customer: account.stripe_customer_id,
      subscription: account.stripe_subscription_id,
      number: `E2E-${unique()}`,
      status: 'open',
      currency: 'eur',
      amount_due: 2900,
      amount_paid: 0,
      attempt_count: 1,
      lines: { object: 'list', data: [{ period: { start: converted.current_period_start, end: converted.current_period_end } }] },
      invoice_pdf: 'https://pay.stripe.test/invoice/e2e/pdf',
      hosted_invoice_url: 'https://invoice.stripe.test/i/e2e',
    };
    expect(webhookAnswer(await app.stripe.emitWebhook('invoice.payment_failed', invoice)).outcome).to.equal('handled');
    expect((await subscription()).status).to.equal('past_due');
    expect((await mrr()).subscriptions_mrr_cents).to.equal(afterConversion.subscriptions_mrr_cents - 2900);
    app.clock.advance(3 * DAY);
    webhookAnswer(await app.stripe.emitWebhook('invoice.paid', { ...invoice, status: 'paid', amount_paid: 2900, attempt_count: 2 }));
    expect((await subscription()).status).to.equal('active');
    expect((await mrr()).subscriptions_mrr_cents).to.equal(afterConversion.subscriptions_mrr_cents);
    const history = await app.call('GET', '/api/v1/vendor/billing/history', { token: vendor.ownerToken });
    expect(history.body.items).to.have.length(1);
    expect(history.body.items[0]).to.include({
      invoice_id: invoice.id,
      status: 'paid',
      amount_cents: 2900,
      invoice_pdf: invoice.invoice_pdf,
    });

    // The product limit (1 here) is reached.
    const create = (title: string) =>
      app.call('POST', '/api/v1/vendor/products', {
        token: vendor.ownerToken,
        body: { vendor_sku: unique('E2E'), price_cents: 1500, translations: { en: { title } } },
      });
    expect((await create('First')).status).to.equal(201);
    const refused = await create('Second');
    expect(refused.status).to.equal(403);
    expect(refused.body).to.include({ code: 'TierLimitExceededException', limit_kind: 'products', limit: 1 });

    // An add-on of 500 more products, bought through Stripe Checkout; Stripe reports the payment.
    const beforeAddOn = await mrr();
    const checkout = await app.call('POST', '/api/v1/vendor/billing/add-ons/purchase', {
      token: vendor.ownerToken,
      body: { add_on_code: 'extra_products_500', quantity: 2 },
    });
    expect(checkout.status, JSON.stringify(checkout.body)).to.equal(202);
    expect(webhookAnswer(await app.stripe.completeCheckout(checkout.body.checkout_session_id)).outcome).to.equal('handled');
    expect((await create('Second')).status).to.equal(201);
    const usage = await app.call('GET', '/api/v1/vendor/usage', { token: vendor.ownerToken });
    expect(usage.body.products).to.include({ used: 2, limit: 1001 });

    // The admins see the add-on in the MRR.
    const afterAddOn = await mrr();
    expect(afterAddOn.add_ons_mrr_cents - beforeAddOn.add_ons_mrr_cents).to.equal(3000);
    expect(afterAddOn.mrr_cents - beforeAddOn.mrr_cents).to.equal(3000);
    expect(afterAddOn.arr_cents).to.equal(afterAddOn.mrr_cents * 12);

    // Every Stripe event of this life is in the inbox, handled once.
    const inbox = await app.call('GET', `/api/v1/admin/subscriptions/billing/webhook-events?vendor_id=${vendor.vendorId}&limit=100`, {
      token: admin,
    });
    expect(inbox.body.items.map((e: any) => e.type).sort()).to.deep.equal([
      'checkout.session.completed',
      'customer.subscription.trial_will_end',
      'customer.subscription.updated',
      'invoice.paid',
      'invoice.payment_failed',
      'payment_method.attached',
    ]);
    expect(inbox.body.items.every((e: any) => e.outcome === 'handled' && e.attempts === 1)).to.equal(true);
  });
});
