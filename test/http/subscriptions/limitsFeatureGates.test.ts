import { expect } from 'chai';
import { createApp } from '../../../src/http/app.ts';
import { declaredRoutes } from '../../../src/http/routeTable.ts';
import { FEATURES } from '../../../commands/subscriptions/features.ts';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { putOnTier } from '../../support/plans.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';
import { resolvedDocument } from '../../support/openapi.ts';

/** SPEC.md part 2 "Feature": the vendor routes of a feature refuse a vendor whose tier lacks it. */
describe('feature gates: a vendor route of a plan feature refuses a tier without it', () => {
  let app: TestApp;
  let admin: string;
  let v: VendorFixture;
  const credentials = () => app.call('GET', '/api/v1/vendor/extmarket/credentials', { token: v.ownerToken });

  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    v = await createVendorWithOwner(app);
  });

  it('refuses an Essential vendor (the default tier) with 403 naming the feature and the lowest tier that has it', async () => {
    const res = await credentials();
    expect(res.status).to.equal(403);
    expect(res.headers.get('content-type')).to.match(/application\/problem\+json/);
    expect(res.body).to.include({
      code: 'FeatureNotAvailableException',
      feature: 'extmarket_connection',
      required_tier: 'professional',
      current_tier: 'essential',
    });
    const feed = await app.call('GET', '/api/v1/vendor/extmarket/export?language=en', { token: v.ownerToken });
    expect(feed.body).to.include({ code: 'FeatureNotAvailableException', feature: 'extmarket_product_feed', required_tier: 'business' });
  });

  it('refuses before reading the request: the refusal changes nothing', async () => {
    const res = await app.call('PUT', '/api/v1/vendor/extmarket/credentials', {
      token: v.ownerToken,
      body: { api_key: 'k'.repeat(40), api_endpoint: 'https://extmarket.example/graphql' },
    });
    expect(res.status).to.equal(403);
    expect(res.body.feature).to.equal('extmarket_connection');
    expect(await app.services.store.readStream(`extmarket_credentials-${v.vendorId}`)).to.deep.equal([]);
  });

  it('lets the vendor in once an admin moves it to a tier with the feature, and out again when moved back', async () => {
    await putOnTier(app, v.vendorId, 'professional');
    const res = await credentials();
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.include({ configured: false });
    // Professional still lacks the Business tier's product feed.
    const feed = await app.call('GET', '/api/v1/vendor/extmarket/export?language=en', { token: v.ownerToken });
    expect(feed.body).to.include({ feature: 'extmarket_product_feed', required_tier: 'business', current_tier: 'professional' });
    await putOnTier(app, v.vendorId, 'essential');
    expect((await credentials()).status).to.equal(403);
  });

  it("follows the admins' edits of a tier's feature list", async () => {
    const code = unique('gate')
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_')
      .slice(0, 30);
    const created = await app.call('POST', '/api/v1/admin/subscriptions/tiers', {
      token: admin,
      body: {
        code,
        name: `Gate ${code}`,
        description: 'feature gate test',
        price_monthly_cents: 100,
        price_yearly_cents: 1000,
        limits: { orders_per_period: null, products: null, team_members: null },
        features: ['product_management'],
        sort_order: 950,
      },
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    await putOnTier(app, v.vendorId, code as any);
    const pages = () => app.call('GET', '/api/v1/vendor/content-pages', { token: v.ownerToken });
    const refused = await pages();
    expect(refused.status).to.equal(403);
    expect(refused.body).to.include({ feature: 'content_pages', required_tier: 'essential', current_tier: code });
    const edited = await app.call('PUT', `/api/v1/admin/subscriptions/tiers/${code}`, {
      token: admin,
      body: { features: ['product_management', 'content_pages'] },
    });
    expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
    expect((await pages()).status).to.equal(200);
    await putOnTier(app, v.vendorId, 'essential');
    await app.call('DELETE', `/api/v1/admin/subscriptions/tiers/${code}`, { token: admin });
  });

  it('documents the refusal on every gated route, each gate naming a feature of the catalogue', async () => {
    const doc = await resolvedDocument(app);
    const op = doc.paths['/api/v1/vendor/extmarket/credentials'].get;
    expect(op.description).to.include('`extmarket_connection`');
    expect(JSON.stringify(op.responses['403'])).to.include('FeatureNotAvailableException');
    const gated = declaredRoutes(createApp(app.services)).filter((r) => r.entry?.decl.feature);
    expect(gated.length).to.be.greaterThan(40);
    for (const r of gated) {
      expect(
        FEATURES.map((f) => f.code),
        `${r.method} ${r.path}`,
      ).to.include(r.entry!.decl.feature);
      expect(r.entry!.area, `${r.method} ${r.path}`).to.equal('vendor');
    }
    const ungated = doc.paths['/api/v1/vendor/usage'].get;
    expect(JSON.stringify(ungated.responses['403'] ?? {})).not.to.include('FeatureNotAvailableException');
  });
});
