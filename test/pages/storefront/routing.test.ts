import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { createPlatformPage, createVendorPage, newSlug, pageBody } from '../../support/contentPages.ts';
import { shopOf, type ShopFixture } from '../../support/shop.ts';
import { browse, storefrontShop, visitor } from '../../support/storefront.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

/**
 * The shop's pages reached in the forms of SPEC.md part 5 rule 2, the landing page and the
 * content pages, and every page's escaping.
 * The pages are server-rendered (docs/storefront.md).
 */
describe('the storefront pages: routing, content pages and escaping', () => {
  let app: TestApp;
  let s: ShopFixture;
  let pan: number;
  let evil: number;

  before(async () => {
    app = await testApp();
    ({ s, pan, evil } = await storefrontShop(app));
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
      await createVendorPage(
        app,
        other.ownerToken,
        pageBody(slug, {
          template: 'full',
          is_published: true,
          translations: { en: { title: 'Welcome to our shop', body: 'Fresh **every** day' } },
        }),
      );
      const res = await browse(app, 'GET', `/vendors/${other.vendorCode}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.include('Welcome to our shop').and.include('<strong>every</strong>');
      const host = await browse(app, 'GET', '/', { host: `${other.subdomain}.localhost` });
      expect(host.status).to.equal(200);
      expect(host.body).to.include('Welcome to our shop');
    });

    it("serves a content page through the catch-all, never a draft, and the shop's 404 page otherwise", async () => {
      const slug = newSlug('about');
      await createVendorPage(
        app,
        s.ownerToken,
        pageBody(slug, { is_published: true, show_in_footer: true, translations: { en: { title: 'About us', body: 'We sell pans.' } } }),
      );
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

    it("shows a vendor's published override instead of the platform default, and the default elsewhere", async () => {
      const slug = newSlug('terms');
      await createPlatformPage(
        app,
        pageBody(slug, { is_published: true, translations: { en: { title: 'Platform terms', body: 'The default text.' } } }),
      );
      await createVendorPage(
        app,
        s.ownerToken,
        pageBody(slug, { is_published: true, translations: { en: { title: 'Our terms', body: "The shop's own text." } } }),
      );
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
      const added = await v.post(`/vendors/${s.vendorCode}/shop/cart/items`, {
        _csrf: v.csrf(product.body),
        product_id: String(evil),
        quantity: '1',
      });
      expect(added.status).to.equal(303);
      const cart = await v.get(`/vendors/${s.vendorCode}/shop/cart`);
      expect(cart.body).to.include('&lt;script&gt;').and.not.include('<script>');
    });

    it('renders a CMS body with script, event handlers and javascript: links harmless', async () => {
      const slug = newSlug('xss');
      await createPlatformPage(
        app,
        pageBody(slug, {
          is_published: true,
          translations: {
            en: {
              title: '<script>alert(1)</script>',
              body: 'Hi <script>alert(2)</script> <img src=x onerror="alert(3)"> [click](javascript:alert(4))',
            },
          },
        }),
      );
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
});
