import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { signedIn, signedInAdmin } from '../../support/backOffice.ts';
import { subscribedVendor } from '../../support/billing.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

type Visitor = Awaited<ReturnType<typeof signedIn>>;

/**
 * The admins' subscription, tier, billing-history and capacity pages (src/pages/subscriptions,
 * src/pages/billing): each reads what the admin API reads and each form runs the admin API's
 * command; the history tab shows a subscription's events; the form token is checked on every
 * form; a vendor's session never opens them; admin-typed text stays text.
 */
describe('subscription, tier, billing-history and capacity pages of the admin back office', function () {
  this.timeout(120_000);
  let app: TestApp;
  let admin: Visitor;
  let token: string;
  let subscribed: VendorFixture;
  let tierCode: string;

  before(async function () {
    this.timeout(180_000);
    app = await testApp();
    admin = await signedInAdmin(app);
    subscribed = await subscribedVendor(app, { status: 'active', tier_code: 'professional' });
    tierCode = unique('tier')
      .toLowerCase()
      .replace(/[^a-z0-9_-]/g, '')
      .slice(0, 40);
    const created = await app.call('POST', '/api/v1/admin/subscriptions/tiers', {
      token: await app.adminToken(),
      body: {
        code: tierCode,
        name: 'Starter',
        price_monthly_cents: 900,
        price_yearly_cents: 9000,
        limits: { orders_per_period: 10, products: 10, team_members: 1 },
        features: ['product_management'],
        sort_order: 0,
      },
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
  });

  it('lists the subscriptions with their tier, status and usage, filtered by tier', async () => {
    const page = await admin.get(`/admin/subscriptions?tier_code=professional&search=${encodeURIComponent(subscribed.vendorCode)}`);
    expect(page.status).to.equal(200);
    token = admin.csrf(page.body);
    expect(page.body)
      .to.contain(`href="/admin/subscriptions/${subscribed.vendorId}"`)
      .and.contain('Professional')
      .and.contain('0 of 1,000')
      .and.contain('MRR');
    expect(
      (await admin.get(`/admin/subscriptions?tier_code=business&search=${encodeURIComponent(subscribed.vendorCode)}`)).body,
    ).not.to.contain(`href="/admin/subscriptions/${subscribed.vendorId}"`);
  });

  it('opens a subscription for a vendor without one, changes its tier and custom limits, and shows the changes in its history', async () => {
    const v = await createVendorWithOwner(app);
    const before = await admin.get(`/admin/subscriptions/${v.vendorId}`);
    expect(before.body).to.contain('No subscription record').and.contain('Open a subscription');
    const opened = await admin.post(`/admin/subscriptions/${v.vendorId}`, {
      _csrf: token,
      tier_code: 'business',
      status: 'active',
      billing_interval: 'month',
      limit_products: '',
      limit_orders_per_period: '',
      limit_team_members: '',
    });
    expect(opened.status).to.equal(303);
    expect((await admin.get(String(opened.headers.location))).body)
      .to.contain('The subscription is saved.')
      .and.contain('<strong>Business</strong>');
    const bad = await admin.post(`/admin/subscriptions/${v.vendorId}`, {
      _csrf: token,
      tier_code: 'business',
      status: 'active',
      billing_interval: 'month',
      limit_products: 'lots',
    });
    expect((await admin.get(String(bad.headers.location))).body).to.contain('must be a whole number');
    await admin.post(`/admin/subscriptions/${v.vendorId}`, {
      _csrf: token,
      tier_code: 'business',
      status: 'active',
      billing_interval: 'year',
      limit_products: '25000',
      limit_team_members: 'unlimited',
    });
    const record = (await app.call('GET', `/api/v1/admin/subscriptions/${v.vendorId}`, { token: await app.adminToken() })).body;
    expect(record).to.include({ tier_code: 'business', status: 'active', billing_interval: 'year' });
    expect(record.custom_limits).to.deep.equal({ products: 25000, team_members: null });
    const history = await admin.get(`/admin/subscriptions/${v.vendorId}?tab=history`);
    expect(history.status).to.equal(200);
    expect(history.body)
      .to.match(/VendorSubscriptionStarted|Vendor subscription started/i)
      .and.match(/VendorSubscriptionChanged|Vendor subscription changed/i);
    expect((await admin.get('/admin/subscriptions/2147483000')).status).to.equal(404);
  });

  it('edits a tier (prices in euros, limits, features) with the text kept as text, and stops offering it', async () => {
    const page = await admin.get(`/admin/tiers/${tierCode}`);
    expect(page.status).to.equal(200);
    expect(page.body).to.contain('value="9.00"').and.contain('name="features" value="product_management" checked');
    const saved = await admin.post(`/admin/tiers/${tierCode}`, {
      _csrf: token,
      name: 'Starter <script>alert(1)</script>',
      description: 'Small',
      price_monthly: '12,50',
      price_yearly: '125',
      sort_order: '0',
      orders_per_period: '20',
      products: '',
      team_members: '2',
      features: ['product_management', 'product_media'],
    });
    expect(saved.status).to.equal(303);
    const after = await admin.get(String(saved.headers.location));
    expect(after.body)
      .to.contain('is saved.')
      .and.contain('Starter &lt;script&gt;alert(1)&lt;/script&gt;')
      .and.not.contain('<script>alert(1)');
    const tier = (await app.call('GET', `/api/v1/admin/subscriptions/tiers/${tierCode}`, { token: await app.adminToken() })).body;
    expect(tier).to.include({ price_monthly_cents: 1250, price_yearly_cents: 12500 });
    expect(tier.limits).to.deep.equal({ orders_per_period: 20, products: null, team_members: 2 });
    expect(tier.features).to.have.members(['product_management', 'product_media']);

    const refused = await admin.post(`/admin/tiers/${tierCode}`, {
      _csrf: token,
      name: 'X',
      price_monthly: 'free',
      price_yearly: '1',
      sort_order: '0',
    });
    expect((await admin.get(String(refused.headers.location))).body).to.contain('must be an amount in euros');
    await admin.post(`/admin/tiers/${tierCode}/deactivate`, { _csrf: token });
    expect(
      (await app.call('GET', `/api/v1/admin/subscriptions/tiers/${tierCode}`, { token: await app.adminToken() })).body.is_active,
    ).to.equal(false);
    const list = await admin.get('/admin/tiers');
    expect(list.body).to.contain(`href="/admin/tiers/${tierCode}"`).and.contain('Not offered');
    expect((await admin.get(`/admin/tiers/${tierCode}?tab=history`)).body).to.match(/TierDeactivated|Tier deactivated/i);
  });

  it('shows the capacity figures and recommendations, and takes a snapshot on demand', async () => {
    const page = await admin.get('/admin/capacity');
    expect(page.status).to.equal(200);
    expect(page.body).to.contain('Recommendations').and.contain('Vendors near a limit').and.contain('database_bytes');
    const taken = await admin.post('/admin/capacity/snapshot', { _csrf: token });
    expect(taken.status).to.equal(303);
    expect((await admin.get(String(taken.headers.location))).body).to.match(/The snapshot of \d{4}-\d{2}-\d{2} is taken\./);
  });

  it('shows the billing history with its filters', async () => {
    const page = await admin.get(`/admin/billing-history?vendor_id=${subscribed.vendorId}&status=paid`);
    expect(page.status).to.equal(200);
    expect(page.body).to.contain('Billing history').and.contain('name="vendor_id"');
  });

  it("refuses every form without the form token, and never opens to a vendor's session", async () => {
    const forms = [
      `/admin/subscriptions/${subscribed.vendorId}`,
      `/admin/tiers/${tierCode}`,
      `/admin/tiers/${tierCode}/activate`,
      '/admin/capacity/snapshot',
    ];
    for (const path of forms) {
      expect((await admin.post(path, { tier_code: 'enterprise' })).status, path).to.equal(403);
      expect((await admin.post(path, { _csrf: 'x'.repeat(43), tier_code: 'enterprise' })).status, path).to.equal(403);
    }
    expect(
      (await app.call('GET', `/api/v1/admin/subscriptions/${subscribed.vendorId}`, { token: await app.adminToken() })).body.tier_code,
    ).to.equal('professional');
    const vendor = await signedIn(app, 'vendor', subscribed.ownerEmail, subscribed.ownerPassword);
    for (const path of [
      '/admin/subscriptions',
      `/admin/subscriptions/${subscribed.vendorId}`,
      '/admin/tiers',
      '/admin/capacity',
      '/admin/billing-history',
    ]) {
      const res = await vendor.get(path);
      expect(res.status, path).to.equal(303);
      expect(String(res.headers.location), path).to.match(/^\/admin\/login/);
    }
  });
});
