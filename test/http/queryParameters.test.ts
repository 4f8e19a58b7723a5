import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../support/app.ts';
import { openShop, ok, stockedProduct, type ShopFixture } from '../support/shop.ts';
import { shopHeaders } from '../support/tenancy.ts';

/**
 * Query parameters as black-box clients send them (the reliability suite fuzzes every parameter of
 * the document; these are the cases its clients found): a number past what its parameter allows,
 * or not finite, is a 422 naming the parameter; a text filter takes any text, literally.
 */
describe('query parameters: bounded numbers and literal text filters', () => {
  let app: TestApp;
  let admin: string;
  let shop: ShopFixture;

  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    shop = await openShop(app);
  });

  const pointers = (body: any) => (body.errors ?? []).map((e: any) => e.pointer);

  it('answers 422 naming the parameter for a number that overflows or is not finite, with or without a login', async () => {
    const cases: [string, string, string | undefined, Record<string, string>?][] = [
      ['/api/v1/shop/products?limit=1e309', '/query/limit', undefined, shopHeaders(shop.vendorCode)],
      ['/api/v1/shop/products?page=Infinity', '/query/page', undefined, shopHeaders(shop.vendorCode)],
      ['/api/v1/admin/products?vendor_id=1e309', '/query/vendor_id', admin],
      ['/api/v1/admin/orders?vendor_id=-Infinity', '/query/vendor_id', admin],
      ['/api/v1/admin/inventory?low_stock=99999999999999999999', '/query/low_stock', admin],
      ['/api/v1/vendor/inventory?low_stock=99999999999999999999', '/query/low_stock', shop.ownerToken],
      ['/api/v1/admin/inventory/transactions?product_id=1e309', '/query/product_id', admin],
      ['/api/v1/admin/users?page=99999999999999999999', '/query/page', admin],
    ];
    for (const [path, pointer, token, headers] of cases) {
      const res = await app.call('GET', path, { token, headers });
      expect(res.status, path).to.equal(422);
      expect(res.headers.get('content-type'), path).to.match(/^application\/problem\+json/);
      expect(pointers(res.body), path).to.deep.equal([pointer]);
    }
  });

  it('takes a backslash, a percent sign or an underscore in a text filter as that character, not as a LIKE pattern', async () => {
    const warehouse = unique('wh_');
    const product = await stockedProduct(shop, { title: 'Lamp' }, 0);
    await ok(shop.vendor('POST', '/inventory', { product_id: product, warehouse, bin_location: 'A\\1', quantity: 3 }), 'stock');
    const rows = async (query: string, token = shop.ownerToken, area = 'vendor') => {
      const res = await app.call('GET', `/api/v1/${area}/inventory?${query}`, { token });
      expect(res.status, query).to.equal(200);
      return res.body.items.map((r: any) => r.warehouse);
    };
    expect(await rows(`warehouse=${encodeURIComponent(warehouse.toUpperCase())}`)).to.deep.equal([warehouse]);
    // `_` and `%` are wildcards of LIKE: taken literally, they match no other warehouse.
    expect(await rows(`warehouse=${encodeURIComponent(warehouse.replace('_', '%'))}`)).to.deep.equal([]);
    expect(await rows('warehouse=%25')).to.deep.equal([]);
    expect(await rows('warehouse=%5C')).to.deep.equal([]);
    expect(
      await rows(`warehouse=${encodeURIComponent(warehouse)}&bin_location=${encodeURIComponent('a\\1')}`, admin, 'admin'),
    ).to.deep.equal([warehouse]);
    for (const path of [
      '/api/v1/admin/products?marketplace=%5C',
      '/api/v1/admin/products?vendor_name=%5C&brand=%25',
      '/api/v1/admin/products/stats?marketplace=%5C&vendor_name=a%5C',
      '/api/v1/admin/marketplace-import-jobs?marketplace=%5C',
      '/api/v1/admin/vendor-products?marketplace=%5C',
      '/api/v1/admin/inventory?warehouse=%5C&bin_location=%5C',
    ]) {
      const res = await app.call('GET', path, { token: admin });
      expect(res.status, path).to.equal(200);
      expect(res.body.items ?? res.body, path).to.not.equal(undefined);
    }
  });

  it('tells browsers not to sniff the type of any answer: JSON, problem, page, file', async () => {
    for (const [path, token] of [
      ['/api/v1/admin/users', admin],
      ['/api/v1/admin/users', undefined],
      ['/api/v1/nowhere', undefined],
      ['/health', undefined],
      ['/', undefined],
      ['/api/v1/openapi.json', undefined],
    ] as const) {
      const res = await app.call('GET', path, { token });
      expect(res.headers.get('x-content-type-options'), `${path} → ${res.status}`).to.equal('nosniff');
    }
  });
});
