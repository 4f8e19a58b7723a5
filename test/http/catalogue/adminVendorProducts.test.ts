import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import {
  csv,
  expectUnknownSortRefused,
  goodRow,
  gtinFor,
  HEADER,
  newBase,
  productCsv,
  readAllPages,
  upload,
  waitForJob,
} from '../../support/catalogueFiles.ts';
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
    const res = await create({
      vendor_id: vendor.vendorId,
      title: 'Espresso cup',
      price: 19.99,
      cost_cents: 1000,
      tax_rate_percent: 17,
      vendor_sku: unique('CUP'),
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    // 1999 × 10000 / 11700 = 1708.55 → 1709 (half away from zero); VAT = 1999 − 1709 = 290.
    expect(res.body).to.include({
      price_cents: 1999,
      price: 19.99,
      cost_cents: 1000,
      cost: 10,
      tax_rate_percent: 17,
      net_price_cents: 1709,
      net_price: 17.09,
      vat_amount_cents: 290,
      vat_amount: 2.9,
      profit_cents: 709,
      profit: 7.09,
      profit_margin_percent: 41.49,
      currency: 'EUR',
      is_active: true,
      is_digital: false,
    });
    expect(res.body.net_price_cents + res.body.vat_amount_cents).to.equal(res.body.price_cents);
    expect(res.body.formatted.price).to.equal('€19.99');
    expect(res.body.inventory).to.deep.equal({ unlimited: false, quantity: 0, reserved_quantity: 0, available_quantity: 0 });

    const changed = await app.call('PATCH', `/api/v1/admin/vendor-products/${res.body.id}`, {
      token,
      body: { price_cents: 1000, tax_rate_percent: 8, cost: null },
    });
    expect(changed.status).to.equal(200);
    // 1000 × 10000 / 10550 = 947.87 → 948; no cost → no profit.
    expect(changed.body).to.include({
      net_price_cents: 926,
      vat_amount_cents: 74,
      tax_rate_percent: 8,
      vat_rate_category: 'reduced',
      profit_cents: null,
      profit_margin_percent: null,
    });
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

  it("copies a marketplace product into a vendor catalogue with its GTIN, marketplace and translations; SKU and price are the vendor's", async () => {
    const market = `Copy${base}`;
    for (const language of ['en', 'fr'] as const) {
      const res = await upload(
        app,
        '/api/v1/admin/marketplace-import-jobs',
        token,
        { vendor_id: String(vendor.vendorId), language, marketplace: market },
        { name: `${language}.csv`, data: productCsv({ base, count: 3, language, marketplace: market }) },
      );
      await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
    }
    const found = await app.call('GET', `/api/v1/admin/products?gtin=${gtinFor(base, 2)}`, { token });
    const source = found.body.items[0];
    const copy = await app.call('POST', `/api/v1/admin/products/${source.id}/copy-to-vendor`, {
      token,
      body: { vendor_id: vendor.vendorId, vendor_sku: `MY-${base}`, price: 24.9, cost: 12 },
    });
    expect(copy.status, JSON.stringify(copy.body)).to.equal(201);
    expect(copy.body).to.include({
      vendor_id: vendor.vendorId,
      gtin: source.gtin,
      gtin_type: 'EAN13',
      marketplace: market,
      vendor_sku: `MY-${base}`,
      price_cents: 2490,
      cost_cents: 1200,
      source_marketplace_product_id: source.id,
      brand: source.brand,
    });
    expect(Object.keys(copy.body.translations)).to.deep.equal(['en', 'fr']);
    expect(copy.body.translations.fr.title).to.equal('Couteau de chef 2');
    // The GTIN is now in this vendor's catalogue: a second copy is a conflict.
    const again = await app.call('POST', `/api/v1/admin/products/${source.id}/copy-to-vendor`, {
      token,
      body: { vendor_id: vendor.vendorId },
    });
    expect(again.status).to.equal(409);
    // Without a price, the marketplace price is the starting price.
    const plain = await app.call('POST', `/api/v1/admin/products/${source.id}/copy-to-vendor`, {
      token,
      body: { vendor_id: other.vendorId },
    });
    expect(plain.body.price_cents).to.equal(source.price_cents);
    expect(plain.body.vendor_sku).to.equal(null);
    expect(
      (await app.call('POST', '/api/v1/admin/products/999999/copy-to-vendor', { token, body: { vendor_id: vendor.vendorId } })).status,
    ).to.equal(404);
  });

  it('answers /vendor-products/stats?vendor_id= for one vendor', async () => {
    const stats = await app.call('GET', `/api/v1/admin/vendor-products/stats?vendor_id=${vendor.vendorId}`, { token });
    expect(stats.status).to.equal(200);
    expect(stats.body).to.include({ vendor_id: vendor.vendorId, placeholder_products: 1, from_marketplace: 1 });
    expect(stats.body.total_products).to.equal(stats.body.active_products + stats.body.inactive_products);
    expect((await app.call('GET', '/api/v1/admin/vendor-products/stats?vendor_id=abc', { token })).status).to.equal(422);
  });
});

