import { expect } from 'chai';
import sharp from 'sharp';
import { formatMoney } from '../../../src/core/money.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { upload } from '../../support/catalogueFiles.ts';
import { catalogueShops, type CatalogueShops } from '../../support/shopCatalogue.ts';
import { shopHeaders, type VendorFixture } from '../../support/tenancy.ts';

/**
 * A product's page in the shop (SPEC.md 4.3 GET /products/{id}): its translations, price, VAT
 * category, availability and uploaded images with their three variants; another shop's product,
 * an inactive one and the placeholder are all "not found".
 */
describe("shop catalogue: a product's page", () => {
  let app: TestApp;
  let f: CatalogueShops;
  let shop: VendorFixture;
  let other: VendorFixture;
  let p: Record<string, any>;
  let sku: string;
  const create = (v: VendorFixture, body: Record<string, unknown>) => f.create(v, body);
  const browse = (v: VendorFixture, path: string, language: { cookie?: string; accept?: string } = {}) => f.browse(v, path, language);
  const list = (v: VendorFixture, query: string, language?: { cookie?: string; accept?: string }) => f.list(v, query, language);

  before(async () => {
    app = await testApp();
    f = await catalogueShops(app);
    ({ shop, other, p, sku } = f);
  });

  describe("a product's page", () => {
    let png: Buffer;
    let image: any;

    before(async () => {
      png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 40, b: 40 } } })
        .png()
        .toBuffer();
      const res = await upload(
        app,
        '/api/v1/vendor/media/images',
        shop.ownerToken,
        { product_id: String(p.knife.id) },
        { name: 'knife.png', data: png, type: 'image/png' },
      );
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      image = res.body;
    });

    it("shows every translation, the price, the VAT rate category and the availability, in the shopper's language", async () => {
      const res = await browse(shop, `/products/${p.knife.id}`, { accept: 'fr' });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body).to.include({
        id: p.knife.id,
        language: 'fr',
        title: 'Couteau de chef',
        price_cents: 4990,
        sale_price_cents: 3990,
        charged_price_cents: 3990,
        vat_rate_category: 'standard',
        brand: 'Zwilling',
        gtin: p.knife.gtin,
      });
      expect(res.body.translations).to.deep.equal({
        en: { title: 'Chef knife', description: 'Forged steel blade', short_description: null },
        fr: { title: 'Couteau de chef', description: 'Lame en acier forgé', short_description: null },
      });
      expect(res.body.languages).to.deep.equal(['en', 'fr']);
      expect(res.body.availability).to.deep.equal({ in_stock: true, unlimited: false, available_quantity: 7 });
      expect(res.body.formatted.price).to.equal(formatMoney(4990, 'EUR', 'fr'));
      const pot = await browse(shop, `/products/${p.pot.id}`);
      expect(pot.body).to.include({ vat_rate_category: 'reduced', language: 'de', title: 'Kochtopf' });
      const ebook = await browse(shop, `/products/${p.ebook.id}`);
      expect(ebook.body.availability).to.deep.equal({ in_stock: true, unlimited: true, available_quantity: null });
    });

    it('lists the uploaded images with their three variants, and the client loads each from the shop', async () => {
      const res = await browse(shop, `/products/${p.knife.id}`);
      expect(res.body.images).to.have.length(1);
      const [shown] = res.body.images;
      expect(shown).to.include({ id: image.id, width: 1200, height: 900 });
      expect(shown.variants.map((v: any) => [v.variant, v.width, v.height])).to.deep.equal([
        ['original', 1200, 900],
        ['800', 800, 600],
        ['200', 200, 150],
      ]);
      for (const v of shown.variants) {
        const file = await fetch(app.url + v.url, { headers: shopHeaders(shop.vendorCode) });
        expect(file.status, v.url).to.equal(200);
        expect(file.headers.get('content-type')).to.equal('image/webp');
        const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.height]).to.deep.equal(['webp', v.width, v.height]);
      }
      const item = (await list(shop, `search=${sku}-KNIFE`)).body.items[0];
      expect(item.thumbnail_url).to.equal(shown.variants[2].url);
      expect(item.image_url).to.equal(shown.variants[1].url);
    });

    it("serves an image only as a picture of the shop's product it belongs to", async () => {
      const url = `/api/v1/shop/products/${p.knife.id}/images/${image.id}/200`;
      expect((await fetch(app.url + url, { headers: shopHeaders(other.vendorCode) })).status).to.equal(404);
      const wrongProduct = await fetch(`${app.url}/api/v1/shop/products/${p.hose.id}/images/${image.id}/200`, {
        headers: shopHeaders(shop.vendorCode),
      });
      expect(wrongProduct.status).to.equal(404);
      expect((await wrongProduct.json()).code).to.equal('MediaNotFoundException');
    });

    it('has no uploaded images when none were uploaded, and no sized variants of a linked picture', async () => {
      const linked = await create(shop, {
        vendor_sku: `${sku}-LINK`,
        price_cents: 500,
        title: 'Linked picture',
        image_link: 'https://cdn.example/linked.jpg',
      });
      const res = await browse(shop, `/products/${linked.id}`);
      expect(res.body).to.include({ image_link: 'https://cdn.example/linked.jpg', thumbnail_url: 'https://cdn.example/linked.jpg' });
      expect(res.body.images).to.deep.equal([]);
      expect((await browse(shop, `/products/${p.hose.id}`)).body).to.include({ image_link: null, thumbnail_url: null, image_url: null });
    });
  });

  /** The vendor's placeholder product, created when the vendor was (a process manager). */
});
