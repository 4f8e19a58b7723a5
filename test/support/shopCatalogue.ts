import { expect } from 'chai';
import { withCheckDigit } from '../../src/core/gtin.ts';
import { unique, type TestApp } from './app.ts';
import { createVendorWithOwner, shopHeaders, type VendorFixture } from './tenancy.ts';

/**
 * The shops of the shop catalogue's specifications (test/http/catalogue/shopProduct*.test.ts), made as
 * their vendors make them: a shop with a knife on sale, a hose out of stock, a digital e-book, a
 * pot in German only and a retired product; another shop with a product of the same name; a shop
 * whose storefront language is German. And a shopper's calls from the storefront page.
 */
export interface CatalogueShops {
  shop: VendorFixture;
  other: VendorFixture;
  german: VendorFixture;
  p: Record<string, any>;
  sku: string;
  gtin: () => string;
  create(v: VendorFixture, body: Record<string, unknown>): Promise<any>;
  stock(v: VendorFixture, productId: number, quantity: number): Promise<void>;
  /** A shop call from the vendor's storefront page, with the shopper's language cookie and browser language. */
  browse(v: VendorFixture, path: string, language?: { cookie?: string; accept?: string }): ReturnType<TestApp['call']>;
  list(v: VendorFixture, query: string, language?: { cookie?: string; accept?: string }): ReturnType<TestApp['call']>;
  ids(res: { body: any }): number[];
}

export async function catalogueShops(app: TestApp): Promise<CatalogueShops> {
  const p: Record<string, any> = {};
  const gtin = () => withCheckDigit(`2${String(Date.now()).slice(-7)}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`);
  const sku = unique('SKU').toUpperCase();
  const create = async (v: VendorFixture, body: Record<string, unknown>) => {
    const res = await app.call('POST', '/api/v1/vendor/products', { token: v.ownerToken, body });
    if (res.status !== 201) throw new Error(`product: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const stock = async (v: VendorFixture, productId: number, quantity: number) => {
    const res = await app.call('POST', '/api/v1/vendor/inventory', {
      token: v.ownerToken,
      body: { product_id: productId, bin_location: unique('B'), quantity },
    });
    if (res.status !== 201) throw new Error(`stock: ${res.status} ${JSON.stringify(res.body)}`);
  };
  /** A shop call from the vendor's storefront page, with the shopper's language cookie and browser language. */
  const browse = (v: VendorFixture, path: string, language: { cookie?: string; accept?: string } = {}) =>
    app.call('GET', `/api/v1/shop${path}`, {
      headers: {
        ...shopHeaders(v.vendorCode),
        ...(language.cookie ? { cookie: `lang=${language.cookie}` } : {}),
        ...(language.accept ? { 'accept-language': language.accept } : {}),
      },
    });
  const ids = (res: { body: any }) => res.body.items.map((i: any) => i.id);
  const list = async (v: VendorFixture, query: string, language?: { cookie?: string; accept?: string }) => {
    const res = await browse(v, `/products?limit=100${query ? `&${query}` : ''}`, language);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res;
  };
  const shop = await createVendorWithOwner(app);
  const other = await createVendorWithOwner(app);
  const german = await createVendorWithOwner(app, { vendor: { storefront_language: 'de', storefront_languages: ['de', 'fr', 'en'] } });
  p.knife = await create(shop, {
    vendor_sku: `${sku}-KNIFE`,
    gtin: gtin(),
    brand: 'Zwilling',
    product_type_raw: 'Home > Kitchen > Knives',
    price_cents: 4990,
    sale_price_cents: 3990,
    vat_rate_category: 'standard',
    translations: {
      en: { title: 'Chef knife', description: 'Forged steel blade' },
      fr: { title: 'Couteau de chef', description: 'Lame en acier forgé' },
    },
  });
  p.hose = await create(shop, {
    vendor_sku: `${sku}-HOSE`,
    gtin: gtin(),
    brand: 'Gardena',
    product_type_raw: 'Home > Garden',
    price_cents: 2500,
    translations: { en: { title: 'Garden hose', description: 'Twenty metres, frost-proof' } },
  });
  p.ebook = await create(shop, {
    vendor_sku: `${sku}-EBOOK`,
    brand: 'Zwilling',
    product_type_raw: 'Books',
    price_cents: 999,
    is_digital: true,
    translations: { en: { title: 'Knife skills (e-book)' }, fr: { title: "L'art du couteau (livre numérique)" } },
  });
  p.pot = await create(shop, {
    vendor_sku: `${sku}-POT`,
    brand: 'Fissler',
    product_type_raw: 'Home > Kitchenware',
    price_cents: 7900,
    vat_rate_category: 'reduced',
    translations: { de: { title: 'Kochtopf', description: 'Edelstahl, 24 cm' } },
  });
  p.hidden = await create(shop, {
    vendor_sku: `${sku}-OLD`,
    brand: 'Zwilling',
    price_cents: 100,
    is_active: false,
    title: 'Retired knife',
  });
  p.foreign = await create(other, {
    vendor_sku: `${sku}-FOREIGN`,
    brand: 'Zwilling',
    price_cents: 4990,
    title: 'Chef knife of another shop',
  });
  p.germanPot = await create(german, {
    vendor_sku: `${sku}-DE`,
    price_cents: 1000,
    translations: { en: { title: 'Saucepan' }, de: { title: 'Stieltopf' }, fr: { title: 'Casserole' } },
  });
  await stock(shop, p.knife.id, 5);
  await stock(shop, p.knife.id, 2);
  await stock(shop, p.hose.id, 0);
  await stock(shop, p.pot.id, 1);
  return { shop, other, german, p, sku, gtin, create, stock, browse, list, ids };
}
