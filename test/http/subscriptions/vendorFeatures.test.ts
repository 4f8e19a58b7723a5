import { expect } from 'chai';
import type { Context } from 'koa';
import { FeatureNotAvailableException, FeatureNotFoundError } from '../../../src/core/errors.ts';
import { requireFeature } from '../../../src/http/vendor/features.ts';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/** SPEC.md 4.2 features: the catalogue, what the vendor's tier gives, and what an upgrade adds. */
describe('vendor features API', () => {
  let app: TestApp;
  let v: VendorFixture;
  const get = (path: string) => app.call('GET', `/api/v1/vendor${path}`, { token: v.ownerToken });
  before(async () => {
    app = await testApp();
    v = await createVendorWithOwner(app);
  });

  it('lists the 30 features in 8 categories, each with the lowest tier that has it', async () => {
    const all = await get('/features?limit=100');
    expect(all.status).to.equal(200);
    expect(all.body).to.include({ total: 30, page: 1, limit: 100 });
    expect(all.body.items.find((f: any) => f.code === 'custom_domain')).to.include({ category: 'storefront', min_tier: 'business' });
    const firstPage = await get('/features');
    expect(firstPage.body.items).to.have.length(20);
    const categories = await get('/features/categories');
    expect(categories.body.total).to.equal(8);
    expect(categories.body.items.reduce((n: number, c: any) => n + c.feature_count, 0)).to.equal(30);
    expect(categories.body.items.map((c: any) => c.code)).to.include.members([
      'catalogue',
      'orders',
      'extmarket',
      'invoicing',
      'storefront',
      'messaging',
      'analytics',
      'team',
    ]);
  });

  it("a vendor without a subscription gets the platform's default tier, Essential unless changed: the Essential tier's features", async () => {
    const available = await get('/features/available?limit=100');
    expect(available.body.plan).to.deep.equal({ tier_code: 'essential', tier_name: 'Essential', source: 'default_tier' });
    const essential = await get('/features/tiers/essential?limit=100');
    expect(available.body.items).to.deep.equal(essential.body.items);
    expect(available.body.items.map((f: any) => f.code))
      .to.include('storefront')
      .and.not.include('custom_domain');
  });

  it('gives each tier its features, more at each step', async () => {
    const counts: number[] = [];
    for (const code of ['essential', 'professional', 'business', 'enterprise']) {
      const res = await get(`/features/tiers/${code}?limit=100`);
      expect(res.status, code).to.equal(200);
      counts.push(res.body.total);
    }
    expect(counts[3]).to.equal(30);
    expect(counts).to.deep.equal([...counts].sort((a, b) => a - b));
    expect(new Set(counts).size).to.equal(4);
    const unknown = await get('/features/tiers/no-such-tier');
    expect(unknown.status).to.equal(404);
    expect(unknown.body.code).to.equal('TierNotFoundException');
  });

  it("checks one feature against the vendor's tier; an unknown feature is a 404 FeatureNotFoundError", async () => {
    const has = await get('/features/check/storefront');
    expect(has.body).to.include({ available: true, current_tier: 'essential', required_tier: 'essential' });
    const lacks = await get('/features/check/custom_domain');
    expect(lacks.body).to.include({ available: false, current_tier: 'essential', required_tier: 'business' });
    const unknown = await get('/features/check/teleportation');
    expect(unknown.status).to.equal(404);
    expect(unknown.body.code).to.equal('FeatureNotFoundError');
  });

  it('says what an upgrade adds: features, limits and the price difference', async () => {
    const up = await get('/features/upgrade?to=business');
    expect(up.status).to.equal(200);
    expect(up.body).to.include({
      from_tier: 'essential',
      to_tier: 'business',
      is_upgrade: true,
      price_monthly_difference_cents: 19900 - 2900,
    });
    const added = up.body.added_features.map((f: any) => f.code);
    expect(added)
      .to.include.members(['custom_domain', 'inventory_import', 'credit_notes'])
      .and.not.include('storefront')
      .and.not.include('audit_history');
    expect(up.body.removed_features).to.deep.equal([]);
    expect(up.body.limits.target).to.deep.equal({ orders_per_period: 10000, products: 10000, team_members: 20 });
    const same = await get('/features/upgrade?to=essential');
    expect(same.body).to.include({ is_upgrade: false });
    expect(same.body.added_features).to.deep.equal([]);
    const unknown = await get('/features/upgrade?to=no-such-tier');
    expect(unknown.status).to.equal(404);
    expect(unknown.body.code).to.equal('TierNotFoundException');
    const missing = await get('/features/upgrade');
    expect(missing.status).to.equal(422);
  });

  it('needs a vendor token', async () => {
    const res = await app.call('GET', '/api/v1/vendor/features');
    expect(res.status).to.equal(401);
  });

  describe('usage (UsageSummary)', () => {
    it("counts products and team members against the default tier's limits, in the calendar month, with the next tier up", async () => {
      const u = await createVendorWithOwner(app);
      for (let i = 0; i < 3; i++) {
        const made = await app.call('POST', '/api/v1/vendor/products', {
          token: u.ownerToken,
          body: { vendor_sku: unique('sku'), title: `Usage ${i}`, price_cents: 500 },
        });
        expect(made.status, JSON.stringify(made.body)).to.equal(201);
      }
      const usage = await app.call('GET', '/api/v1/vendor/usage', { token: u.ownerToken });
      expect(usage.status).to.equal(200);
      expect(usage.body.plan).to.deep.equal({ tier_code: 'essential', tier_name: 'Essential', source: 'default_tier' });
      expect(usage.body.status).to.equal(null);
      expect(usage.body.products).to.deep.equal({ used: 3, limit: 100, remaining: 97, percent_used: 3, exceeded: false });
      expect(usage.body.orders).to.include({ used: 0, limit: 100 });
      expect(usage.body.team_members.limit).to.equal(2);
      expect(usage.body.period.start.slice(8, 10)).to.equal('01');
      expect(usage.body.upgrade).to.include({ tier_code: 'professional', price_monthly_cents: 7900 });
    });

    it('follows the subscription: its tier, its custom limits, its features, and no upgrade past the highest tier', async () => {
      const u = await createVendorWithOwner(app);
      const admin = await app.adminToken();
      const set = await app.call('PUT', `/api/v1/admin/subscriptions/${u.vendorId}`, {
        token: admin,
        body: { tier_code: 'enterprise', status: 'active', custom_limits: { products: 0 } },
      });
      expect(set.status).to.equal(200);
      const usage = await app.call('GET', '/api/v1/vendor/usage', { token: u.ownerToken });
      expect(usage.body.plan).to.deep.equal({ tier_code: 'enterprise', tier_name: 'Enterprise', source: 'subscription' });
      expect(usage.body.status).to.equal('active');
      expect(usage.body.period).to.deep.equal({ start: set.body.current_period_start, end: set.body.current_period_end });
      expect(usage.body.products).to.include({ limit: 0, exceeded: true });
      expect(usage.body.orders).to.include({ limit: null, remaining: null, exceeded: false });
      expect(usage.body.upgrade).to.equal(null);
      const check = await app.call('GET', '/api/v1/vendor/features/check/audit_history', { token: u.ownerToken });
      expect(check.body).to.include({ available: true, current_tier: 'enterprise' });
      // A canceled subscription falls to the platform's default tier, never to the legacy plan.
      await app.call('PUT', `/api/v1/admin/subscriptions/${u.vendorId}`, { token: admin, body: { status: 'canceled' } });
      const after = await app.call('GET', '/api/v1/vendor/features/available', { token: u.ownerToken });
      expect(after.body.plan).to.include({ tier_code: 'essential', source: 'default_tier' });
    });
  });

  describe('requireFeature', () => {
    const run = async (code: string) => {
      const ctx = { state: { vendor: { id: v.vendorId } } } as unknown as Context;
      let passed = false;
      try {
        await requireFeature(app.services, code)(ctx, async () => {
          passed = true;
        });
        return { passed };
      } catch (err) {
        return { passed, err };
      }
    };

    it('lets a vendor whose tier has the feature through', async () => {
      expect(await run('storefront')).to.deep.equal({ passed: true });
    });

    it("refuses with 403 naming the feature, the lowest tier that has it and the vendor's tier", async () => {
      const { passed, err } = await run('custom_domain');
      expect(passed).to.equal(false);
      expect(err).to.be.instanceOf(FeatureNotAvailableException);
      expect((err as FeatureNotAvailableException).status).to.equal(403);
      expect((err as FeatureNotAvailableException).extra).to.deep.equal({
        feature: 'custom_domain',
        required_tier: 'business',
        current_tier: 'essential',
      });
    });

    it('refuses to guard a route with a feature that does not exist', () => {
      expect(() => requireFeature(app.services, 'teleportation')).to.throw(FeatureNotFoundError);
    });
  });
});
