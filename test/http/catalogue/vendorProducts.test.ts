import { expect } from 'chai';
import { withCheckDigit } from '../../../src/core/gtin.ts';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { expectUnknownSortRefused, readAllPages } from '../../support/catalogueFiles.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

describe("vendor products: a vendor creates, edits and deletes its own products, and never sees another vendor's", () => {
  let app: TestApp;
  let a: VendorFixture;
  let b: VendorFixture;
  let productOfA: any;

  before(async () => {
    app = await testApp();
    a = await createVendorWithOwner(app);
    b = await createVendorWithOwner(app);
  });

  const as = (v: VendorFixture) => (method: string, path: string, body?: unknown) =>
    app.call(method, `/api/v1/vendor${path}`, { token: v.ownerToken, body });

  it("creates a product for the token's vendor (a vendor_id in the body is refused)", async () => {
    const gtin = withCheckDigit(`2${Date.now().toString().slice(-11)}`);
    const res = await as(a)('POST', '/products', {
      vendor_sku: unique('A'),
      gtin,
      price_cents: 4990,
      tax_rate_percent: 17,
      cost_cents: 2500,
      translations: { en: { title: 'Chef knife' }, fr: { title: 'Couteau de chef', description: 'Acier forgé' } },
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body).to.include({
      vendor_id: a.vendorId,
      gtin,
      gtin_type: 'EAN13',
      title: 'Chef knife',
      price_cents: 4990,
      net_price_cents: 4265,
      vat_amount_cents: 725,
    });
    productOfA = res.body;
    expect((await as(a)('POST', '/products', { vendor_id: b.vendorId, title: 'x', price_cents: 1 })).status).to.equal(422);
  });

  it('edits it (PUT or PATCH) and reads it in another language', async () => {
    const res = await as(a)('PATCH', `/products/${productOfA.id}`, {
      sale_price_cents: 3990,
      language: 'de',
      title: 'Kochmesser',
      is_active: false,
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.include({ sale_price_cents: 3990, is_active: false, title: 'Kochmesser', language: 'de' });
    expect(Object.keys(res.body.translations).sort()).to.deep.equal(['de', 'en', 'fr']);
    const fr = await as(a)('GET', `/products/${productOfA.id}?language=fr`);
    expect(fr.body).to.include({ title: 'Couteau de chef', description: 'Acier forgé' });
    const put = await as(a)('PUT', `/products/${productOfA.id}`, { is_active: true });
    expect(put.body.is_active).to.equal(true);
  });

  it("lists and counts only the vendor's own products", async () => {
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
    const again = await as(a)('POST', '/products', {
      vendor_sku: productOfA.vendor_sku,
      gtin: productOfA.gtin,
      title: 'Chef knife v2',
      price_cents: 5000,
    });
    expect(again.status).to.equal(201);
  });
});

describe('vendor products: the list in the order asked (sort), page after page', () => {
  let app: TestApp;
  let v: VendorFixture;
  const marker = unique('SORT');
  // Ties on purpose: two titles equal but for letter case, prices shared, one product titled in French only.
  const specs = [
    { title: 'banana', price_cents: 500 },
    { title: 'Apple', price_cents: 300 },
    { title: 'cherry', price_cents: 500 },
    { title: 'Banana', price_cents: 300 },
    { title: 'apricot', price_cents: 100 },
    { fr: 'Abricot sec', price_cents: 300 },
    { title: 'date', price_cents: 900 },
  ];
  const made: { id: number; en: string | null; price_cents: number; created_at: string; updated_at: string }[] = [];
  const list = (query: string) => app.call('GET', `/api/v1/vendor/products?search=${marker}&limit=100&${query}`, { token: v.ownerToken });

  before(async () => {
    app = await testApp();
    v = await createVendorWithOwner(app);
    for (const [i, spec] of specs.entries()) {
      const body = spec.fr
        ? { vendor_sku: `${marker}-${i}`, translations: { fr: { title: spec.fr } }, price_cents: spec.price_cents }
        : { vendor_sku: `${marker}-${i}`, title: spec.title, price_cents: spec.price_cents };
      const res = await app.call('POST', '/api/v1/vendor/products', { token: v.ownerToken, body });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      made.push({
        id: res.body.id,
        en: spec.title ?? null,
        price_cents: spec.price_cents,
        created_at: res.body.created_at,
        updated_at: res.body.updated_at,
      });
    }
    // A later change moves one product to the end of the updated_at order.
    const changed = await app.call('PATCH', `/api/v1/vendor/products/${made[1].id}`, { token: v.ownerToken, body: { brand: 'Orchard' } });
    made[1].updated_at = changed.body.updated_at;
  });

  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  const expected = (sort: string): number[] => {
    const descending = sort.startsWith('-');
    const key = sort.replace(/^-/, '');
    const value = (p: (typeof made)[number]): string | number | null =>
      key === 'title' ? (p.en?.toLowerCase() ?? null) : key === 'price' ? p.price_cents : key === 'id' ? p.id : (p as any)[key];
    const ascending = [...made]
      .sort((a, b) => {
        const [x, y] = [value(a), value(b)];
        if (x === y) return byId(a, b);
        if (x === null) return 1; // no title in the list's language: after the titled ones
        if (y === null) return -1;
        return x < y ? -1 : 1;
      })
      .map((p) => p.id);
    return descending ? ascending.reverse() : ascending;
  };

  for (const sort of ['title', '-title', 'price', '-price', 'created_at', '-created_at', 'updated_at', '-updated_at', 'id', '-id']) {
    it(`sort=${sort}: the products in that order, the id breaking ties`, async () => {
      const res = await list(`sort=${sort}`);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body).to.include({ total: specs.length, page: 1, limit: 100 });
      expect(res.body.items.map((p: any) => p.id)).to.deep.equal(expected(sort));
    });
  }

  it("sorts titles in the list's language: in French, the French-only product is titled, the others follow by id", async () => {
    const res = await list('sort=title&language=fr');
    const ids = res.body.items.map((p: any) => p.id);
    const frenchOnly = made[5].id;
    expect(ids[0]).to.equal(frenchOnly);
    expect(ids.slice(1)).to.deep.equal(
      made
        .filter((p) => p.id !== frenchOnly)
        .map((p) => p.id)
        .sort((a, b) => a - b),
    );
    expect(res.body.items[0]).to.include({ title: 'Abricot sec', language: 'fr' });
  });

  it('pages with limit 2 give every product exactly once, in the sorted order, whatever the sort', async () => {
    for (const sort of ['title', '-title', 'price', '-price', 'created_at', '-updated_at']) {
      const { ids, total } = await readAllPages(app, `/api/v1/vendor/products?search=${marker}&sort=${sort}`, v.ownerToken, 2);
      expect(total, sort).to.equal(specs.length);
      expect(ids, sort).to.deep.equal(expected(sort));
      expect(new Set(ids).size, sort).to.equal(ids.length);
    }
  });

  it('refuses an unknown sort with a 422 naming the allowed ones', async () => {
    await expectUnknownSortRefused(app, '/api/v1/vendor/products', v.ownerToken, [
      'id',
      '-id',
      'title',
      '-title',
      'price',
      '-price',
      'created_at',
      '-created_at',
      'updated_at',
      '-updated_at',
    ]);
  });
});
