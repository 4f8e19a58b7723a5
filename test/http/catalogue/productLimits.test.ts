import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { gtinFor, newBase, productCsv, upload, waitForJob } from '../../support/catalogueFiles.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

describe('product limit: a vendor cannot hold more live products than its plan allows', () => {
  let app: TestApp;
  let admin: string;
  let v: VendorFixture;

  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    v = await createVendorWithOwner(app);
    // Essential allows 100; a custom limit of 3 keeps the test small (the placeholder product never counts).
    const plan = await app.call('PUT', `/api/v1/admin/subscriptions/${v.vendorId}`, {
      token: admin,
      body: { tier_code: 'essential', status: 'active', custom_limits: { products: 3 } },
    });
    expect(plan.status, JSON.stringify(plan.body)).to.be.oneOf([200, 201]);
  });

  const create = (title: string) =>
    app.call('POST', '/api/v1/vendor/products', {
      token: v.ownerToken,
      body: { vendor_sku: unique('L'), price_cents: 1000, translations: { en: { title } } },
    });

  it('creates up to one below the limit, then 10 parallel creations give exactly one product', async () => {
    for (const t of ['One', 'Two']) expect((await create(t)).status).to.equal(201);
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => create(`Race ${i}`)));
    const statuses = replies.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(replies.filter((r) => r.status !== 201 && r.status !== 403).map((r) => r.body)),
    ).to.have.length(1);
    expect(statuses.filter((s) => s === 403)).to.have.length(9);
    const list = await app.call('GET', '/api/v1/vendor/products?limit=100', { token: v.ownerToken });
    expect(list.body.items.filter((p: any) => !p.is_placeholder)).to.have.length(3);
  });

  it('stores each slot with the product it admits, in one transaction: neither exists without the other', async () => {
    const claims = await app.services.store.readStream(`quota-products:${v.vendorId}`);
    const claimed = claims.filter((e) => e.type === 'QuotaSlotClaimed');
    expect(claimed).to.have.length(3);
    for (const claim of claimed) {
      const [created] = await app.services.store.readStream(`vendor_product-${claim.data.holder}`);
      expect(created.type).to.equal('VendorProductCreated');
      expect(created.position.a, 'the transaction of the slot and of its product').to.equal(claim.position.a);
    }
  });

  it('refuses past the limit with a 403 naming the limit, the count and the next tier that allows more', async () => {
    const res = await create('Too many');
    expect(res.status).to.equal(403);
    expect(res.body).to.include({
      code: 'TierLimitExceededException',
      limit_kind: 'products',
      limit: 3,
      count: 3,
      current_tier: 'essential',
    });
    expect(res.body.upgrade).to.include({ tier_code: 'professional', limit: 1000 });
  });

  it("refuses the admin's creation for the vendor the same way", async () => {
    const res = await app.call('POST', '/api/v1/admin/vendor-products', {
      token: admin,
      body: { vendor_id: v.vendorId, vendor_sku: unique('A'), price_cents: 1000, translations: { en: { title: 'By the admin' } } },
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(403);
    expect(res.body).to.include({ code: 'TierLimitExceededException', limit: 3, count: 3 });
  });

  it('refuses the copy of a marketplace product into the full catalogue the same way', async () => {
    const base = newBase();
    const market = `Limit${base}`;
    const job = await upload(
      app,
      '/api/v1/admin/marketplace-import-jobs',
      admin,
      { vendor_id: String(v.vendorId), language: 'en', marketplace: market },
      { name: 'en.csv', data: productCsv({ base, count: 1, language: 'en', marketplace: market }) },
    );
    await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${job.body.id}`, admin);
    const found = await app.call('GET', `/api/v1/admin/products?gtin=${gtinFor(base, 1)}`, { token: admin });
    expect(found.body.items, JSON.stringify(found.body)).to.have.length(1);
    const copy = await app.call('POST', `/api/v1/admin/products/${found.body.items[0].id}/copy-to-vendor`, {
      token: admin,
      body: { vendor_id: v.vendorId },
    });
    expect(copy.status, JSON.stringify(copy.body)).to.equal(403);
    expect(copy.body).to.include({ code: 'TierLimitExceededException', limit: 3, count: 3 });
  });

  it('frees a slot when a product is deleted; a refused creation kept no SKU', async () => {
    const sku = unique('R');
    const withSku = () =>
      app.call('POST', '/api/v1/vendor/products', {
        token: v.ownerToken,
        body: { vendor_sku: sku, price_cents: 1000, translations: { en: { title: 'Refused, then admitted' } } },
      });
    expect((await withSku()).status).to.equal(403);
    const list = await app.call('GET', '/api/v1/vendor/products?limit=100', { token: v.ownerToken });
    const victim = list.body.items.find((p: any) => !p.is_placeholder);
    expect((await app.call('DELETE', `/api/v1/vendor/products/${victim.id}`, { token: v.ownerToken })).status).to.equal(200);
    expect((await withSku()).status).to.equal(201);
    expect((await create('Over again')).status).to.equal(403);
  });

  it('does not keep a slot for a creation refused for another reason (a SKU already in use)', async () => {
    await app.call('PUT', `/api/v1/admin/subscriptions/${v.vendorId}`, { token: admin, body: { custom_limits: { products: 4 } } });
    const list = await app.call('GET', '/api/v1/vendor/products?limit=100', { token: v.ownerToken });
    const taken = list.body.items.find((p: any) => !p.is_placeholder).vendor_sku;
    const clash = await app.call('POST', '/api/v1/vendor/products', {
      token: v.ownerToken,
      body: { vendor_sku: taken, price_cents: 1000, translations: { en: { title: 'Clash' } } },
    });
    expect(clash.status).to.equal(409);
    expect((await create('Fourth')).status).to.equal(201);
    expect((await create('Fifth')).status).to.equal(403);
  });

  it('does not limit a vendor whose plan is unlimited', async () => {
    await app.call('PUT', `/api/v1/admin/subscriptions/${v.vendorId}`, { token: admin, body: { custom_limits: { products: null } } });
    expect((await create('Unlimited')).status).to.equal(201);
  });
});
