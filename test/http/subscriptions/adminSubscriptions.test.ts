import { expect } from 'chai';
import { seedTiers } from '../../../commands/subscriptions/handlers/seedTiers.ts';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

/** SPEC.md 4.1 /subscriptions/tiers: the four named tiers seeded once, and the admins' tier catalogue. */
describe('admin subscription tiers API', () => {
  let app: TestApp;
  let admin: string;
  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
  });

  const tierBody = (code: string, over: Record<string, unknown> = {}) => ({
    code,
    name: `Tier ${code}`,
    description: 'for tests',
    price_monthly_cents: 1500,
    price_yearly_cents: 15000,
    limits: { orders_per_period: 50, products: null, team_members: 3 },
    features: ['product_management', 'storefront'],
    sort_order: 900,
    ...over,
  });

  it('seeds Essential, Professional, Business and Enterprise at start, with prices in cents, limits and features', async () => {
    const list = await app.call('GET', '/api/v1/admin/subscriptions/tiers', { token: admin });
    expect(list.status).to.equal(200);
    const seeded = list.body.items.filter((t: any) => ['essential', 'professional', 'business', 'enterprise'].includes(t.code));
    expect(seeded.map((t: any) => t.name)).to.deep.equal(['Essential', 'Professional', 'Business', 'Enterprise']);
    const essential = seeded[0];
    expect(essential).to.include({ price_monthly_cents: 2900, price_yearly_cents: 29000, currency: 'EUR', is_active: true });
    expect(essential.limits).to.deep.equal({ orders_per_period: 100, products: 100, team_members: 2 });
    expect(seeded[3].limits).to.deep.equal({ orders_per_period: null, products: null, team_members: null });
    expect(seeded[3].features).to.have.length(30);
    // Each tier has every feature of the tier below it.
    for (let i = 1; i < seeded.length; i++) expect(seeded[i].features).to.include.members(seeded[i - 1].features);
    expect(essential.features.length).to.be.below(seeded[1].features.length);
  });

  it('seeding again (a second start) appends nothing and leaves the tiers as the admins edited them', async () => {
    const before = await app.call('GET', '/api/v1/admin/subscriptions/tiers/enterprise', { token: admin });
    const again = await seedTiers(app.services.store, app.clock.now());
    expect(again.flatMap((h) => h.events)).to.deep.equal([]);
    const twice = await Promise.all([seedTiers(app.services.store, app.clock.now()), seedTiers(app.services.store, app.clock.now())]);
    expect(twice.flat().flatMap((h) => h.events)).to.deep.equal([]);
    const after = await app.call('GET', '/api/v1/admin/subscriptions/tiers/enterprise', { token: admin });
    expect(after.body).to.deep.equal(before.body);
    const list = await app.call('GET', '/api/v1/admin/subscriptions/tiers', { token: admin });
    expect(list.body.items.filter((t: any) => t.code === 'essential')).to.have.length(1);
  });

  it('creates, reads, edits, deactivates, activates and deletes a tier', async () => {
    const code = unique('t').toLowerCase();
    const created = await app.call('POST', '/api/v1/admin/subscriptions/tiers', { token: admin, body: tierBody(code) });
    expect(created.status).to.equal(201);
    expect(created.body).to.include({ code, name: `Tier ${code}`, is_active: true, price_monthly_cents: 1500 });
    expect(created.body.limits).to.deep.equal({ orders_per_period: 50, products: null, team_members: 3 });

    const edited = await app.call('PUT', `/api/v1/admin/subscriptions/tiers/${code}`, {
      token: admin,
      body: { price_monthly_cents: 1900, limits: { orders_per_period: 60, products: 10, team_members: null }, features: ['custom_domain'] },
    });
    expect(edited.status).to.equal(200);
    expect(edited.body).to.include({ price_monthly_cents: 1900, price_yearly_cents: 15000 });
    expect(edited.body.limits).to.deep.equal({ orders_per_period: 60, products: 10, team_members: null });
    expect(edited.body.features).to.deep.equal(['custom_domain']);

    const off = await app.call('POST', `/api/v1/admin/subscriptions/tiers/${code}/deactivate`, { token: admin });
    expect(off.body.is_active).to.equal(false);
    const offered = await app.call('GET', '/api/v1/admin/subscriptions/tiers?include_inactive=false', { token: admin });
    expect(offered.body.items.map((t: any) => t.code)).to.not.include(code);
    const on = await app.call('POST', `/api/v1/admin/subscriptions/tiers/${code}/activate`, { token: admin });
    expect(on.body.is_active).to.equal(true);

    const read = await app.call('GET', `/api/v1/admin/subscriptions/tiers/${code}`, { token: admin });
    expect(read.body).to.deep.equal(on.body);
    const deleted = await app.call('DELETE', `/api/v1/admin/subscriptions/tiers/${code}`, { token: admin });
    expect(deleted.status).to.equal(200);
    const gone = await app.call('GET', `/api/v1/admin/subscriptions/tiers/${code}`, { token: admin });
    expect(gone.status).to.equal(404);
  });

  it('a duplicate tier code is a 409 ConflictException', async () => {
    const dup = await app.call('POST', '/api/v1/admin/subscriptions/tiers', { token: admin, body: tierBody('professional') });
    expect(dup.status).to.equal(409);
    expect(dup.body.code).to.equal('ConflictException');
    const still = await app.call('GET', '/api/v1/admin/subscriptions/tiers/professional', { token: admin });
    expect(still.body.name).to.equal('Professional');
  });

  it('an unknown tier is a 404 TierNotFoundException on every tier route', async () => {
    const code = unique('nope').toLowerCase();
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/v1/admin/subscriptions/tiers/${code}`],
      ['PUT', `/api/v1/admin/subscriptions/tiers/${code}`, { name: 'x' }],
      ['DELETE', `/api/v1/admin/subscriptions/tiers/${code}`],
      ['POST', `/api/v1/admin/subscriptions/tiers/${code}/activate`],
      ['POST', `/api/v1/admin/subscriptions/tiers/${code}/deactivate`],
    ];
    for (const [method, path, body] of calls) {
      const res = await app.call(method, path, { token: admin, body });
      expect(res.status, `${method} ${path}`).to.equal(404);
      expect(res.body.code).to.equal('TierNotFoundException');
    }
  });

  it('refuses unknown feature codes, a bad code and a non-admin caller', async () => {
    const bad = await app.call('POST', '/api/v1/admin/subscriptions/tiers', {
      token: admin,
      body: tierBody(unique('t').toLowerCase(), { features: ['teleportation'] }),
    });
    expect(bad.status).to.equal(422);
    const badCode = await app.call('POST', '/api/v1/admin/subscriptions/tiers', { token: admin, body: tierBody('Not A Code') });
    expect(badCode.status).to.equal(422);
    const anonymous = await app.call('GET', '/api/v1/admin/subscriptions/tiers');
    expect(anonymous.status).to.equal(401);
  });

  describe("a vendor's subscription (/subscriptions/{vendor_id})", () => {
    it('is a 404 ResourceNotFoundException while the vendor has none; a non-integer id is a 422', async () => {
      const v = await createVendorWithOwner(app);
      const none = await app.call('GET', `/api/v1/admin/subscriptions/${v.vendorId}`, { token: admin });
      expect(none.status).to.equal(404);
      expect(none.body.code).to.equal('ResourceNotFoundException');
      const bad = await app.call('GET', '/api/v1/admin/subscriptions/abc', { token: admin });
      expect(bad.status).to.equal(422);
      const unknownVendor = await app.call('PUT', '/api/v1/admin/subscriptions/2000000000', { token: admin, body: { status: 'active' } });
      expect(unknownVendor.status).to.equal(404);
      expect(unknownVendor.body.code).to.equal('VendorNotFoundException');
    });

    it('opens a 30-day trial on the clock, then changes tier, status and custom limits', async () => {
      const v = await createVendorWithOwner(app);
      const now = app.clock.now();
      const opened = await app.call('PUT', `/api/v1/admin/subscriptions/${v.vendorId}`, {
        token: admin,
        body: { tier_code: 'professional' },
      });
      expect(opened.status).to.equal(200);
      expect(opened.body).to.include({ vendor_id: v.vendorId, tier_code: 'professional', status: 'trialing', custom_limits: null });
      const days = (Date.parse(opened.body.current_period_end) - Date.parse(opened.body.current_period_start)) / 86_400_000;
      expect(days).to.equal(30);
      expect(Math.abs(Date.parse(opened.body.current_period_start) - now.getTime())).to.be.below(60_000);

      const custom = await app.call('PUT', `/api/v1/admin/subscriptions/${v.vendorId}`, {
        token: admin,
        body: { status: 'active', custom_limits: { products: 5000, team_members: null } },
      });
      expect(custom.body).to.include({ status: 'active', tier_code: 'professional' });
      expect(custom.body.effective_limits).to.deep.equal({ orders_per_period: 1000, products: 5000, team_members: null });
      const read = await app.call('GET', `/api/v1/admin/subscriptions/${v.vendorId}`, { token: admin });
      expect(read.body).to.deep.equal(custom.body);

      const lapsed = await app.call('PUT', `/api/v1/admin/subscriptions/${v.vendorId}`, { token: admin, body: { status: 'trialing' } });
      expect(lapsed.status).to.equal(409);
      const noTier = await app.call('PUT', `/api/v1/admin/subscriptions/${v.vendorId}`, {
        token: admin,
        body: { tier_code: 'no-such-tier' },
      });
      expect(noTier.status).to.equal(404);
      expect(noTier.body.code).to.equal('TierNotFoundException');
    });

    it('refuses to delete a tier that has active subscriptions (400 BusinessLogicException), allows it once they move', async () => {
      const code = unique('t').toLowerCase();
      await app.call('POST', '/api/v1/admin/subscriptions/tiers', { token: admin, body: tierBody(code) });
      const v = await createVendorWithOwner(app);
      await app.call('PUT', `/api/v1/admin/subscriptions/${v.vendorId}`, { token: admin, body: { tier_code: code, status: 'active' } });
      const refused = await app.call('DELETE', `/api/v1/admin/subscriptions/tiers/${code}`, { token: admin });
      expect(refused.status).to.equal(400);
      expect(refused.body.code).to.equal('BusinessLogicException');
      expect(refused.body.active_subscriptions).to.equal(1);
      await app.call('PUT', `/api/v1/admin/subscriptions/${v.vendorId}`, { token: admin, body: { status: 'canceled' } });
      const deleted = await app.call('DELETE', `/api/v1/admin/subscriptions/tiers/${code}`, { token: admin });
      expect(deleted.status).to.equal(200);
    });
  });
});
