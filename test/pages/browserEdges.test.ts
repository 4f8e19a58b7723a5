import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import type { Browser, Page } from 'puppeteer-core';
import { browser, closeBrowser } from '../../src/adapters/pdf/browser.ts';
import { testApp, type TestApp } from '../support/app.ts';
import { describeInBrowser } from '../support/browserSuite.ts';
import { upload } from '../support/catalogueFiles.ts';
import { ok, shopOf, stockedProduct, type ShopFixture } from '../support/shop.ts';
import { createVendorWithOwner } from '../support/tenancy.ts';

const ARTIFACTS = 'test-artifacts/edges';

/**
 * What a browser sees at the edges of the service, in headless Debian chromium: the home page
 * that leads to the sign-in pages and the shops, the service's icon, a "not found" page in HTML
 * (in the shop's frame under a shop), product pictures in the list and on the product page (a
 * neutral placeholder without one), and a cart that states the VAT its prices include, per rate.
 * Screenshots go to test-artifacts/edges/.
 */
describeInBrowser('the edges a browser sees', function () {
  this.timeout(180_000);
  let app: TestApp;
  let s: ShopFixture;
  let chromium: Browser;
  let page: Page;
  let pictured: number;
  let plain: number;

  before(async () => {
    app = await testApp();
    s = shopOf(
      app,
      await createVendorWithOwner(app, {
        vendor: { name: 'Atelier Lumière', storefront_language: 'en', storefront_languages: ['en', 'fr'] },
      }),
    );
    await ok(app.call('POST', `/api/v1/admin/vendors/${s.vendorId}/theme/presets/classic`, { token: await app.adminToken() }), 'theme');
    pictured = await stockedProduct(s, { title: 'Brass lamp', price_cents: 12900 }, 4);
    plain = await stockedProduct(s, { title: 'Cookbook', price_cents: 2400, vat_rate_category: 'super_reduced' }, 6);
    const png = await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 196, g: 150, b: 60 } } })
      .png()
      .toBuffer();
    await ok(
      upload(
        app,
        '/api/v1/vendor/media/images',
        s.ownerToken,
        { product_id: String(pictured) },
        { name: 'lamp.png', data: png, type: 'image/png' },
      ),
      'image',
    );
    mkdirSync(ARTIFACTS, { recursive: true });
    chromium = await browser();
    page = await chromium.newPage();
    await page.setJavaScriptEnabled(false);
    await page.setViewport({ width: 1200, height: 900 });
  });

  after(async () => {
    await page?.close().catch(() => {});
    await closeBrowser();
  });

  const text = () => page.evaluate(() => document.body.innerText);
  /** Every <img> of the page with whether the browser could draw it. */
  const images = () =>
    page.evaluate(() => [...document.images].map((i) => ({ src: new URL(i.src).pathname, drawn: i.complete && i.naturalWidth > 0 })));

  it("leads from the home page to the admin and vendor sign-in pages and to the shops, under the service's icon", async () => {
    await page.goto(`${app.url}/`, { waitUntil: 'load' });
    const links = await page.$$eval('a', (as) => as.map((a) => new URL(a.href).pathname));
    expect(links).to.include.members(['/admin/login', '/vendor/login', '/docs', `/vendors/${s.vendorCode}/shop/`]);
    expect(await page.$eval('link[rel=icon]', (l) => new URL((l as HTMLLinkElement).href).pathname)).to.equal('/favicon.svg');
    const icon = await app.call('GET', '/favicon.svg');
    expect([icon.status, icon.headers.get('content-type'), String(icon.body).slice(0, 4)]).to.deep.equal([200, 'image/svg+xml', '<svg']);
    await page.screenshot({ path: `${ARTIFACTS}/home.png`, fullPage: true });
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('#vendor-sign-in')]);
    expect(new URL(page.url()).pathname).to.equal('/vendor/login');
  });

  it("answers an unknown page with an HTML 404: the service's page, and the shop's own under a shop", async () => {
    const service = await page.goto(`${app.url}/no/such/page`, { waitUntil: 'load' });
    expect(service!.status()).to.equal(404);
    expect(service!.headers()['content-type']).to.match(/^text\/html/);
    expect(await text()).to.include('Page not found');
    await page.screenshot({ path: `${ARTIFACTS}/not-found.png` });

    for (const path of [`/vendors/${s.vendorCode}/shop/no-such-page`, `/vendors/${s.vendorCode}/deep/unknown/path`]) {
      const shop = await page.goto(`${app.url}${path}`, { waitUntil: 'load' });
      expect(shop!.status(), path).to.equal(404);
      expect(await page.title(), path).to.include('Atelier Lumière');
      expect(await page.$$eval('header.site nav a', (as) => as.length), path).to.be.greaterThan(0);
    }
    await page.screenshot({ path: `${ARTIFACTS}/shop-not-found.png` });
  });

  it('shows product pictures in the list and on the product page, and a placeholder for a product without one', async () => {
    await page.goto(`${app.url}/vendors/${s.vendorCode}/shop/`, { waitUntil: 'load' });
    const listed = await images();
    expect(listed.filter((i) => i.src.startsWith(`/api/v1/shop/products/${pictured}/images/`))).to.have.length(1);
    expect(listed.filter((i) => i.src === '/assets/product-placeholder.svg')).to.have.length.at.least(1);
    expect(
      listed.every((i) => i.drawn),
      JSON.stringify(listed),
    ).to.equal(true);
    await page.screenshot({ path: `${ARTIFACTS}/catalogue.png`, fullPage: true });

    await page.goto(`${app.url}/vendors/${s.vendorCode}/shop/products/${pictured}`, { waitUntil: 'load' });
    const detail = await images();
    expect(detail).to.have.length(1);
    expect(detail[0].src).to.match(new RegExp(`^/api/v1/shop/products/${pictured}/images/\\d+/800$`));
    expect(detail[0].drawn).to.equal(true);
    await page.screenshot({ path: `${ARTIFACTS}/product.png` });

    await page.goto(`${app.url}/vendors/${s.vendorCode}/shop/products/${plain}`, { waitUntil: 'load' });
    expect(await images()).to.deep.equal([{ src: '/assets/product-placeholder.svg', drawn: true }]);
  });

  it('states in the cart that its prices include VAT, per rate', async () => {
    for (const id of [pictured, plain]) {
      await page.goto(`${app.url}/vendors/${s.vendorCode}/shop/products/${id}`, { waitUntil: 'load' });
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('form.add-to-cart button')]);
    }
    expect(new URL(page.url()).pathname).to.equal(`/vendors/${s.vendorCode}/shop/cart`);
    const vat = await page.$$eval('#cart-vat li', (lis) => lis.map((li) => (li as HTMLElement).innerText));
    // Luxembourg: the lamp at the standard 17 %, the cookbook at the super-reduced 3 %; prices include it.
    expect(vat).to.deep.equal(['Prices include 17 % VAT: €18.74', 'Prices include 3 % VAT: €0.70']);
    await page.screenshot({ path: `${ARTIFACTS}/cart.png`, fullPage: true });
  });
});
