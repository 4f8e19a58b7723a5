import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { gtinFor, newBase, productCsv, upload, waitForJob } from '../../support/catalogueFiles.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

describe('admin vendor products: create, update, copy from the marketplace, price breakdown in cents', () => {
  let app: TestApp;
  let token: string;
  let vendor: VendorFixture;
  let other: VendorFixture;
  const base = newBase();

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
    vendor = await createVendorWithOwner(app);
    other = await createVendorWithOwner(app);
  });

  const create = (body: Record<string, unknown>) => app.call('POST', '/api/v1/admin/vendor-products', { token, body });

  it('creates each vendor with one inactive placeholder product that cannot be sold or deleted', async () => {
    // A process manager creates it after VendorCreated: poll briefly, as a client would.
    let placeholders: any[] = [];
    for (let i = 0; i < 100 && placeholders.length === 0; i++) {
      const list = await app.call('GET', `/api/v1/admin/vendor-products?vendor_id=${vendor.vendorId}`, { token });
      placeholders = list.body.items.filter((p: any) => p.is_placeholder);
      if (placeholders.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(placeholders).to.have.length(1);
    expect(placeholders[0]).to.include({ is_active: false, vendor_id: vendor.vendorId, title: 'Unmatched order item' });
    const id = placeholders[0].id;
    expect((await app.call('DELETE', `/api/v1/admin/vendor-products/${id}`, { token })).body.code).to.equal('ProductException');
    expect((await app.call('PATCH', `/api/v1/admin/vendor-products/${id}`, { token, body: { is_active: true } })).status).to.equal(400);
  });

  it('computes net price, VAT, profit and margin exactly in integer cents', async () => {
    const res = await create({ vendor_id: vendor.vendorId, title: 'Espresso cup', price: 19.99, cost_cents: 1000, tax_rate_percent: 17, vendor_sku: unique('CUP') });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    // 1999 × 10000 / 11700 = 1708.55 → 1709 (half away from zero); VAT = 1999 − 1709 = 290.
    expect(res.body).to.include({
      price_cents: 1999, price: 19.99, cost_cents: 1000, cost: 10, tax_rate_percent: 17,
      net_price_cents: 1709, net_price: 17.09, vat_amount_cents: 290, vat_amount: 2.9, profit_cents: 709, profit: 7.09,
      profit_margin_percent: 41.49, currency: 'EUR', is_active: true, is_digital: false,
    });
    expect(res.body.net_price_cents + res.body.vat_amount_cents).to.equal(res.body.price_cents);
    expect(res.body.formatted.price).to.equal('€19.99');
    expect(res.body.inventory).to.deep.equal({ unlimited: false, quantity: 0, reserved_quantity: 0, available_quantity: 0 });

    const changed = await app.call('PATCH', `/api/v1/admin/vendor-products/${res.body.id}`, { token, body: { price_cents: 1000, tax_rate_percent: 5.5, cost: null } });
    expect(changed.status).to.equal(200);
    // 1000 × 10000 / 10550 = 947.87 → 948; no cost → no profit.
    expect(changed.body).to.include({ net_price_cents: 948, vat_amount_cents: 52, tax_rate_percent: 5.5, profit_cents: null, profit_margin_percent: null });
  });

  it('validates money and identifiers: 422 for bad input, 400 for a sale price above the price, 409 for a duplicate SKU', async () => {
    expect((await create({ vendor_id: vendor.vendorId, title: 'x', price: 1.999 })).status).to.equal(422);
    expect((await create({ vendor_id: vendor.vendorId, title: 'x' })).status).to.equal(422);
    expect((await create({ vendor_id: vendor.vendorId, price_cents: 100 })).status).to.equal(422);
    const badGtin = await create({ vendor_id: vendor.vendorId, title: 'x', price_cents: 100, gtin: '4006381333932' });
    expect(badGtin.status).to.equal(422);
    expect(badGtin.body.errors[0].pointer).to.equal('/body/gtin');
    const sale = await create({ vendor_id: vendor.vendorId, title: 'x', price_cents: 100, sale_price_cents: 150 });
    expect(sale.status).to.equal(400);
    expect(sale.body.code).to.equal('ProductException');
    const sku = unique('SKU');
    expect((await create({ vendor_id: vendor.vendorId, title: 'a', price_cents: 100, vendor_sku: sku })).status).to.equal(201);
    const dup = await create({ vendor_id: vendor.vendorId, title: 'b', price_cents: 100, vendor_sku: sku.toLowerCase() });
    expect(dup.status).to.equal(409);
    // Another vendor may use the same SKU.
    expect((await create({ vendor_id: other.vendorId, title: 'c', price_cents: 100, vendor_sku: sku })).status).to.equal(201);
    expect((await create({ vendor_id: 999_999, title: 'x', price_cents: 100 })).status).to.equal(404);
  });

  it('copies a marketplace product into a vendor catalogue with its GTIN, marketplace and translations; SKU and price are the vendor\'s', async () => {
    const market = `Copy${base}`;
    for (const language of ['en', 'fr'] as const) {
      const res = await upload(app, '/api/v1/admin/marketplace-import-jobs', token, { vendor_id: String(vendor.vendorId), language, marketplace: market },
        { name: `${language}.csv`, data: productCsv({ base, count: 3, language, marketplace: market }) });
      await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
    }
    const found = await app.call('GET', `/api/v1/admin/products?gtin=${gtinFor(base, 2)}`, { token });
    const source = found.body.items[0];
    const copy = await app.call('POST', `/api/v1/admin/products/${source.id}/copy-to-vendor`, { token, body: { vendor_id: vendor.vendorId, vendor_sku: `MY-${base}`, price: 24.9, cost: 12 } });
    expect(copy.status, JSON.stringify(copy.body)).to.equal(201);
    expect(copy.body).to.include({
      vendor_id: vendor.vendorId, gtin: source.gtin, gtin_type: 'EAN13', marketplace: market, vendor_sku: `MY-${base}`,
      price_cents: 2490, cost_cents: 1200, source_marketplace_product_id: source.id, brand: source.brand,
    });
    expect(Object.keys(copy.body.translations)).to.deep.equal(['en', 'fr']);
    expect(copy.body.translations.fr.title).to.equal('Couteau de chef 2');
    // The GTIN is now in this vendor's catalogue: a second copy is a conflict.
    const again = await app.call('POST', `/api/v1/admin/products/${source.id}/copy-to-vendor`, { token, body: { vendor_id: vendor.vendorId } });
    expect(again.status).to.equal(409);
    // Without a price, the marketplace price is the starting price.
    const plain = await app.call('POST', `/api/v1/admin/products/${source.id}/copy-to-vendor`, { token, body: { vendor_id: other.vendorId } });
    expect(plain.body.price_cents).to.equal(source.price_cents);
    expect(plain.body.vendor_sku).to.equal(null);
    expect((await app.call('POST', '/api/v1/admin/products/999999/copy-to-vendor', { token, body: { vendor_id: vendor.vendorId } })).status).to.equal(404);
  });

  it('answers /vendor-products/stats?vendor_id= for one vendor', async () => {
    const stats = await app.call('GET', `/api/v1/admin/vendor-products/stats?vendor_id=${vendor.vendorId}`, { token });
    expect(stats.status).to.equal(200);
    expect(stats.body).to.include({ vendor_id: vendor.vendorId, placeholder_products: 1, from_marketplace: 1 });
    expect(stats.body.total_products).to.equal(stats.body.active_products + stats.body.inactive_products);
    expect((await app.call('GET', '/api/v1/admin/vendor-products/stats?vendor_id=abc', { token })).status).to.equal(422);
  });
});
