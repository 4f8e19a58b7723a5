import { expect } from 'chai';
import { formatMoney } from '../../../src/core/money.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { sortedBy } from '../../support/catalogueFiles.ts';
import { placeholderOf } from '../../support/orders.ts';
import { catalogueShops, type CatalogueShops } from '../../support/shopCatalogue.ts';
import type { VendorFixture } from '../../support/tenancy.ts';

/**
 * The shop's catalogue as a shopper's browser calls it (SPEC.md 4.3 GET /products, GET
 * /products/{id}): the storefront page's Referer names the vendor, the language cookie or
 * Accept-Language the language. A shop shows its vendor's active products only.
 */
describe("shop catalogue: a shopper browses, searches and filters the shop's products", () => {
  let app: TestApp;
  let f: CatalogueShops;
  let shop: VendorFixture;
  let other: VendorFixture;
  let german: VendorFixture;
  let p: Record<string, any>;
  let sku: string;
  const stock = (v: VendorFixture, productId: number, quantity: number) => f.stock(v, productId, quantity);
  const browse = (v: VendorFixture, path: string, language: { cookie?: string; accept?: string } = {}) => f.browse(v, path, language);
  const list = (v: VendorFixture, query: string, language?: { cookie?: string; accept?: string }) => f.list(v, query, language);
  const ids = (res: { body: any }) => f.ids(res);

  before(async () => {
    app = await testApp();
    f = await catalogueShops(app);
    ({ shop, other, german, p, sku } = f);
  });

  describe('what the shop shows', () => {
    it("lists the context vendor's active products only: never another vendor's, an inactive one or the placeholder", async () => {
      const res = await list(shop, '');
      expect(ids(res)).to.have.members([p.knife.id, p.hose.id, p.ebook.id, p.pot.id]);
      expect(res.body).to.include({ total: 4, total_exact: true, page: 1, limit: 100 });
      const placeholder = await placeholderOf(app, shop.vendorId);
      expect(ids(res)).not.to.include(placeholder);
      expect(ids(await list(other, ''))).to.deep.equal([p.foreign.id]);
    });

    it("answers 404 for another vendor's product, an inactive one, the placeholder and an unknown id alike", async () => {
      const placeholder = await placeholderOf(app, shop.vendorId);
      for (const id of [p.foreign.id, p.hidden.id, placeholder, 2_000_000_000]) {
        const res = await browse(shop, `/products/${id}`);
        expect(res.status, `product ${id}`).to.equal(404);
        expect(res.body).to.include({ code: 'ProductNotFoundException', status: 404, detail: `Product ${id} not found` });
      }
      expect((await browse(other, `/products/${p.knife.id}`)).status).to.equal(404);
    });

    it("gives prices in cents and formatted for the shopper's language, the sale price when lower is the one charged", async () => {
      const en = (await list(shop, `search=${sku}-KNIFE`)).body.items[0];
      expect(en).to.include({ price_cents: 4990, sale_price_cents: 3990, charged_price_cents: 3990, on_sale: true, currency: 'EUR' });
      expect(en.formatted).to.deep.equal({ price: '€49.90', sale_price: '€39.90', charged_price: '€39.90' });
      const fr = (await list(shop, `search=${sku}-KNIFE`, { cookie: 'fr' })).body.items[0];
      expect(fr.formatted.charged_price)
        .to.equal(formatMoney(3990, 'EUR', 'fr'))
        .and.match(/^39,90\s€$/u);
      const hose = (await list(shop, `search=${sku}-HOSE`)).body.items[0];
      expect(hose).to.include({ sale_price_cents: null, charged_price_cents: 2500, on_sale: false });
      expect(hose.formatted.sale_price).to.equal(null);
    });

    it("tells what can be bought: stock on hand over the product's locations, digital products always", async () => {
      const byId = new Map((await list(shop, '')).body.items.map((i: any) => [i.id, i.availability]));
      expect(byId.get(p.knife.id)).to.deep.equal({ in_stock: true, unlimited: false, available_quantity: 7 });
      expect(byId.get(p.hose.id)).to.deep.equal({ in_stock: false, unlimited: false, available_quantity: 0 });
      expect(byId.get(p.ebook.id)).to.deep.equal({ in_stock: true, unlimited: true, available_quantity: null });
    });
  });

  describe("the shopper's language", () => {
    it('serves French to a shopper whose language cookie says fr', async () => {
      const res = await list(shop, '', { cookie: 'fr' });
      expect(res.body).to.include({ language: 'fr', language_source: 'cookie' });
      expect(res.headers.get('content-language')).to.equal('fr');
      const knife = res.body.items.find((i: any) => i.id === p.knife.id);
      expect(knife).to.include({ language: 'fr', title: 'Couteau de chef', description: 'Lame en acier forgé' });
    });

    it('serves French to a browser that asks for it (Accept-Language), the cookie winning over the browser', async () => {
      const res = await list(shop, '', { accept: 'fr-LU,fr;q=0.9,en;q=0.5' });
      expect(res.body).to.include({ language: 'fr', language_source: 'accept-language' });
      expect(res.body.items.find((i: any) => i.id === p.knife.id).title).to.equal('Couteau de chef');
      const cookie = await list(shop, '', { cookie: 'en', accept: 'fr' });
      expect(cookie.body).to.include({ language: 'en', language_source: 'cookie' });
      expect(cookie.body.items.find((i: any) => i.id === p.knife.id).title).to.equal('Chef knife');
    });

    it("falls back to the vendor's storefront language, passing over a language the shop does not offer", async () => {
      const plain = await list(german, '');
      expect(plain.body).to.include({ language: 'de', language_source: 'vendor' });
      expect(plain.body.items[0]).to.include({ title: 'Stieltopf', language: 'de' });
      expect(plain.body.items[0].formatted.price).to.equal(formatMoney(1000, 'EUR', 'de'));
      const notOffered = await list(german, '', { cookie: 'lb', accept: 'lb' });
      expect(notOffered.body).to.include({ language: 'de', language_source: 'vendor' });
      expect((await list(german, '', { accept: 'fr' })).body.items[0]).to.include({ title: 'Casserole', language: 'fr' });
    });

    it('shows a product lacking the language in the storefront language, else in one it has, and says which', async () => {
      const fr = (await list(shop, '', { cookie: 'fr' })).body.items;
      expect(fr.find((i: any) => i.id === p.hose.id)).to.include({ language: 'en', title: 'Garden hose' });
      expect(fr.find((i: any) => i.id === p.pot.id)).to.include({ language: 'de', title: 'Kochtopf', description: 'Edelstahl, 24 cm' });
    });
  });

  describe('search', () => {
    const found = async (term: string, language?: { cookie?: string }) =>
      ids(await list(shop, `search=${encodeURIComponent(term)}`, language));

    it('finds a part of a title in any letter case, in any language the product has', async () => {
      expect(await found('CHEF KN')).to.deep.equal([p.knife.id]);
      expect(await found('couteau')).to.have.members([p.knife.id, p.ebook.id]);
      expect(await found('kochtopf')).to.deep.equal([p.pot.id]);
    });

    it('finds a part of a description', async () => {
      expect(await found('frost-proof')).to.deep.equal([p.hose.id]);
      expect(await found('acier forgé')).to.deep.equal([p.knife.id]);
    });

    it('finds by brand, GTIN (also in its 14-digit form) and SKU', async () => {
      expect(await found('gardena')).to.deep.equal([p.hose.id]);
      expect(await found('zwilling')).to.have.members([p.knife.id, p.ebook.id]);
      expect(await found(p.knife.gtin)).to.deep.equal([p.knife.id]);
      expect(await found(p.knife.gtin.padStart(14, '0'))).to.deep.equal([p.knife.id]);
      expect(await found(`${sku}-po`)).to.deep.equal([p.pot.id]);
    });

    it('never finds what the shop does not show, and treats % and _ as plain characters', async () => {
      expect(await found('retired')).to.deep.equal([]);
      expect(await found('another shop')).to.deep.equal([]);
      expect(await found('%')).to.deep.equal([]);
      expect(await found('_')).to.deep.equal([]);
    });
  });

  describe('filters', () => {
    it('filters on the price charged (the sale price when lower), both ends included', async () => {
      expect(ids(await list(shop, 'min_price_cents=2500&max_price_cents=3990'))).to.have.members([p.hose.id, p.knife.id]);
      expect(ids(await list(shop, 'min_price_cents=4000&max_price_cents=4990'))).to.deep.equal([]);
      expect(ids(await list(shop, 'min_price_cents=5000'))).to.deep.equal([p.pot.id]);
      expect(ids(await list(shop, 'max_price_cents=999'))).to.deep.equal([p.ebook.id]);
      const reversed = await browse(shop, '/products?min_price_cents=5000&max_price_cents=100');
      expect(reversed.status).to.equal(422);
      expect(reversed.body.errors[0].pointer).to.equal('/query/min_price_cents');
    });

    it('filters on the brand, any letter case', async () => {
      expect(ids(await list(shop, 'brand=zwilling'))).to.have.members([p.knife.id, p.ebook.id]);
      expect(ids(await list(shop, 'brand=Zwil'))).to.deep.equal([]);
    });

    it('filters on the product type, a parent type holding the types under it', async () => {
      expect(ids(await list(shop, `product_type_raw=${encodeURIComponent('home > kitchen')}`))).to.deep.equal([p.knife.id]);
      expect(ids(await list(shop, 'product_type_raw=Home'))).to.have.members([p.knife.id, p.hose.id, p.pot.id]);
      expect(ids(await list(shop, 'product_type_raw=Books'))).to.deep.equal([p.ebook.id]);
    });

    it('filters on what is in stock: available units, digital products always; in_stock=false the rest', async () => {
      expect(ids(await list(shop, 'in_stock=true'))).to.have.members([p.knife.id, p.ebook.id, p.pot.id]);
      expect(ids(await list(shop, 'in_stock=false'))).to.deep.equal([p.hose.id]);
    });

    it('combines search and filters', async () => {
      expect(ids(await list(shop, 'search=knife&in_stock=true&brand=Zwilling&max_price_cents=1000'))).to.deep.equal([p.ebook.id]);
    });
  });

  describe('order and pages', () => {
    const keys: Record<string, (i: any) => string | number | null> = {
      price: (i) => i.charged_price_cents,
      created_at: (i) => i.created_at,
    };

    for (const field of ['price', 'created_at']) {
      for (const descending of [false, true]) {
        const sort = `${descending ? '-' : ''}${field}`;
        it(`sorts by ${sort}`, async () => {
          const items = (await list(shop, `sort=${sort}`)).body.items;
          expect(items).to.have.length(4);
          expect(sortedBy(items, keys[field], descending), JSON.stringify(items.map((i: any) => [i.id, keys[field](i)]))).to.equal(true);
        });
      }
    }

    it('sorts by price exactly as a shopper expects: the charged price', async () => {
      expect(ids(await list(shop, 'sort=price'))).to.deep.equal([p.ebook.id, p.hose.id, p.knife.id, p.pot.id]);
      expect(ids(await list(shop, 'sort=-price'))).to.deep.equal([p.pot.id, p.knife.id, p.hose.id, p.ebook.id]);
    });

    it('shows the newest first unless asked otherwise', async () => {
      expect(ids(await list(shop, ''))).to.deep.equal([p.pot.id, p.ebook.id, p.hose.id, p.knife.id]);
    });

    it('sorts by title in the shown language, products without one following', async () => {
      expect(ids(await list(shop, 'sort=title'))).to.deep.equal([p.knife.id, p.hose.id, p.ebook.id, p.pot.id]);
      expect(ids(await list(shop, 'sort=-title'))).to.deep.equal([p.pot.id, p.ebook.id, p.hose.id, p.knife.id]);
      // In French: "Couteau de chef" before "L'art du couteau"; the untitled ones by id.
      expect(ids(await list(shop, 'sort=title', { cookie: 'fr' }))).to.deep.equal([p.knife.id, p.ebook.id, p.hose.id, p.pot.id]);
    });

    it('pages through every product once, in every order', async () => {
      for (const sort of ['price', '-price', 'created_at', '-created_at', 'title', '-title']) {
        const seen: number[] = [];
        for (let page = 1; page <= 3; page++) {
          const res = await browse(shop, `/products?sort=${sort}&page=${page}&limit=2`);
          expect(res.body).to.include({ page, limit: 2, total: 4, total_exact: true });
          seen.push(...ids(res));
        }
        expect(seen, sort).to.deep.equal(ids(await list(shop, `sort=${sort}`)));
      }
    });

    it('refuses an unknown order, naming the allowed ones (422)', async () => {
      const res = await browse(shop, '/products?sort=bogus');
      expect(res.status).to.equal(422);
      const error = res.body.errors.find((e: any) => e.pointer === '/query/sort');
      expect(error.message).to.include('price, -price, created_at, -created_at, title, -title');
    });
  });
});
