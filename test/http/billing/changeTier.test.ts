import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { billingAccountOf, subscribedVendor } from '../../support/billing.ts';

const DAY = 86_400_000;

/** SPEC.md 4.2 billing: the upcoming invoice and a tier change, through the real stripe client against the local Stripe server. */
describe('vendor billing: upcoming invoice and tier change', () => {
  let app: TestApp;
  before(async () => {
    app = await testApp();
  });

  const call = (token: string, method: string, path: string, body?: unknown) => app.call(method, `/api/v1/vendor${path}`, { token, body });

  it("previews a trialing vendor's first invoice: the tier's monthly price, due when the trial ends", async () => {
    const v = await subscribedVendor(app);
    await billingAccountOf(app, v.vendorId);
    const res = await call(v.ownerToken, 'GET', '/billing/upcoming-invoice');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const record = (await app.call('GET', `/api/v1/admin/subscriptions/${v.vendorId}`, { token: await app.adminToken() })).body;
    expect(res.body).to.include({ currency: 'eur', amount_due_cents: 2900, total_cents: 2900 });
    expect(Date.parse(res.body.next_payment_attempt)).to.equal(Math.floor(Date.parse(record.current_period_end) / 1000) * 1000);
    expect(res.body.lines).to.have.length(1);
    expect(res.body.lines[0]).to.include({ amount_cents: 2900, quantity: 1, proration: false });
  });

  it("changes the tier during the trial: Stripe's item moves to the new price without proration, the limits follow at once", async () => {
    const v = await subscribedVendor(app);
    const account = await billingAccountOf(app, v.vendorId);
    const res = await call(v.ownerToken, 'POST', '/billing/change-tier', { tier_code: 'professional' });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.include({ tier_code: 'professional', interval: 'month', status: 'trialing' });
    const sub = app.stripe.state.subscriptions.get(account.stripe_subscription_id)!;
    expect(sub.items.data.map((i: any) => i.price.lookup_key)).to.deep.equal(['tier_professional_month']);
    expect([...app.stripe.state.invoiceItems.values()].filter((ii) => ii.subscription === sub.id)).to.deep.equal([]);
    const usage = await call(v.ownerToken, 'GET', '/usage');
    expect(usage.body.plan.tier_code).to.equal('professional');
    expect(usage.body.products.limit).to.equal(1000);
    const invoice = await call(v.ownerToken, 'GET', '/billing/upcoming-invoice');
    expect(invoice.body.amount_due_cents).to.equal(7900);
  });

  it('prorates a change in a paid period: the unused part of the old tier credited, the rest of the new one charged', async () => {
    const v = await subscribedVendor(app, { status: 'active' });
    const account = await billingAccountOf(app, v.vendorId);
    app.stripe.attachCard(account.stripe_customer_id);
    const sub = app.stripe.state.subscriptions.get(account.stripe_subscription_id)!;
    if (sub.status === 'trialing') app.stripe.endTrial(sub.id);
    app.clock.advance(10 * DAY);
    const res = await call(v.ownerToken, 'POST', '/billing/change-tier', { tier_code: 'business' });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const prorations = [...app.stripe.state.invoiceItems.values()].filter((ii) => ii.subscription === sub.id);
    const share =
      (sub.current_period_end - Math.floor(app.clock.now().getTime() / 1000)) / (sub.current_period_end - sub.current_period_start);
    expect(prorations.map((p) => [p.price.lookup_key, p.amount])).to.deep.equal([
      ['tier_essential_month', -Math.round(2900 * share)],
      ['tier_business_month', Math.round(19900 * share)],
    ]);
    expect(sub.items.data.map((i: any) => i.price.lookup_key)).to.deep.equal(['tier_business_month']);
    const invoice = await call(v.ownerToken, 'GET', '/billing/upcoming-invoice');
    expect(invoice.body.lines.filter((l: any) => l.proration).map((l: any) => l.amount_cents)).to.deep.equal(
      prorations.map((p) => p.amount),
    );
    expect(invoice.body.total_cents).to.equal(19900 + prorations.reduce((s, p) => s + p.amount, 0));
    expect((await call(v.ownerToken, 'GET', '/usage')).body.plan.tier_code).to.equal('business');
  });

  it('records a yearly change at once, in the subscription record and at Stripe; a later monthly change records month again', async () => {
    const v = await subscribedVendor(app, { status: 'active' });
    const account = await billingAccountOf(app, v.vendorId);
    const admin = await app.adminToken();
    const record = async () => (await app.call('GET', `/api/v1/admin/subscriptions/${v.vendorId}`, { token: admin })).body;
    expect(await record()).to.include({ billing_interval: 'month' });

    const res = await call(v.ownerToken, 'POST', '/billing/change-tier', { tier_code: 'professional', interval: 'year' });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.include({ tier_code: 'professional', interval: 'year' });
    expect(await record()).to.include({ tier_code: 'professional', billing_interval: 'year' });
    const sub = app.stripe.state.subscriptions.get(account.stripe_subscription_id)!;
    expect(sub.items.data.map((i: any) => [i.price.lookup_key, i.price.recurring.interval, i.price.unit_amount])).to.deep.equal([
      ['tier_professional_year', 'year', 79000],
    ]);
    // Stripe's own report of the change agrees with the record: nothing moves back.
    const told = await app.stripe.emitWebhook('customer.subscription.updated', sub);
    expect(JSON.parse(told.body)).to.include({ outcome: 'handled' });
    expect(await record()).to.include({ tier_code: 'professional', billing_interval: 'year' });

    expect((await call(v.ownerToken, 'POST', '/billing/change-tier', { tier_code: 'professional', interval: 'month' })).status).to.equal(
      200,
    );
    expect(await record()).to.include({ tier_code: 'professional', billing_interval: 'month' });
    expect(sub.items.data.map((i: any) => i.price.lookup_key)).to.deep.equal(['tier_professional_month']);
  });

  it('refuses an unknown tier (404) and a tier no longer offered (400), changing nothing', async () => {
    const v = await subscribedVendor(app);
    const account = await billingAccountOf(app, v.vendorId);
    const unknown = await call(v.ownerToken, 'POST', '/billing/change-tier', { tier_code: 'platinum' });
    expect(unknown.status).to.equal(404);
    expect(unknown.body.code).to.equal('TierNotFoundException');
    const admin = await app.adminToken();
    const code = unique('retired').toLowerCase();
    expect(
      (
        await app.call('POST', '/api/v1/admin/subscriptions/tiers', {
          token: admin,
          body: {
            code,
            name: 'Retired',
            description: null,
            price_monthly_cents: 500,
            price_yearly_cents: 5000,
            limits: { orders_per_period: 10, products: 10, team_members: 1 },
            features: ['product_management'],
            sort_order: 950,
          },
        })
      ).status,
    ).to.equal(201);
    expect((await app.call('POST', `/api/v1/admin/subscriptions/tiers/${code}/deactivate`, { token: admin })).status).to.equal(200);
    const retired = await call(v.ownerToken, 'POST', '/billing/change-tier', { tier_code: code });
    expect(retired.status).to.equal(400);
    expect(retired.body.code).to.equal('BusinessLogicException');
    expect(app.stripe.state.subscriptions.get(account.stripe_subscription_id)!.items.data[0].price.lookup_key).to.equal(
      'tier_essential_month',
    );
    expect((await call(v.ownerToken, 'GET', '/usage')).body.plan.tier_code).to.equal('essential');
  });

  it('answers 502 when Stripe fails, and the tier stays as it was', async () => {
    const v = await subscribedVendor(app);
    await billingAccountOf(app, v.vendorId);
    app.stripe.failNext(10);
    const res = await call(v.ownerToken, 'POST', '/billing/change-tier', { tier_code: 'professional' });
    app.stripe.failNext(0);
    expect(res.status, JSON.stringify(res.body)).to.equal(502);
    expect(res.body.code).to.equal('BillingProviderException');
    expect((await call(v.ownerToken, 'GET', '/usage')).body.plan.tier_code).to.equal('essential');
  });
});
