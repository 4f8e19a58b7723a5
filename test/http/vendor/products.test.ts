import { expect } from 'chai';
import { withCheckDigit } from '../../../src/core/gtin.ts';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

describe('vendor products: a vendor creates, edits and deletes its own products, and never sees another vendor\'s', () => {
  let app: TestApp;
  let a: VendorFixture;
  let b: VendorFixture;
  let productOfA: any;

  before(async () => {
    app = await testApp();
    a = await createVendorWithOwner(app);
    b = await createVendorWithOwner(app);
  });

  const as = (v: VendorFixture) => (method: string, path: string, body?: unknown) => app.call(method, `/api/v1/vendor${path}`, { token: v.ownerToken, body });

  it('creates a product for the token\'s vendor (a vendor_id in the body is refused)', async () => {
    const gtin = withCheckDigit(`2${Date.now().toString().slice(-11)}`);
    const res = await as(a)('POST', '/products', {
      vendor_sku: unique('A'), gtin, price_cents: 4990, tax_rate_percent: 17, cost_cents: 2500,
      translations: { en: { title: 'Chef knife' }, fr: { title: 'Couteau de chef', description: 'Acier forgé' } },
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body).to.include({ vendor_id: a.vendorId, gtin, gtin_type: 'EAN13', title: 'Chef knife', price_cents: 4990, net_price_cents: 4265, vat_amount_cents: 725 });
    productOfA = res.body;
    expect((await as(a)('POST', '/products', { vendor_id: b.vendorId, title: 'x', price_cents: 1 })).status).to.equal(422);
  });

  it('edits it (PUT or PATCH) and reads it in another language', async () => {
    const res = await as(a)('PATCH', `/products/${productOfA.id}`, { sale_price_cents: 3990, language: 'de', title: 'Kochmesser', is_active: false });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.include({ sale_price_cents: 3990, is_active: false, title: 'Kochmesser', language: 'de' });
    expect(Object.keys(res.body.translations).sort()).to.deep.equal(['de', 'en', 'fr']);
    const fr = await as(a)('GET', `/products/${productOfA.id}?language=fr`);
    expect(fr.body).to.include({ title: 'Couteau de chef', description: 'Acier forgé' });
    const put = await as(a)('PUT', `/products/${productOfA.id}`, { is_active: true });
    expect(put.body.is_active).to.equal(true);
  });

  it('lists and counts only the vendor\'s own products', async () => {
    const list = await as(a)('GET', '/products?limit=100');
    expect(list.body.items.every((p: any) => p.vendor_id === a.vendorId)).to.equal(true);
    expect(list.body.items.map((p: any) => p.id)).to.include(productOfA.id);
    const listB = await as(b)('GET', '/products?limit=100');
    expect(listB.body.items.map((p: any) => p.id)).not.to.include(productOfA.id);
    const search = await as(a)('GET', '/products?search=Couteau');
    expect(search.body.items.map((p: any) => p.id)).to.deep.equal([productOfA.id]);
    const stats = await as(a)('GET', '/products/stats');
    expect(stats.body.vendor_id).to.equal(a.vendorId);
  });

  it('answers 404 to another vendor for every method on the product, and changes nothing', async () => {
    expect((await as(b)('GET', `/products/${productOfA.id}`)).status).to.equal(404);
    expect((await as(b)('PATCH', `/products/${productOfA.id}`, { price_cents: 1 })).status).to.equal(404);
    expect((await as(b)('PUT', `/products/${productOfA.id}`, { vendor_sku: 'STOLEN' })).status).to.equal(404);
    expect((await as(b)('DELETE', `/products/${productOfA.id}`)).status).to.equal(404);
    const mine = await as(a)('GET', `/products/${productOfA.id}`);
    expect(mine.body).to.include({ price_cents: 4990, vendor_sku: productOfA.vendor_sku });
  });

  it('needs a vendor token: none is 401, an admin token is 401', async () => {
    expect((await app.call('GET', '/api/v1/vendor/products')).status).to.equal(401);
    expect((await app.call('GET', '/api/v1/vendor/products', { token: await app.adminToken() })).status).to.equal(401);
  });

  it('deletes the product; its SKU is free again', async () => {
    const del = await as(a)('DELETE', `/products/${productOfA.id}`);
    expect(del.status).to.equal(200);
    expect((await as(a)('GET', `/products/${productOfA.id}`)).status).to.equal(404);
    expect((await as(a)('DELETE', `/products/${productOfA.id}`)).status).to.equal(404);
    const again = await as(a)('POST', '/products', { vendor_sku: productOfA.vendor_sku, gtin: productOfA.gtin, title: 'Chef knife v2', price_cents: 5000 });
    expect(again.status).to.equal(201);
  });
});