describe('admin product lists: vendor products and the marketplace catalogue in the order asked (sort)', () => {
  let app: TestApp;
  let token: string;
  let vendor: VendorFixture;
  const base = newBase();
  const SORTS = ['id', '-id', 'title', '-title', 'price', '-price', 'created_at', '-created_at', 'updated_at', '-updated_at'];

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
    vendor = await createVendorWithOwner(app);
  });

  /** Ascending by key (null after every value), the id breaking ties; descending is the exact reverse. */
  const order = <T extends { id: number }>(rows: T[], key: (r: T) => string | number | null, descending: boolean) => {
    const ids = [...rows]
      .sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        if (x === y) return a.id - b.id;
        if (x === null) return 1;
        if (y === null) return -1;
        return x < y ? -1 : 1;
      })
      .map((r) => r.id);
    return descending ? ids.reverse() : ids;
  };

  it("sorts one vendor's products by price (ties by id), pages without a repeat or a gap, refuses an unknown sort", async () => {
    const marker = unique('ASORT');
    const made: { id: number; price_cents: number; title: string }[] = [];
    for (const [i, [title, price_cents]] of (
      [
        ['Kettle', 2500],
        ['mug', 900],
        ['Teapot', 2500],
        ['cup', 900],
        ['Saucer', 400],
      ] as const
    ).entries()) {
      const res = await app.call('POST', '/api/v1/admin/vendor-products', {
        token,
        body: { vendor_id: vendor.vendorId, vendor_sku: `${marker}-${i}`, title, price_cents },
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      made.push({ id: res.body.id, price_cents, title });
    }
    const path = `/api/v1/admin/vendor-products?vendor_id=${vendor.vendorId}&search=${marker}`;
    for (const [sort, key] of [
      ['-price', (p: (typeof made)[number]) => p.price_cents],
      ['title', (p: (typeof made)[number]) => p.title.toLowerCase()],
    ] as const) {
      const res = await app.call('GET', `${path}&sort=${sort}&limit=100`, { token });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const want = order(made, key, sort.startsWith('-'));
      expect(
        res.body.items.map((p: any) => p.id),
        sort,
      ).to.deep.equal(want);
      const pages = await readAllPages(app, `${path}&sort=${sort}`, token, 2);
      expect(pages).to.deep.equal({ ids: want, total: made.length });
    }
    await expectUnknownSortRefused(app, '/api/v1/admin/vendor-products', token, SORTS);
  });

  it("sorts the marketplace catalogue by title in the list's language (untitled products after them), by price, and pages without a repeat or a gap", async () => {
    const market = `Sort${base}`;
    // Products 1–5 in English; 2 gets a French title too, 6 has only a French one.
    const en: Record<number, [title: string, price: string]> = {
      1: ['pear', '3.00'],
      2: ['Apple', '5.00'],
      3: ['fig', '3.00'],
      4: ['apple', '1.00'],
      5: ['Date', '5.00'],
    };
    const fr: Record<number, [title: string, price: string]> = { 2: ['Pomme', '5.00'], 6: ['Datte', '2.00'] };
    for (const [language, rows] of [
      ['en', en],
      ['fr', fr],
    ] as const) {
      const lines = Object.entries(rows).map(([i, [title, price]]) => {
        const row = goodRow({ base, count: 0, language, marketplace: market }, Number(i));
        row[2] = title;
        row[7] = price;
        row[8] = '';
        return row;
      });
      const res = await upload(
        app,
        '/api/v1/admin/marketplace-import-jobs',
        token,
        { vendor_id: String(vendor.vendorId), language, marketplace: market },
        { name: `${language}.csv`, data: csv([HEADER, ...lines]) },
      );
      expect(res.status, JSON.stringify(res.body)).to.equal(202);
      expect(await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token)).to.include({
        status: 'completed',
        error_count: 0,
      });
    }
    const all = await app.call('GET', `/api/v1/admin/products?marketplace=${market}&limit=100`, { token });
    expect(all.body.total).to.equal(6);
    const products: { id: number; en: string | null; fr: string | null; price: number }[] = all.body.items.map((p: any) => {
      const i = [1, 2, 3, 4, 5, 6].find((n) => p.gtin === gtinFor(base, n))!;
      return {
        id: p.id as number,
        en: en[i]?.[0].toLowerCase() ?? null,
        fr: fr[i]?.[0].toLowerCase() ?? null,
        price: p.price_cents as number,
      };
    });
    const cases: [query: string, want: number[]][] = [
      ['sort=title', order(products, (p) => p.en, false)],
      ['sort=-title', order(products, (p) => p.en, true)],
      ['sort=title&language=fr', order(products, (p) => p.fr, false)],
      ['sort=-title&language=fr', order(products, (p) => p.fr, true)],
      ['sort=price', order(products, (p) => p.price, false)],
      ['sort=-price', order(products, (p) => p.price, true)],
    ];
    for (const [query, want] of cases) {
      const res = await app.call('GET', `/api/v1/admin/products?marketplace=${market}&limit=100&${query}`, { token });
      expect(
        res.body.items.map((p: any) => p.id),
        query,
      ).to.deep.equal(want);
      const pages = await readAllPages(app, `/api/v1/admin/products?marketplace=${market}&${query}`, token, 2);
      expect(pages, query).to.deep.equal({ ids: want, total: 6 });
    }
    // The French list shows the French titles in its order, the others in their fallback language.
    const french = await app.call('GET', `/api/v1/admin/products?marketplace=${market}&sort=title&language=fr&limit=2`, { token });
    expect(french.body.items.map((p: any) => p.title)).to.deep.equal(['Datte', 'Pomme']);
    await expectUnknownSortRefused(app, '/api/v1/admin/products', token, SORTS);
  });
});
