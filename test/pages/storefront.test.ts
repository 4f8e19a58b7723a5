import { expect } from 'chai';
import { request } from 'node:http';
import { testApp, type TestApp } from '../support/app.ts';
import { createPlatformPage, createVendorPage, newSlug, pageBody } from '../support/contentPages.ts';
import { ok, shopOf, stockedProduct, type ShopFixture } from '../support/shop.ts';
import { createVendorWithOwner } from '../support/tenancy.ts';
import { orderStatusText } from '../../src/pages/storefront/messages.ts';

interface PageReply { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** A browser's request: node:http, so the Host header can name a vendor's subdomain. */
function browse(app: TestApp, method: string, path: string, headers: Record<string, string> = {}, form?: Record<string, string>): Promise<PageReply> {
  return new Promise((resolve, reject) => {
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const req = request(`${app.url}${path}`, {
      method, headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) } : {}) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { text += c; });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A visitor with a cookie jar, on one host. */
function visitor(app: TestApp, host?: string) {
  const jar = new Map<string, string>();
  const send = async (method: string, path: string, form?: Record<string, string>, extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = { ...extra };
    if (host) headers.host = host;
    if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await browse(app, method, path, headers, form);
    for (const c of [res.headers['set-cookie'] ?? []].flat()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  };
  return {
    jar,
    get: (path: string, headers?: Record<string, string>) => send('GET', path, undefined, headers),
    post: (path: string, form: Record<string, string>) => send('POST', path, form),
    /** The form token the pages put in every form. */
    csrf: (page: string) => /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? '',
  };
}

/**
 * The server-rendered storefront (docs/storefront.md): the shop's pages reached in the forms of
 * SPEC.md part 5 rule 2, the landing page and content pages, escaping, and forms that refuse a
 * request without the visitor's form token.
 */
describe('the storefront pages', () => {
  let app: TestApp;
  let s: ShopFixture;
  let pan: number;
  let evil: number;

  before(async () => {
    app = await testApp();
    s = shopOf(app, await createVendorWithOwner(app, { vendor: { storefront_language: 'en', storefront_languages: ['en', 'fr', 'de', 'lb'] } }));
    pan = await stockedProduct(s, { title: 'Copper pan', brand: 'Cuivre', price_cents: 4599, translations: { de: { title: 'Kupferpfanne' } } }, 3);
    evil = await stockedProduct(s, { title: '<script>alert("x")</script> Knife' }, 2);
  });

  describe('routing and the vendor', () => {
    it('serves the catalogue on the path form, with links that stay in the path form', async () => {
      const v = visitor(app);
      const res = await v.get(`/vendors/${s.vendorCode}/shop/`);
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.match(/^text\/html/);
      expect(res.headers['content-security-policy']).to.include("default-src 'none'");
      expect(res.body).to.include('Copper pan');
      expect(res.body).to.include(`href="/vendors/${s.vendorCode}/shop/products/${pan}"`);
      expect(res.body).to.include(`action="/vendors/${s.vendorCode}/shop/language"`);
    });

    it('serves the same shop on its subdomain, with links in the host form', async () => {
      const v = visitor(app, `${s.subdomain}.localhost`);
      const res = await v.get('/shop/');
      expect(res.status).to.equal(200);
      expect(res.body).to.include(`href="/shop/products/${pan}"`);
      expect(res.body).not.to.include('/vendors/');
      const product = await v.get(`/shop/products/${pan}`);
      expect(product.status).to.equal(200);
      expect(product.body).to.include('Copper pan').and.include('action="/shop/cart/items"');
    });

    it('answers 404 for an unknown shop, and for /shop on the platform host', async () => {
      expect((await browse(app, 'GET', '/vendors/NO-SUCH-SHOP/shop/')).status).to.equal(404);
      expect((await browse(app, 'GET', '/shop/')).status).to.equal(404);
      expect((await browse(app, 'GET', '/shop/', { host: 'no-such-shop.localhost' })).status).to.equal(404);
      // A Referer naming a shop does not make a page of it: a page is where the visitor is.
      expect((await browse(app, 'GET', '/shop/', { referer: `http://localhost/vendors/${s.vendorCode}/shop/` })).status).to.equal(404);
    });

    it('redirects the vendor root to its shop when it has no landing page, on both forms', async () => {
      const path = await browse(app, 'GET', `/vendors/${s.vendorCode}/`);
      expect(path.status).to.equal(303);
      expect(path.headers.location).to.equal(`/vendors/${s.vendorCode}/shop/`);
      const host = await browse(app, 'GET', '/', { host: `${s.subdomain}.localhost` });
      expect(host.status).to.equal(303);
      expect(host.headers.location).to.equal('/shop/');
      // The platform host keeps its home page.
      const home = await browse(app, 'GET', '/');
      expect(home.status).to.equal(200);
      expect(home.body).to.include('Commerce back-office');
    });

    it('serves the landing page (a published page with template full) at the vendor root', async () => {
      const other = shopOf(app, await createVendorWithOwner(app));
      const slug = newSlug('welcome');
      await createVendorPage(app, other.ownerToken, pageBody(slug, { template: 'full', is_published: true,
        translations: { en: { title: 'Welcome to our shop', body: 'Fresh **every** day' } } }));
      const res = await browse(app, 'GET', `/vendors/${other.vendorCode}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.include('Welcome to our shop').and.include('<strong>every</strong>');
      const host = await browse(app, 'GET', '/', { host: `${other.subdomain}.localhost` });
      expect(host.status).to.equal(200);
      expect(host.body).to.include('Welcome to our shop');
    });

    it('serves a content page through the catch-all, never a draft, and the shop\'s 404 page otherwise', async () => {
      const slug = newSlug('about');
      await createVendorPage(app, s.ownerToken, pageBody(slug, { is_published: true, show_in_footer: true,
        translations: { en: { title: 'About us', body: 'We sell pans.' } } }));
      const draft = newSlug('draft');
      await createVendorPage(app, s.ownerToken, pageBody(draft));
      const res = await browse(app, 'GET', `/vendors/${s.vendorCode}/${slug}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.include('About us').and.include('We sell pans.');
      const host = await browse(app, 'GET', `/${slug}`, { host: `${s.subdomain}.localhost` });
      expect(host.status).to.equal(200);
      expect(host.body).to.include('We sell pans.');
      // The footer links to it in the visitor's form.
      expect((await browse(app, 'GET', `/vendors/${s.vendorCode}/shop/`)).body).to.include(`href="/vendors/${s.vendorCode}/${slug}"`);
      // SPEC.md 4.3's own form of the catch-all, /{vendor_code}/{slug}, on the platform host.
      const short = await browse(app, 'GET', `/${s.vendorCode}/${slug}`);
      expect(short.status).to.equal(200);
      expect(short.body).to.include('We sell pans.').and.include(`href="/vendors/${s.vendorCode}/shop/`);
      expect((await browse(app, 'GET', `/${s.vendorCode}/${draft}`)).status).to.equal(404);
      expect((await browse(app, 'GET', `/${s.vendorCode}/${slug}`, { host: `${s.subdomain}.localhost` })).status).to.equal(404);
      const hidden = await browse(app, 'GET', `/vendors/${s.vendorCode}/${draft}`);
      expect(hidden.status).to.equal(404);
      expect(hidden.body).to.include('Page not found');
      expect(hidden.headers['content-type']).to.match(/^text\/html/);
    });

    it('shows a vendor\'s published override instead of the platform default, and the default elsewhere', async () => {
      const slug = newSlug('terms');
      await createPlatformPage(app, pageBody(slug, { is_published: true, translations: { en: { title: 'Platform terms', body: 'The default text.' } } }));
      await createVendorPage(app, s.ownerToken, pageBody(slug, { is_published: true, translations: { en: { title: 'Our terms', body: 'The shop\'s own text.' } } }));
      const own = await browse(app, 'GET', `/vendors/${s.vendorCode}/${slug}`);
      expect(own.body).to.include('Our terms').and.not.include('The default text.');
      const other = await createVendorWithOwner(app);
      const fallback = await browse(app, 'GET', `/vendors/${other.vendorCode}/${slug}`);
      expect(fallback.body).to.include('Platform terms').and.include('The default text.');
    });

    it('never shadows a real route: /docs, /health and the API answer as before, also on a vendor host', async () => {
      const host = `${s.subdomain}.localhost`;
      expect((await browse(app, 'GET', '/docs', { host })).body).to.include('swagger-ui');
      expect((await browse(app, 'GET', '/health', { host })).status).to.equal(200);
      const api = await browse(app, 'GET', '/api/v1/shop/vendor', { host });
      expect(JSON.parse(api.body).vendor_code).to.equal(s.vendorCode);
      const unknown = await browse(app, 'GET', '/no-such-route');
      expect(unknown.status).to.equal(404);
      expect(JSON.parse(unknown.body).code).to.equal('RouteNotFound');
      // Two segments that name no shop are the plain 404 too, and the API's unknown paths stay the API's.
      expect((await browse(app, 'GET', '/docs/no-such-page')).status).to.equal(404);
      expect(JSON.parse((await browse(app, 'GET', '/api/v1/no-such-area')).body).code).to.equal('RouteNotFound');
    });
  });

  describe('escaping', () => {
    it('shows a product title with markup as text on the catalogue, product and cart pages', async () => {
      const v = visitor(app);
      const list = await v.get(`/vendors/${s.vendorCode}/shop/?search=Knife`);
      expect(list.body).to.include('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Knife');
      expect(list.body).not.to.include('<script>');
      const product = await v.get(`/vendors/${s.vendorCode}/shop/products/${evil}`);
      expect(product.body).not.to.include('<script>');
      const added = await v.post(`/vendors/${s.vendorCode}/shop/cart/items`, { _csrf: v.csrf(product.body), product_id: String(evil), quantity: '1' });
      expect(added.status).to.equal(303);
      const cart = await v.get(`/vendors/${s.vendorCode}/shop/cart`);
      expect(cart.body).to.include('&lt;script&gt;').and.not.include('<script>');
    });

    it('renders a CMS body with script, event handlers and javascript: links harmless', async () => {
      const slug = newSlug('xss');
      await createPlatformPage(app, pageBody(slug, { is_published: true, translations: { en: {
        title: '<script>alert(1)</script>', body: 'Hi <script>alert(2)</script> <img src=x onerror="alert(3)"> [click](javascript:alert(4))' } } }));
      const res = await browse(app, 'GET', `/vendors/${s.vendorCode}/${slug}`);
      expect(res.status).to.equal(200);
      // The service's own script file is the one script element a page has.
      expect(res.body.replace('<script src="/assets/storefront.js" defer></script>', '')).not.to.match(/<script/i);
      expect(res.body, 'no element with an event handler').not.to.match(/<[^>]*\son\w+\s*=/i);
      expect(res.body).not.to.match(/href="javascript:/i);
      expect(res.body).to.include('&lt;script&gt;alert(1)&lt;/script&gt;');
    });

    it('echoes a search term escaped', async () => {
      const res = await browse(app, 'GET', `/vendors/${s.vendorCode}/shop/?search=${encodeURIComponent('"><script>x</script>')}`);
      expect(res.status).to.equal(200);
      expect(res.body).not.to.include('<script>x');
      expect(res.body).to.include('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    });
  });

  describe('language, search and pages', () => {
    it('switches the language with a form, then shows German texts and German prices', async () => {
      const v = visitor(app);
      const first = await v.get(`/vendors/${s.vendorCode}/shop/products/${pan}`);
      expect(first.body).to.include('<html lang="en"').and.include('Add to cart');
      const switched = await v.post(`/vendors/${s.vendorCode}/shop/language`, {
        _csrf: v.csrf(first.body), language: 'de', return: `/vendors/${s.vendorCode}/shop/products/${pan}`,
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
      const res = await v.post(`/vendors/${s.vendorCode}/shop/language`, { _csrf: v.csrf(first.body), language: 'fr', return: '//evil.example/' });
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
      expect(cookie).to.match(/httponly/i).and.match(/samesite=lax/i).and.match(/path=\//i);
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

    it('refuses a form without the visitor\'s token, or with another visitor\'s, and changes nothing', async () => {
      const v = visitor(app);
      const page = await v.get(`/vendors/${s.vendorCode}/shop/products/${pan}`);
      const other = visitor(app);
      const otherToken = other.csrf((await other.get(`/vendors/${s.vendorCode}/shop/`)).body);
      expect(otherToken).to.have.length(43);
      for (const form of <Record<string, string>[]>[{ product_id: String(pan) }, { product_id: String(pan), _csrf: otherToken }, { product_id: String(pan), _csrf: '' }]) {
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
      for (const form of <Record<string, string>[]>[{ product_id: 'x' }, { product_id: String(pan), quantity: '0' }, { product_id: '999999999' }]) {
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
          expect(orderStatusText(language, status), `${language} ${status}`).not.to.equal(status).and.not.to.match(/^storefront\./);
        }
      }
      expect(orderStatusText('de', 'partially_shipped')).to.equal('Teilweise versandt');
    });
  });

  describe('the progressive script', () => {
    it('is the service\'s own file, the only script the pages allow, and the header counts the cart without it', async () => {
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

  describe('sign-in, registration and the account page', () => {
    it('redirects the account page to sign-in with the way back, registers, and comes back signed in', async () => {
      const v = visitor(app);
      const account = `/vendors/${s.vendorCode}/shop/account`;
      const away = await v.get(account);
      expect(away.status).to.equal(303);
      expect(away.headers.location).to.equal(`/vendors/${s.vendorCode}/shop/login?return=${encodeURIComponent(account)}`);
      const login = await v.get(away.headers.location as string);
      expect(login.status).to.equal(200);
      expect(login.body).to.include(`value="${account}"`);
      const register = await v.get(`/vendors/${s.vendorCode}/shop/register?return=${encodeURIComponent(account)}`);
      const email = `page-${Date.now()}@customer.test`;
      const weak = await v.post(`/vendors/${s.vendorCode}/shop/register`, {
        _csrf: v.csrf(register.body), return: account, email, password: 'short', first_name: '<b>Ada</b>', last_name: 'Lovelace',
      });
      expect(weak.status).to.equal(422);
      expect(weak.body).to.include('Please check the fields: Password.').and.include('value="&lt;b&gt;Ada&lt;/b&gt;"');
      const created = await v.post(`/vendors/${s.vendorCode}/shop/register`, {
        _csrf: v.csrf(register.body), return: account, email, password: 'a-long-password-1', first_name: '<b>Ada</b>', last_name: 'Lovelace',
      });
      expect(created.status).to.equal(303);
      expect(created.headers.location).to.equal(account);
      const cookie = [created.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`sf_customer_${s.vendorId}=`))!;
      expect(cookie).to.match(/httponly/i).and.match(/samesite=lax/i).and.match(/path=\/;/i);
      const mine = await v.get(account);
      expect(mine.status).to.equal(200);
      expect(mine.body).to.include('Hello &lt;b&gt;Ada&lt;/b&gt; Lovelace').and.include(email);
      // The subdomain form of the same shop is another origin: its own cookie, so signed out there.
      expect((await browse(app, 'GET', '/shop/account', { host: `${s.subdomain}.localhost` })).headers.location).to.equal('/shop/login?return=%2Fshop%2Faccount');

      const again = await v.post(`/vendors/${s.vendorCode}/shop/register`, {
        _csrf: v.csrf(register.body), return: account, email, password: 'a-long-password-1', first_name: 'Ada', last_name: 'L',
      });
      expect(again.status).to.equal(409);

      const out = await v.post(`/vendors/${s.vendorCode}/shop/logout`, { _csrf: v.csrf(mine.body) });
      expect(out.status).to.equal(303);
      expect((await v.get(account)).status).to.equal(303);

      const wrong = await v.post(`/vendors/${s.vendorCode}/shop/login`, { _csrf: v.csrf(login.body), return: account, email, password: 'not-the-password' });
      expect(wrong.status).to.equal(401);
      expect(wrong.body).to.include('Wrong e-mail or password.');
      const right = await v.post(`/vendors/${s.vendorCode}/shop/login`, { _csrf: v.csrf(login.body), return: account, email, password: 'a-long-password-1' });
      expect(right.status).to.equal(303);
      expect(right.headers.location).to.equal(account);
      expect((await v.get(account)).status).to.equal(200);
    });

    it('does not let a customer of one shop into the account page of another', async () => {
      const other = shopOf(app, await createVendorWithOwner(app));
      const v = visitor(app);
      const register = await v.get(`/vendors/${s.vendorCode}/shop/register`);
      await v.post(`/vendors/${s.vendorCode}/shop/register`, {
        _csrf: v.csrf(register.body), email: `two-${Date.now()}@customer.test`, password: 'a-long-password-1', first_name: 'Bo', last_name: 'B',
      });
      // Even with the first shop's token under the second shop's cookie name.
      v.jar.set(`sf_customer_${other.vendorId}`, v.jar.get(`sf_customer_${s.vendorId}`)!);
      expect((await v.get(`/vendors/${other.vendorCode}/shop/account`)).status).to.equal(303);
      expect((await v.get(`/vendors/${s.vendorCode}/shop/account`)).status).to.equal(200);
    });
  });

  describe('forgot and reset password', () => {
    it('mails the link of the shop API, whose page (path and host form) sets a new password once and ends the sessions', async () => {
      const base = `/vendors/${s.vendorCode}/shop`;
      const v = visitor(app);
      const register = await v.get(`${base}/register`);
      const email = `forgot-${Date.now()}@customer.test`;
      await v.post(`${base}/register`, { _csrf: v.csrf(register.body), email, password: 'a-long-password-1', first_name: 'Fay', last_name: 'Gotten' });
      expect((await v.get(`${base}/account`)).status).to.equal(200);

      const other = visitor(app);
      const login = await other.get(`${base}/login`);
      expect(login.body).to.include(`href="${base}/forgot-password"`);
      const forgot = await other.get(`${base}/forgot-password`);
      expect(forgot.status).to.equal(200);
      const bad = await other.post(`${base}/forgot-password`, { _csrf: other.csrf(forgot.body), email: 'not-an-address' });
      expect(bad.status).to.equal(422);
      // The same answer for an unknown account and a known one.
      const unknown = await other.post(`${base}/forgot-password`, { _csrf: other.csrf(forgot.body), email: `nobody-${Date.now()}@customer.test` });
      const sent = await other.post(`${base}/forgot-password`, { _csrf: other.csrf(forgot.body), email });
      expect(unknown.status).to.equal(303);
      expect(sent.headers.location).to.equal(unknown.headers.location).and.equal(`${base}/forgot-password?notice=link_sent`);
      expect((await other.get(sent.headers.location as string)).body).to.include('a link to choose a new password is on its way');

      const mail = await app.mailbox.waitFor((m) => m.to.includes(email) && /reset-password\?token=/.test(m.text), 10_000);
      const link = new URL(/(\S+\/shop\/reset-password\?token=[^\s"<]+)/.exec(mail.text)![1]);
      expect(link.pathname).to.equal(`${base}/reset-password`);
      const token = link.searchParams.get('token')!;
      // The host form of the page exists too.
      const onHost = await browse(app, 'GET', `/shop/reset-password?token=${encodeURIComponent(token)}`, { host: `${s.subdomain}.localhost` });
      expect(onHost.status).to.equal(200);
      expect(onHost.body).to.include('action="/shop/reset-password"');
      const page = await other.get(`${link.pathname}${link.search}`);
      expect(page.status).to.equal(200);
      expect(page.headers['referrer-policy']).to.equal('no-referrer');
      expect(page.body).to.include(`name="token" value="${token}"`);
      const short = await other.post(`${base}/reset-password`, { _csrf: other.csrf(page.body), token, new_password: 'short' });
      expect(short.status).to.equal(422);
      const done = await other.post(`${base}/reset-password`, { _csrf: other.csrf(page.body), token, new_password: 'a-brand-new-password' });
      expect(done.status).to.equal(303);
      expect(done.headers.location).to.equal(`${base}/login?notice=password_reset`);
      expect((await other.get(done.headers.location as string)).body).to.include('Your password has been changed');
      // Every session ended; the link works once; the new password signs in.
      expect((await v.get(`${base}/account`)).status).to.equal(303);
      const twice = await other.post(`${base}/reset-password`, { _csrf: other.csrf(page.body), token, new_password: 'yet-another-password' });
      expect(twice.status).to.equal(400);
      expect(twice.body).to.include('This link is not valid or was already used');
      const made = await other.post(`${base}/reset-password`, { _csrf: other.csrf(page.body), token: '<script>x</script>', new_password: 'yet-another-password' });
      expect(made.status).to.equal(400);
      expect(made.body).to.include('value="&lt;script&gt;x&lt;/script&gt;"');
      expect(made.body).not.to.include('<script>x');
      const signIn = await other.post(`${base}/login`, { _csrf: other.csrf(page.body), email, password: 'a-brand-new-password' });
      expect(signIn.status).to.equal(303);
    });
  });

  describe('the account: profile and address book', () => {
    const address = (n: number, extra: Record<string, string> = {}) => ({
      type: 'shipping', first_name: 'Ada', last_name: 'Book', street: `${n} rue Haute`, postal_code: `L-${1000 + n}`, city: 'Luxembourg', country_iso: 'LU', ...extra,
    });

    it('changes the names and the preferred language, and shows a name with markup escaped', async () => {
      const base = `/vendors/${s.vendorCode}/shop`;
      const v = visitor(app);
      const register = await v.get(`${base}/register`);
      await v.post(`${base}/register`, { _csrf: v.csrf(register.body), email: `profile-${Date.now()}@customer.test`, password: 'a-long-password-1', first_name: 'Pia', last_name: 'P' });
      const page = await v.get(`${base}/account`);
      expect(page.body).to.include(`action="${base}/account/profile"`).and.include('value="Pia"');
      const empty = await v.post(`${base}/account/profile`, { _csrf: v.csrf(page.body), first_name: '', last_name: 'P', preferred_language: '' });
      expect(empty.headers.location).to.equal(`${base}/account?error=profile#profile`);
      expect((await v.get(`${base}/account?error=profile`)).body).to.include('Please give a first and a last name');
      const saved = await v.post(`${base}/account/profile`, { _csrf: v.csrf(page.body), first_name: '<script>alert(1)</script>', last_name: 'Lang', preferred_language: 'fr' });
      expect(saved.status).to.equal(303);
      const after = await v.get(`${base}/account?notice=profile_saved`);
      expect(after.body).to.include('Your profile has been saved.').and.include('Hello &lt;script&gt;alert(1)&lt;/script&gt; Lang')
        .and.include('value="&lt;script&gt;alert(1)&lt;/script&gt;"').and.include('<option value="fr" lang="fr" selected>');
      expect(after.body).not.to.include('<script>alert(1)');
    });

    it('adds, edits, makes default and deletes addresses, and says so at the eleventh', async () => {
      const base = `/vendors/${s.vendorCode}/shop`;
      const v = visitor(app);
      expect((await v.get(`${base}/account/addresses/new`)).headers.location).to.equal(`${base}/login?return=${encodeURIComponent(`${base}/account/addresses/new`)}`);
      const register = await v.get(`${base}/register`);
      await v.post(`${base}/register`, { _csrf: v.csrf(register.body), email: `book-${Date.now()}@customer.test`, password: 'a-long-password-1', first_name: 'Ada', last_name: 'Book' });
      const form = await v.get(`${base}/account/addresses/new`);
      expect(form.status).to.equal(200);
      const token = v.csrf(form.body);
      const invalid = await v.post(`${base}/account/addresses`, { _csrf: token, ...address(1, { street: '', country_iso: 'XX' }) });
      expect(invalid.status).to.equal(422);
      expect(invalid.body).to.include('Please check the fields').and.include('Street');
      const added = await v.post(`${base}/account/addresses`, { _csrf: token, ...address(1) });
      expect(added.headers.location).to.equal(`${base}/account?notice=address_saved#addresses`);
      await v.post(`${base}/account/addresses`, { _csrf: token, ...address(2) });
      let page = await v.get(`${base}/account`);
      const ids = [...page.body.matchAll(/data-address="(\d+)"/g)].map((m) => m[1]);
      expect(ids).to.have.length(2);
      // The first of its type became the default; the second can be made the default.
      expect(page.body.match(/class="default"/g)).to.have.length(1);
      expect(page.body).to.include(`action="${base}/account/addresses/${ids[1]}/default"`).and.not.include(`action="${base}/account/addresses/${ids[0]}/default"`);
      await v.post(`${base}/account/addresses/${ids[1]}/default`, { _csrf: token });
      page = await v.get(`${base}/account`);
      expect(page.body).to.include(`action="${base}/account/addresses/${ids[0]}/default"`);
      // Edit.
      const edit = await v.get(`${base}/account/addresses/${ids[0]}`);
      expect(edit.body).to.include('value="1 rue Haute"');
      await v.post(`${base}/account/addresses/${ids[0]}`, { _csrf: token, ...address(1, { street: '1a <b>rue</b> Basse', type: 'billing' }) });
      page = await v.get(`${base}/account`);
      expect(page.body).to.include('1a &lt;b&gt;rue&lt;/b&gt; Basse').and.include('Billing');
      // The same data through the shop API's rules: another customer's address is unknown here.
      const stranger = visitor(app);
      const sform = await stranger.get(`${base}/register`);
      await stranger.post(`${base}/register`, { _csrf: stranger.csrf(sform.body), email: `s-${Date.now()}@customer.test`, password: 'a-long-password-1', first_name: 'S', last_name: 'T' });
      expect((await stranger.get(`${base}/account/addresses/${ids[0]}`)).status).to.equal(404);
      expect((await stranger.post(`${base}/account/addresses/${ids[0]}/delete`, { _csrf: stranger.csrf(sform.body) })).status).to.equal(404);
      // Delete.
      const deleted = await v.post(`${base}/account/addresses/${ids[0]}/delete`, { _csrf: token });
      expect(deleted.headers.location).to.equal(`${base}/account?notice=address_deleted#addresses`);
      // Up to ten; the eleventh is refused with the page's message.
      for (let n = 3; n <= 11; n++) expect((await v.post(`${base}/account/addresses`, { _csrf: token, ...address(n) })).headers.location).to.include('notice=address_saved');
      const eleventh = await v.post(`${base}/account/addresses`, { _csrf: token, ...address(12) });
      expect(eleventh.headers.location).to.equal(`${base}/account?error=address_limit#addresses`);
      page = await v.get(`${base}/account?error=address_limit`);
      expect(page.body).to.include('You can save at most 10 addresses').and.include('(10/10)');
      expect(page.body.match(/data-address=/g)).to.have.length(10);
    });
  });

  describe('checkout', () => {
    it('signs in first, places the order from the cart with a delivery address, confirms it and lists it in the account', async () => {
      const v = visitor(app);
      const base = `/vendors/${s.vendorCode}/shop`;
      const product = await v.get(`${base}/products/${pan}`);
      const token = v.csrf(product.body);
      await v.post(`${base}/cart/items`, { _csrf: token, product_id: String(pan), quantity: '1' });
      expect((await v.get(`${base}/cart`)).body).to.include(`href="${base}/checkout"`);
      const away = await v.get(`${base}/checkout`);
      expect(away.status).to.equal(303);
      expect(away.headers.location).to.equal(`${base}/login?return=${encodeURIComponent(`${base}/checkout`)}`);
      const email = `buyer-${Date.now()}@customer.test`;
      const registered = await v.post(`${base}/register`, { _csrf: token, return: `${base}/checkout`, email, password: 'a-long-password-1', first_name: 'Cleo', last_name: 'Buyer' });
      expect(registered.headers.location).to.equal(`${base}/checkout`);
      const form = await v.get(`${base}/checkout`);
      expect(form.status).to.equal(200);
      expect(form.body).to.include('Copper pan').and.include('value="Cleo"').and.include('<option value="LU" selected>');

      const missing = await v.post(`${base}/checkout`, { _csrf: token, first_name: 'Cleo', last_name: 'Buyer', street: '', postal_code: 'L-1611', city: 'Luxembourg', country_iso: 'LU' });
      expect(missing.status).to.equal(422);
      expect(missing.body).to.include('street');
      const address = { _csrf: token, first_name: 'Cleo', last_name: 'Buyer', street: '12 rue de la Gare', postal_code: 'L-1611', city: 'Luxembourg', country_iso: 'LU' };
      const placed = await v.post(`${base}/checkout`, address);
      expect(placed.status).to.equal(303);
      const confirmation = placed.headers.location as string;
      expect(confirmation).to.match(new RegExp(`^${base}/orders/\\d+\\?notice=placed$`));
      const page = await v.get(confirmation);
      expect(page.status).to.equal(200);
      expect(page.body).to.match(/Thank you! Your order \S+ has been placed\./).and.include('Copper pan').and.include('12 rue de la Gare');
      // The same form sent again places nothing more.
      const again = await v.post(`${base}/checkout`, address);
      expect(again.status).to.equal(303);
      const account = await v.get(`${base}/account`);
      expect(account.body.match(/<tr class="order">/g)).to.have.length(1);
      // Somebody else's order is not found.
      const stranger = visitor(app);
      const strangerForm = await stranger.get(`${base}/register`);
      await stranger.post(`${base}/register`, { _csrf: stranger.csrf(strangerForm.body), email: `x-${Date.now()}@customer.test`, password: 'a-long-password-1', first_name: 'X', last_name: 'Y' });
      expect((await stranger.get(confirmation)).status).to.equal(404);
    });

    it('offers the saved addresses with the default chosen, a billing address typed in and a VAT number, and shows the status in words', async () => {
      const { startViesServer } = await import('../support/viesServer.ts');
      const vies = await startViesServer({ DE811569869: { name: 'ACME GMBH', address: 'WEG 1, 10115 BERLIN' } });
      process.env.VIES_URL = vies.url;
      try {
        const v = visitor(app);
        const base = `/vendors/${s.vendorCode}/shop`;
        const register = await v.get(`${base}/register`);
        const token = v.csrf(register.body);
        await v.post(`${base}/register`, { _csrf: token, email: `saved-${Date.now()}@customer.test`, password: 'a-long-password-1', first_name: '<script>x()</script>', last_name: 'Saver' });
        const saved = { type: 'shipping', first_name: 'Dora', last_name: 'Saver', postal_code: '10115', city: 'Berlin', country_iso: 'DE' };
        await v.post(`${base}/account/addresses`, { _csrf: token, ...saved, street: 'Weg 1' });
        await v.post(`${base}/account/addresses`, { _csrf: token, ...saved, street: 'Weg 2', is_default: '1' });
        // The account lists the default first.
        const ids = [...(await v.get(`${base}/account`)).body.matchAll(/data-address="(\d+)"/g)].map((m) => m[1]);
        await v.post(`${base}/cart/items`, { _csrf: token, product_id: String(pan), quantity: '1' });
        const form = await v.get(`${base}/checkout`);
        expect(form.status).to.equal(200);
        // The default (Weg 2, added second) is chosen; billing is the delivery address unless said otherwise; the name is escaped.
        expect(form.body).to.include(`name="shipping" value="${ids[0]}" checked`).and.include(`name="shipping" value="${ids[1]}">`)
          .and.include('name="billing" value="same" checked').and.include('value="&lt;script&gt;x()&lt;/script&gt;"');
        expect(form.body).not.to.include('<script>x()');
        // Somebody else's address id, or a billing address with a field missing, is the form again.
        const foreign = await v.post(`${base}/checkout`, { _csrf: token, shipping: '999999999', billing: 'same' });
        expect(foreign.status).to.equal(422);
        const badBilling = await v.post(`${base}/checkout`, { _csrf: token, shipping: ids[1], billing: 'new', billing_first_name: 'Acme', billing_last_name: 'GmbH' });
        expect(badBilling.status).to.equal(422);
        expect(badBilling.body).to.include('Billing address');
        const badVat = await v.post(`${base}/checkout`, { _csrf: token, shipping: ids[1], billing: 'same', vat_number: '<b>' });
        expect(badVat.status).to.equal(422);
        expect(badVat.body).to.include('VAT number').and.include('value="&lt;b&gt;"');
        const placed = await v.post(`${base}/checkout`, {
          _csrf: token, shipping: ids[1], billing: 'new', vat_number: 'DE811569869', billing_first_name: 'Acme', billing_last_name: 'GmbH',
          billing_company: 'ACME GmbH', billing_street: 'Weg 1', billing_postal_code: '10115', billing_city: 'Berlin', billing_country_iso: 'DE',
        });
        expect(placed.status).to.equal(303);
        expect(placed.headers.location).to.match(/\/orders\/\d+\?notice=placed$/);
        const order = await v.get(placed.headers.location as string);
        expect(order.body).to.include('Weg 1').and.include('ACME GmbH').and.include('<span id="vat-number">DE811569869</span>')
          .and.include('<span class="status">Confirmed</span>').and.include('Germany');
        const account = await v.get(`${base}/account`);
        expect(account.body).to.include('<td class="status">Confirmed</td>');
        v.jar.set('lang', 'de');
        expect((await v.get(placed.headers.location as string)).body).to.include('Bestätigt');
      } finally {
        delete process.env.VIES_URL;
        await vies.close();
      }
    });
  });
});
