import { expect } from 'chai';
import { runPlansUpgrade, vendorsWithoutPlan } from '../../../commands/subscriptions/handlers/plansUpgrade.ts';
import { PLANS_UPGRADE } from '../../../commands/subscriptions/platformUpgrade.ts';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { eventually } from '../../support/eventually.ts';
import { putOnTier } from '../../support/plans.ts';
import { createCompany, createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/**
 * The legacy plan and the default tier (docs/subscriptions.md): upgrading a platform never takes
 * a feature away from a vendor that had it; a vendor with no live subscription is on the
 * platform's default tier; a vendor can be created on a tier or a trial.
 */
describe('legacy plan and default tier', () => {
  let app: TestApp;
  let admin: string;
  const asAdmin = (method: string, path: string, body?: unknown) => app.call(method, `/api/v1/admin${path}`, { token: admin, body });
  const planOf = async (v: VendorFixture) =>
    (await app.call('GET', '/api/v1/vendor/features/available?limit=100', { token: v.ownerToken })).body;
  const streamOf = (vendorId: number) => app.services.store.readStream(`subscription-${vendorId}`);
  /**
   * The upgrade as it runs at start, on a platform where `vendorIds` were there before plans: a
   * name of its own, so that it runs on this test's vendors only (the app's own upgrade ran at
   * its start, on a fresh database, and is complete).
   */
  const upgrade = async (vendorIds: number[], name = unique('upgrade')) => {
    const result = await runPlansUpgrade(
      { store: app.services.store, now: () => app.services.clock.now(), vendorsWithoutPlan: async () => vendorIds },
      name,
    );
    await app.services.settle(result.done);
    return result;
  };

  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
  });

  after(async () => {
    // Other files expect the built-in default.
    await asAdmin('PUT', '/settings/plans', { default_tier: 'essential' });
  });

  it('on a fresh install the upgrade marks nobody: a vendor created after start is on the default tier, Essential', async () => {
    const events = await app.services.store.readStream(`platform_upgrade-${PLANS_UPGRADE}`);
    expect(events.map((e) => e.type)).to.deep.equal(['PlatformUpgradeStarted', 'PlatformUpgradeCompleted']);
    expect(events[0].data.vendor_ids).to.deep.equal([]);
    const v = await createVendorWithOwner(app);
    expect((await planOf(v)).plan).to.deep.equal({ tier_code: 'essential', tier_name: 'Essential', source: 'default_tier' });
    // A start after that one does nothing more, whoever is there by then.
    expect(
      (
        await runPlansUpgrade({
          store: app.services.store,
          now: () => app.services.clock.now(),
          vendorsWithoutPlan: vendorsWithoutPlan.bind(null, app.services.store),
        })
      ).done,
    ).to.deep.equal([]);
    expect(await streamOf(v.vendorId)).to.deep.equal([]);
  });

  it('the vendors the upgrade applies to: there, without a subscription record, not deleted', async () => {
    const plain = await createVendorWithOwner(app);
    const subscribed = await createVendorWithOwner(app);
    await putOnTier(app, subscribed.vendorId, 'business');
    const deleted = await createVendorWithOwner(app);
    expect((await asAdmin('DELETE', `/vendors/${deleted.vendorId}`)).status).to.equal(200);
    const ids = await vendorsWithoutPlan(app.services.store);
    expect(ids).to.include(plain.vendorId).and.not.include(subscribed.vendorId).and.not.include(deleted.vendorId);
  });

  it("a vendor there before the upgrade gets every feature and no limit, recorded in its history as the upgrade's", async () => {
    const v = await createVendorWithOwner(app);
    const essential = await planOf(v);
    expect(essential.total).to.be.below(30);
    const before = app.services.clock.now().toISOString();
    const { granted } = await upgrade([v.vendorId]);
    const after = app.services.clock.now().toISOString();
    expect(granted).to.deep.equal([v.vendorId]);

    const legacy = await planOf(v);
    expect(legacy.plan).to.deep.equal({ tier_code: 'legacy', tier_name: 'Legacy', source: 'legacy' });
    expect(legacy.total).to.equal(30);
    const usage = (await app.call('GET', '/api/v1/vendor/usage', { token: v.ownerToken })).body;
    expect(usage.plan.source).to.equal('legacy');
    expect([usage.orders.limit, usage.products.limit, usage.team_members.limit]).to.deep.equal([null, null, null]);
    // An Enterprise-only gated route opens.
    const check = await app.call('GET', '/api/v1/vendor/features/check/audit_history', { token: v.ownerToken });
    expect(check.body).to.include({ available: true, current_tier: 'legacy' });

    const [event] = await streamOf(v.vendorId);
    expect(event.type).to.equal('VendorLegacyPlanGranted');
    expect(event.metadata.user_id).to.equal('system:upgrade');
    expect(event.data.at >= before && event.data.at <= after, `granted at ${event.data.at}, on the service clock`).to.equal(true);

    const adminView = await asAdmin('GET', `/subscriptions/${v.vendorId}/plan`);
    expect(adminView.status).to.equal(200);
    expect(adminView.body).to.deep.include({
      plan: { tier_code: 'legacy', tier_name: 'Legacy', source: 'legacy' },
      legacy_since: event.data.at,
      status: null,
    });
    expect(adminView.body.limits).to.deep.equal({ orders_per_period: null, products: null, team_members: null });
    expect((await asAdmin('GET', '/settings/plans')).body.legacy_vendors).to.be.at.least(1);
  });

  it('running the upgrade twice, or on two instances at once, records one grant per vendor', async () => {
    const a = await createVendorWithOwner(app);
    const b = await createVendorWithOwner(app);
    const name = unique('upgrade');
    // The two runners list different vendors: whichever list is recorded first wins, whole, and
    // the other runner grants nothing of its own.
    const lists = [
      [a.vendorId, b.vendorId],
      [a.vendorId, b.vendorId, 999_999],
    ];
    const runs = await Promise.all(lists.map((list) => upgrade(list, name)));
    await upgrade([a.vendorId], name);
    const granted = [...new Set(runs.flatMap((r) => r.granted))].sort((x, y) => x - y);
    expect(lists, `granted ${granted.join(', ')}`).to.deep.include(granted);
    for (const v of [a, b]) expect((await streamOf(v.vendorId)).map((e) => e.type)).to.deep.equal(['VendorLegacyPlanGranted']);
    const marker = await app.services.store.readStream(`platform_upgrade-${name}`);
    expect(marker.map((e) => e.type)).to.deep.equal(['PlatformUpgradeStarted', 'PlatformUpgradeCompleted']);
  });

  it('an admin moving a legacy vendor to Professional ends the legacy plan; cancelled, it falls to the default tier, not back to legacy', async () => {
    const v = await createVendorWithOwner(app);
    await upgrade([v.vendorId]);
    await putOnTier(app, v.vendorId, 'professional');
    expect((await planOf(v)).plan).to.deep.equal({ tier_code: 'professional', tier_name: 'Professional', source: 'subscription' });
    expect((await streamOf(v.vendorId)).map((e) => e.type)).to.deep.equal([
      'VendorLegacyPlanGranted',
      'VendorLegacyPlanEnded',
      'VendorSubscriptionStarted',
    ]);
    expect((await asAdmin('GET', `/subscriptions/${v.vendorId}/plan`)).body.legacy_since).to.equal(null);

    expect((await asAdmin('PUT', `/subscriptions/${v.vendorId}`, { status: 'canceled' })).status).to.equal(200);
    expect((await planOf(v)).plan).to.deep.equal({ tier_code: 'essential', tier_name: 'Essential', source: 'default_tier' });
    // A later run of an upgrade leaves a vendor with a record alone.
    await upgrade([v.vendorId]);
    expect((await planOf(v)).plan.source).to.equal('default_tier');
  });

  describe("a new vendor's plan", () => {
    it('with tier business in the creating request: an active Business subscription', async () => {
      const before = app.services.clock.now().toISOString();
      const v = await createVendorWithOwner(app, { vendor: { plan: { tier_code: 'business' } } });
      const plan = await eventually(async () => {
        const p = (await planOf(v)).plan;
        return p.source === 'subscription' && p;
      }, 'the requested subscription');
      expect(plan).to.deep.equal({ tier_code: 'business', tier_name: 'Business', source: 'subscription' });
      const record = (await asAdmin('GET', `/subscriptions/${v.vendorId}`)).body;
      expect(record).to.include({ tier_code: 'business', status: 'active' });
      // It starts at the creation request, on the service clock.
      expect(record.current_period_start >= before && record.current_period_start <= app.services.clock.now().toISOString()).to.equal(true);
    });

    it('with a trial only: a trial of those days on the default tier', async () => {
      const v = await createVendorWithOwner(app, { vendor: { plan: { trial_days: 14 } } });
      await eventually(async () => (await planOf(v)).plan.source === 'subscription', 'the trial');
      const record = (await asAdmin('GET', `/subscriptions/${v.vendorId}`)).body;
      expect(record).to.include({ tier_code: 'essential', status: 'trialing' });
      expect(Date.parse(record.current_period_end) - Date.parse(record.current_period_start)).to.equal(14 * 86_400_000);
    });

    it('refuses a tier that is not offered, and creates no vendor', async () => {
      const company = await createCompany(app);
      const code = unique('V').toUpperCase();
      const res = await asAdmin('POST', '/vendors', {
        company_id: company.id,
        vendor_code: code,
        name: `Shop ${code}`,
        plan: { tier_code: 'platinum' },
      });
      expect(res.status).to.equal(404);
      expect(res.body.code).to.equal('TierNotFoundException');
      expect((await asAdmin('GET', `/vendors/${code}`)).status).to.equal(404);
    });

    it('changing the default tier setting changes what a new vendor, and a cancelled one, gets', async () => {
      const cancelled = await createVendorWithOwner(app);
      await putOnTier(app, cancelled.vendorId, 'business');
      expect((await asAdmin('PUT', `/subscriptions/${cancelled.vendorId}`, { status: 'canceled' })).status).to.equal(200);

      expect((await asAdmin('GET', '/settings/plans')).body).to.include({ default_tier: 'essential', default_tier_name: 'Essential' });
      const set = await asAdmin('PUT', '/settings/plans', { default_tier: 'professional' });
      expect(set.status).to.equal(200);
      expect(set.body).to.include({ default_tier: 'professional', default_tier_name: 'Professional' });

      const fresh = await createVendorWithOwner(app);
      expect((await planOf(fresh)).plan).to.deep.equal({ tier_code: 'professional', tier_name: 'Professional', source: 'default_tier' });
      expect((await planOf(cancelled)).plan).to.deep.equal({
        tier_code: 'professional',
        tier_name: 'Professional',
        source: 'default_tier',
      });
      // The admin's PUT of a new record without a tier opens it on the default tier.
      expect((await asAdmin('PUT', `/subscriptions/${fresh.vendorId}`, { status: 'trialing' })).body.tier_code).to.equal('professional');
    });

    it('the default tier must be an offered tier', async () => {
      expect((await asAdmin('PUT', '/settings/plans', { default_tier: 'platinum' })).body.code).to.equal('TierNotFoundException');
      const code = unique('t')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '');
      expect(
        (
          await asAdmin('POST', '/subscriptions/tiers', {
            code,
            name: 'Hidden',
            description: null,
            price_monthly_cents: 100,
            price_yearly_cents: 1000,
            limits: { orders_per_period: 1, products: 1, team_members: 1 },
            features: [],
          })
        ).status,
      ).to.equal(201);
      expect((await asAdmin('POST', `/subscriptions/tiers/${code}/deactivate`)).status).to.equal(200);
      const refused = await asAdmin('PUT', '/settings/plans', { default_tier: code });
      expect(refused.status).to.equal(404);
      expect(refused.body.code).to.equal('TierNotFoundException');
    });
  });
});
