import { expect } from 'chai';
import { addOnByCode } from '../../../src/core/addOnCatalogue.ts';
import { cancelAddOn, recordAddOnPurchase } from '../../../commands/billing/handlers.ts';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

/**
 * SPEC.md 4.1 GET /subscriptions/stats: counts by tier and status, MRR and ARR from the active
 * subscriptions and add-ons, trial conversions (definitions in docs/subscriptions.md).
 */
describe('admin subscription statistics', () => {
  let app: TestApp;
  let admin: string;
  const stats = async () => {
    const res = await app.call('GET', '/api/v1/admin/subscriptions/stats', { token: admin });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body;
  };
  const setPlan = async (vendorId: number, body: Record<string, unknown>) => {
    const res = await app.call('PUT', `/api/v1/admin/subscriptions/${vendorId}`, { token: admin, body });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  };

  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
  });

  it('is declared before /subscriptions/{vendor_id}: "stats" is never read as a vendor id', async () => {
    const body = await stats();
    expect(body.by_status).to.have.keys(['trialing', 'active', 'past_due', 'canceled', 'expired']);
    expect(body.revenue.currency).to.equal('EUR');
  });

  it('MRR moves when a subscription becomes active and when it changes tier; ARR is twelve times MRR', async () => {
    const v = await createVendorWithOwner(app);
    await setPlan(v.vendorId, { status: 'trialing' });
    const trialing = await stats();
    await setPlan(v.vendorId, { tier_code: 'professional', status: 'active' });
    const active = await stats();
    expect(active.revenue.mrr_cents - trialing.revenue.mrr_cents).to.equal(7900);
    expect(active.revenue.arr_cents).to.equal(active.revenue.mrr_cents * 12);
    expect(active.by_status.active - trialing.by_status.active).to.equal(1);
    expect(active.by_status.trialing - trialing.by_status.trialing).to.equal(-1);
    const pro = (b: any) => b.by_tier.find((t: any) => t.tier_code === 'professional') ?? { total: 0, active: 0 };
    expect(pro(active).active - pro(trialing).active).to.equal(1);

    await setPlan(v.vendorId, { tier_code: 'business' });
    const business = await stats();
    expect(business.revenue.subscriptions_mrr_cents - active.revenue.subscriptions_mrr_cents).to.equal(19900 - 7900);

    await setPlan(v.vendorId, { status: 'past_due' });
    expect((await stats()).revenue.subscriptions_mrr_cents).to.equal(
      active.revenue.subscriptions_mrr_cents - 7900,
      'a past-due subscription brings nothing',
    );
  });

  it('counts a yearly subscriber at its yearly price / 12 (rounded to the cent), and back at the monthly price when billed monthly again', async () => {
    const v = await createVendorWithOwner(app);
    await setPlan(v.vendorId, { status: 'trialing' });
    const before = await stats();
    await setPlan(v.vendorId, { tier_code: 'professional', status: 'active', billing_interval: 'year' });
    const yearly = await stats();
    // Professional is 790.00 € a year: 65.83 € a month (65.8333… rounded), not its 79.00 € monthly price.
    expect(yearly.revenue.subscriptions_mrr_cents - before.revenue.subscriptions_mrr_cents).to.equal(6583);
    expect(yearly.revenue.mrr_cents - before.revenue.mrr_cents).to.equal(6583);
    expect(yearly.revenue.arr_cents).to.equal(yearly.revenue.mrr_cents * 12);
    expect(yearly.revenue.paying_subscriptions - before.revenue.paying_subscriptions).to.equal(1);

    const listed = await app.call('GET', `/api/v1/admin/subscriptions?search=${encodeURIComponent(v.vendorCode)}`, { token: admin });
    expect(listed.status).to.equal(200);
    expect(listed.body.items.map((i: any) => [i.vendor_id, i.billing_interval, i.price_yearly_cents])).to.deep.equal([
      [v.vendorId, 'year', 79000],
    ]);

    await setPlan(v.vendorId, { billing_interval: 'month' });
    expect((await stats()).revenue.subscriptions_mrr_cents - before.revenue.subscriptions_mrr_cents).to.equal(7900);
  });

  it('counts the active add-ons (price × quantity) in MRR, and no longer a canceled one', async () => {
    const v = await createVendorWithOwner(app);
    const ctx = { userId: 'system:test', correlationId: unique('addon') };
    const at = () => app.clock.now().toISOString();
    const before = await stats();
    const seats = await recordAddOnPurchase(
      app.services.store,
      { vendor_id: v.vendorId, add_on_code: 'extra_seat', quantity: 2, stripe_ref: null, at: at() },
      ctx,
    );
    const domain = await recordAddOnPurchase(
      app.services.store,
      { vendor_id: v.vendorId, add_on_code: 'custom_domain', quantity: 1, stripe_ref: null, at: at() },
      ctx,
    );
    await app.services.settle([seats, domain]);
    const bought = await stats();
    const seatCents = addOnByCode('extra_seat')!.price_monthly_cents;
    const domainCents = addOnByCode('custom_domain')!.price_monthly_cents;
    expect(bought.revenue.add_ons_mrr_cents - before.revenue.add_ons_mrr_cents).to.equal(2 * seatCents + domainCents);
    expect(bought.revenue.mrr_cents - before.revenue.mrr_cents).to.equal(2 * seatCents + domainCents);
    expect(bought.revenue.arr_cents - before.revenue.arr_cents).to.equal((2 * seatCents + domainCents) * 12);
    expect(bought.revenue.vendors_with_add_ons - before.revenue.vendors_with_add_ons).to.equal(1);

    await app.services.settle([await cancelAddOn(app.services.store, domain.add_on_id, v.vendorId, at(), ctx)]);
    expect((await stats()).revenue.add_ons_mrr_cents - before.revenue.add_ons_mrr_cents).to.equal(2 * seatCents);
  });

  it('counts trials: started, still running, converted to active, expired, canceled, and the conversion rate of the ended ones', async () => {
    const before = (await stats()).trials;
    const [converts, lapses, stays, paid] = await Promise.all([1, 2, 3, 4].map(() => createVendorWithOwner(app)));
    for (const v of [converts, lapses, stays]) await setPlan(v.vendorId, { status: 'trialing' });
    await setPlan(paid.vendorId, { status: 'active' }); // opened as a paid subscription: no trial
    const running = (await stats()).trials;
    expect(running.started - before.started).to.equal(3);
    expect(running.in_trial - before.in_trial).to.equal(3);

    await setPlan(converts.vendorId, { status: 'active' });
    await setPlan(lapses.vendorId, { status: 'expired' });
    await setPlan(converts.vendorId, { status: 'canceled' }); // a later cancellation does not undo the conversion
    const after = (await stats()).trials;
    expect(after.converted - before.converted).to.equal(1);
    expect(after.expired - before.expired).to.equal(1);
    expect(after.in_trial - before.in_trial).to.equal(1);
    expect(after.canceled - before.canceled).to.equal(0);
    expect(after.conversion_rate).to.be.closeTo(after.converted / (after.converted + after.expired + after.canceled), 0.0001);
  });
});
