import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { orderStatusText } from '../../../src/pages/storefront/messages.ts';
import { ok, shopOf, stockedProduct, type ShopFixture } from '../../support/shop.ts';
import { browse, storefrontShop, visitor } from '../../support/storefront.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

/**
 * The language switch, the catalogue's search and pages, the cart's forms (which refuse a request
 * without the visitor's form token), order statuses in words, and the progressive script.
 * The pages are server-rendered (docs/storefront.md).
 */
describe('the storefront pages: language, catalogue and cart', () => {
  let app: TestApp;
  let s: ShopFixture;
  let pan: number;
  let evil: number;

  before(async () => {
    app = await testApp();
    ({ s, pan, evil } = await storefrontShop(app));
  });

  describe('language, search and pages', () => {
    it('switches the language with a form, then shows German texts and German prices', async () => {
      const v = visitor(app);
      const first = await v.get(`/vendors/${s.vendorCode}/shop/products/${pan}`);
      expect(first.body).to.include('<html lang="en"').and.include('Add to cart');
      const switched = await v.post(`/vendors/${s.vendorCode}/shop/language`, {
        _csrf: v.csrf(first.body),
        language: 'de',
        return: `/vendors/${s.vendorCode}/shop/products/${pan}`,
      });
      expect(switched.status).to.equal(303);
      expect(switched.headers.location).to.equal(`/vendors/${s.vendorCode}/shop/products/${pan}`);
      expect(v.jar.get('lang')).to.equal('de');
      const german = await v.get(`/vendors/${s.vendorCode}/shop/products/${pan}`);
      expect(german.body).to.include('<html lang="de"').and.include('In den Warenkorb').and.include('Kupferpfanne');
      expect(german.body).to.match(/45,99\s€/);
    });

    it('never redirects a language switch off the site', async () => {
      const v = visitor(app);
      const first = await v.get(`/vendors/${s.vendorCode}/shop/`);
      const res = await v.post(`/vendors/${s.vendorCode}/shop/language`, {
        _csrf: v.csrf(first.body),
        language: 'fr',
        return: '//evil.example/',
      });
      expect(res.headers.location).to.equal(`/vendors/${s.vendorCode}/shop/`);
    });

    it('searches, filters by brand and pages through the catalogue', async () => {
      const many = shopOf(app, await createVendorWithOwner(app));
      for (let i = 0; i < 14; i++) await stockedProduct(many, { title: `Mug ${i}`, brand: i % 2 ? 'Odd' : 'Even' }, i === 0 ? 0 : 1);
      const base = `/vendors/${many.vendorCode}/shop/`;
      const first = await browse(app, 'GET', `${base}?search=mug`);
      expect(first.body.match(/class="card product"/g)).to.have.length(12);
      expect(first.body).to.include(`href="${base}?search=mug&amp;page=2"`);
      const second = await browse(app, 'GET', `${base}?search=mug&page=2`);
      expect(second.body.match(/class="card product"/g)).to.have.length(2);
      const odd = await browse(app, 'GET', `${base}?brand=odd`);
      expect(odd.body.match(/class="card product"/g)).to.have.length(7);
      const inStock = await browse(app, 'GET', `${base}?in_stock=1`);
      expect(inStock.body.match(/class="card product"/g)).to.have.length(12);
      expect(inStock.body).to.include('13 products');
      const garbage = await browse(app, 'GET', `${base}?page=-4&sort=drop&in_stock=maybe`);
      expect(garbage.status).to.equal(200);
    });
  });

  describe('the cart and its forms', () => {
    it('adds to the cart with a form (HttpOnly session cookie), updates, refuses too many, and removes', async () => {
      const v = visitor(app);
      const product = await v.get(`/vendors/${s.vendorCode}/shop/products/${pan}`);
      const token = v.csrf(product.body);
      const added = await v.post(`/vendors/${s.vendorCode}/shop/cart/items`, { _csrf: token, product_id: String(pan), quantity: '2' });
      expect(added.status).to.equal(303);
      expect(added.headers.location).to.equal(`/vendors/${s.vendorCode}/shop/cart?notice=added`);
      const cookie = [added.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('sf_cart='))!;
      expect(cookie)
        .to.match(/httponly/i)
        .and.match(/samesite=lax/i)
        .and.match(/path=\//i);
      expect(v.jar.get('sf_cart')).to.match(/^[A-Za-z0-9_-]{43}$/);
      const cart = await v.get(`/vendors/${s.vendorCode}/shop/cart?notice=added`);
      expect(cart.body).to.include('Copper pan').and.include('Added to your cart.').and.include('€91.98');
      // The same cart through the shop API.
      const api = await ok(s.shop('GET', `/cart/${v.jar.get('sf_cart')}`), 'cart');
      expect(api.items).to.have.length(1);
      expect(api.items[0]).to.include({ product_id: pan, quantity: 2 });

      const tooMany = await v.post(`/vendors/${s.vendorCode}/shop/cart/items/${pan}`, { _csrf: token, quantity: '9' });
      expect(tooMany.headers.location).to.equal(`/vendors/${s.vendorCode}/shop/cart?error=stock`);
      const updated = await v.post(`/vendors/${s.vendorCode}/shop/cart/items/${pan}`, { _csrf: token, quantity: '3' });
      expect(updated.headers.location).to.equal(`/vendors/${s.vendorCode}/shop/cart?notice=updated`);
      expect((await ok(s.shop('GET', `/cart/${v.jar.get('sf_cart')}`), 'cart')).items[0].quantity).to.equal(3);
      const removed = await v.post(`/vendors/${s.vendorCode}/shop/cart/items/${pan}/remove`, { _csrf: token });
      expect(removed.status).to.equal(303);
      const empty = await v.get(`/vendors/${s.vendorCode}/shop/cart`);
      expect(empty.body).to.include('Your cart is empty.');
    });

    it("refuses a form without the visitor's token, or with another visitor's, and changes nothing", async () => {
      const v = visitor(app);
      const page = await v.get(`/vendors/${s.vendorCode}/shop/products/${pan}`);
      const other = visitor(app);
      const otherToken = other.csrf((await other.get(`/vendors/${s.vendorCode}/shop/`)).body);
      expect(otherToken).to.have.length(43);
      for (const form of <Record<string, string>[]>[
        { product_id: String(pan) },
        { product_id: String(pan), _csrf: otherToken },
        { product_id: String(pan), _csrf: '' },
      ]) {
        const res = await v.post(`/vendors/${s.vendorCode}/shop/cart/items`, form);
        expect(res.status, JSON.stringify(form)).to.equal(403);
        expect(res.body).to.include('Form expired');
      }
      expect(v.jar.has('sf_cart'), 'no cart was started').to.equal(false);
      // A cross-site POST carries no cookie at all (SameSite=Lax): refused too.
      const bare = await browse(app, 'POST', `/vendors/${s.vendorCode}/shop/language`, {}, { _csrf: v.csrf(page.body), language: 'de' });
      expect(bare.status).to.equal(403);
      expect([bare.headers['set-cookie'] ?? []].flat().some((c) => c.startsWith('lang='))).to.equal(false);
    });

    it('answers a form with nonsense with a redirect, never an error', async () => {
      const v = visitor(app);
      const token = v.csrf((await v.get(`/vendors/${s.vendorCode}/shop/`)).body);
      for (const form of <Record<string, string>[]>[
        { product_id: 'x' },
        { product_id: String(pan), quantity: '0' },
        { product_id: '999999999' },
      ]) {
        const res = await v.post(`/vendors/${s.vendorCode}/shop/cart/items`, { _csrf: token, ...form });
        expect(res.status, JSON.stringify(form)).to.equal(303);
      }
      const res = await v.post(`/vendors/${s.vendorCode}/shop/cart/items/${pan}`, { _csrf: token, quantity: '2' });
      expect(res.status).to.equal(303);
    });
  });

  describe('raw codes in words', () => {
    it('names every order status in each storefront language, never by its code', () => {
      for (const language of ['en', 'fr', 'de', 'lb'] as const) {
        for (const status of ['unconfirmed', 'confirmed', 'declined', 'partially_shipped', 'shipped']) {
          expect(orderStatusText(language, status), `${language} ${status}`)
            .not.to.equal(status)
            .and.not.to.match(/^storefront\./);
        }
      }
      expect(orderStatusText('de', 'partially_shipped')).to.equal('Teilweise versandt');
    });
  });

  describe('the progressive script', () => {
    it("is the service's own file, the only script the pages allow, and the header counts the cart without it", async () => {
      const v = visitor(app);
      const base = `/vendors/${s.vendorCode}/shop`;
      const product = await v.get(`${base}/products/${pan}`);
      const csp = product.headers['content-security-policy'] as string;
      expect(csp).to.include("script-src 'self';").and.include("connect-src 'self';");
      expect(csp).not.to.match(/unsafe-inline[^;]*;.*script|script-src[^;]*unsafe/);
      expect(product.body).to.include('<script src="/assets/storefront.js" defer></script>');
      expect(product.body).to.include('<span id="cart-count" class="count" aria-live="polite">0</span>');
      await v.post(`${base}/cart/items`, { _csrf: v.csrf(product.body), product_id: String(pan), quantity: '2' });
      expect((await v.get(`${base}/`)).body).to.include('id="cart-count" class="count" aria-live="polite">2</span>');
      for (const host of [undefined, `${s.subdomain}.localhost`]) {
        const script = await browse(app, 'GET', '/assets/storefront.js', host ? { host } : {});
        expect(script.status).to.equal(200);
        expect(script.headers['content-type']).to.match(/^application\/javascript/);
        expect(script.body).to.include("document.addEventListener('submit'");
        const again = await browse(app, 'GET', '/assets/storefront.js', { 'if-none-match': script.headers.etag as string });
        expect(again.status).to.equal(304);
      }
    });
  });
});
