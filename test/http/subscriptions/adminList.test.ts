import { expect } from 'chai';
import { recordAddOnPurchase } from '../../../commands/billing/handlers.ts';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/** SPEC.md 4.1 GET /subscriptions: every vendor's subscription with its tier, status, period and usage, filtered and paged. */
describe('admin subscription list', () => {
  let app: TestApp;
  let admin: string;
  let pro: VendorFixture;
  let trial: VendorFixture;
  const list = (query: string) => app.call('GET', `/api/v1/admin/subscriptions?${query}`, { token: admin });

  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    pro = await createVendorWithOwner(app);
    trial = await createVendorWithOwner(app);
    const opened = await app.call('PUT', `/api/v1/admin/subscriptions/${pro.vendorId}`, {
      token: admin,
      body: { tier_code: 'professional', status: 'active', custom_limits: { team_members: 3 } },
    });
    expect(opened.status, JSON.stringify(opened.body)).to.equal(200);
    expect(
      (await app.call('PUT', `/api/v1/admin/subscriptions/${trial.vendorId}`, { token: admin, body: { status: 'trialing' } })).status,
    ).to.equal(200);
    const product = await app.call('POST', '/api/v1/vendor/products', {
      token: pro.ownerToken,
      body: { vendor_sku: unique('L'), price_cents: 1000, translations: { en: { title: 'Listed lamp' } } },
    });
    expect(product.status, JSON.stringify(product.body)).to.equal(201);
  });

  it("shows the vendor, tier, status, period and usage against the effective limits, as the vendor's own usage page counts it", async () => {
    const res = await list(`search=${pro.vendorCode.toLowerCase()}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ total: 1, page: 1, limit: 20 });
    const [item] = res.body.items;
    expect(item).to.include({
      vendor_id: pro.vendorId,
      vendor_code: pro.vendorCode,
      tier_code: 'professional',
      tier_name: 'Professional',
      status: 'active',
      price_monthly_cents: 7900,
    });
    expect(item.effective_limits).to.deep.equal({ orders_per_period: 1000, products: 1000, team_members: 3 });
    expect(item.custom_limits).to.deep.equal({ team_members: 3 });
    const own = (await app.call('GET', '/api/v1/vendor/usage', { token: pro.ownerToken })).body;
    expect(item.usage.products).to.deep.equal(own.products);
    expect(item.usage.team_members).to.deep.equal(own.team_members);
    expect(item.usage.orders).to.deep.equal(own.orders);
    expect(item.usage.products.used).to.equal(1);
    expect(item.current_period_start).to.equal(own.period.start);
  });

  it("counts the vendor's active add-ons in its limits, as the vendor's plan does", async () => {
    const bought = await recordAddOnPurchase(
      app.services.store,
      { vendor_id: pro.vendorId, add_on_code: 'extra_products_500', quantity: 2, stripe_ref: null, at: app.clock.now().toISOString() },
      { userId: 'system:test', correlationId: unique('addon') },
    );
    await app.services.settle([bought]);
    const [item] = (await list(`search=${pro.vendorCode}`)).body.items;
    expect(item.effective_limits.products).to.equal(1000 + 2 * 500);
    const own = (await app.call('GET', '/api/v1/vendor/usage', { token: pro.ownerToken })).body;
    expect(item.usage.products).to.deep.equal(own.products);
  });

  it('filters by tier, status and vendor search, and pages', async () => {
    expect((await list(`tier_code=professional&search=${pro.vendorCode}`)).body.total).to.equal(1);
    expect((await list(`tier_code=essential&search=${pro.vendorCode}`)).body.total).to.equal(0);
    const trials = await list(`status=trialing&search=${trial.vendorCode}`);
    expect(trials.body.items.map((i: any) => i.vendor_id)).to.deep.equal([trial.vendorId]);
    expect(trials.body.items[0]).to.include({ tier_code: 'essential', status: 'trialing' });
    expect((await list(`status=active&search=${trial.vendorCode}`)).body.total).to.equal(0);
    const first = await list('limit=1&page=1');
    const second = await list('limit=1&page=2');
    expect(first.body.total).to.be.at.least(2);
    expect(first.body.items).to.have.length(1);
    expect(second.body.items[0].vendor_id).to.not.equal(first.body.items[0].vendor_id);
  });

  it('refuses an unknown status or a malformed tier code with a 422, and a vendor token with a 401', async () => {
    expect((await list('status=sleeping')).status).to.equal(422);
    expect((await list('tier_code=NOT%20A%20CODE')).status).to.equal(422);
    expect((await app.call('GET', '/api/v1/admin/subscriptions', { token: pro.ownerToken })).status).to.equal(401);
  });
});
