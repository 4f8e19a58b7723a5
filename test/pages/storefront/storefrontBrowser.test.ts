import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { browser, closeBrowser } from '../../../src/adapters/pdf/browser.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { describeInBrowser } from '../../support/browserSuite.ts';
import { createPlatformPage, createVendorPage, newSlug, pageBody } from '../../support/contentPages.ts';
import { ok, shopOf, stockedProduct, type ShopFixture } from '../../support/shop.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

const ARTIFACTS = 'test-artifacts/storefront';

/**
 * The storefront in headless Debian chromium (src/adapters/pdf/browser.ts), JavaScript off as
 * the pages need none: a visitor on the path form switches to German, searches, opens a product,
 * adds it to the cart with the form and finds it in the cart, registers, keeps an address book
 * and checks out. One visitor has JavaScript on, for the progressive cart counter. Screenshots go
 * to test-artifacts/storefront/ for a person to look at; with UPDATE_DOCS_SCREENSHOTS=1 the
 * catalogue's also to docs/images/storefront-catalogue.png, the README's picture.
 */
describeInBrowser('the storefront in a headless chromium', function () {
  this.timeout(120_000);
  let app: TestApp;
  let s: ShopFixture;
  let chromium: Browser;
  let page: Page;
  const problems: string[] = [];

  before(async () => {
    app = await testApp();
    s = shopOf(
      app,
      await createVendorWithOwner(app, {
        vendor: { name: 'Kitchen Corner', storefront_language: 'en', storefront_languages: ['en', 'fr', 'de', 'lb'] },
      }),
    );
    // A preset theme, so the screenshots show the shop's colours and fonts rather than the default's.
    await ok(app.call('POST', `/api/v1/admin/vendors/${s.vendorId}/theme/presets/classic`, { token: await app.adminToken() }), 'theme');
    await stockedProduct(
      s,
      {
        title: 'Copper pan',
        brand: 'Cuivre',
        price_cents: 4599,
        translations: { de: { title: 'Kupferpfanne', description: 'Schwer und schön.' } },
      },
      5,
    );
    await stockedProduct(
      s,
      { title: 'Cast iron pot', brand: 'Fonte', price_cents: 8900, translations: { de: { title: 'Gusseisentopf' } } },
      2,
    );
    await stockedProduct(s, { title: 'Wooden spoon', price_cents: 350 }, 20);
    await createVendorPage(
      app,
      s.ownerToken,
      pageBody(newSlug('impressum'), {
        is_published: true,
        show_in_footer: true,
        show_in_legal: true,
        translations: {
          en: { title: 'Imprint', body: 'Kitchen Corner, Luxembourg' },
          de: { title: 'Impressum', body: 'Kitchen Corner, Luxemburg' },
        },
      }),
    );
    mkdirSync(ARTIFACTS, { recursive: true });
    chromium = await browser();
    page = await chromium.newPage();
    await page.setJavaScriptEnabled(false);
    await page.setViewport({ width: 1200, height: 1000 });
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
    });
    page.on('response', (res) => {
      if (res.status() >= 400) problems.push(`${res.status()} ${res.url()}`);
    });
    page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
  });

  after(async () => {
    await page?.close().catch(() => {});
    await closeBrowser();
  });

  const text = () => page.evaluate(() => document.body.innerText);
  const submit = async (selector: string) => {
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
  };

  it('browses in German, searches, opens a product, adds it to the cart and sees it there', async () => {
    const shop = `${app.url}/vendors/${s.vendorCode}/shop/`;
    await page.goto(shop, { waitUntil: 'load' });
    expect(await page.$eval('html', (h) => h.lang)).to.equal('en');
    expect(await text())
      .to.include('Copper pan')
      .and.include('Imprint');
    await page.screenshot({ path: `${ARTIFACTS}/catalogue-en.png`, fullPage: true });

    await submit('form.lang button[value=de]');
    expect(page.url()).to.equal(shop);
    expect(await page.$eval('html', (h) => h.lang)).to.equal('de');
    expect(await text())
      .to.include('Kupferpfanne')
      .and.include('Gusseisentopf')
      .and.include('Warenkorb')
      .and.include('Impressum');
    expect(await text()).to.match(/45,99\s€/);
    await page.screenshot({ path: `${ARTIFACTS}/catalogue-de.png`, fullPage: true });

    await page.type('form.search input[name=search]', 'kupfer');
    await submit('form.search button[type=submit]');
    expect(page.url()).to.include('search=kupfer');
    const titles = await page.$$eval('.card.product h2', (nodes) => nodes.map((n) => n.textContent?.trim()));
    expect(titles).to.deep.equal(['Kupferpfanne']);
    await page.screenshot({ path: `${ARTIFACTS}/search-de.png`, fullPage: true });

    await submit('.card.product h2 a');
    expect(page.url()).to.match(/\/shop\/products\/\d+$/);
    expect(await text())
      .to.include('Schwer und schön.')
      .and.include('Auf Lager');
    await page.screenshot({ path: `${ARTIFACTS}/product-de.png`, fullPage: true });

    await page.$eval('form.add-to-cart input[name=quantity]', (input) => {
      (input as HTMLInputElement).value = '2';
    });
    await submit('form.add-to-cart button[type=submit]');
    expect(page.url()).to.equal(`${shop}cart?notice=added`);
    const cart = await text();
    expect(cart).to.include('In den Warenkorb gelegt.').and.include('Kupferpfanne');
    expect(cart).to.match(/91,98\s€/);
    expect(await page.$eval('tr.line input[name=quantity]', (input) => (input as HTMLInputElement).value)).to.equal('2');
    await page.screenshot({ path: `${ARTIFACTS}/cart-de.png`, fullPage: true });

    const cookies = await page.cookies();
    expect(cookies.find((c) => c.name === 'sf_cart')).to.include({ httpOnly: true, sameSite: 'Lax' });
    expect(problems).to.deep.equal([]);
  });

  it('sends a visitor without a session from the account page to sign-in, and back after registering', async () => {
    const shop = `${app.url}/vendors/${s.vendorCode}/shop/`;
    await submit('#account-link');
    expect(page.url()).to.equal(`${shop}login?return=${encodeURIComponent(`/vendors/${s.vendorCode}/shop/account`)}`);
    expect(await text()).to.include('Anmelden');
    await page.screenshot({ path: `${ARTIFACTS}/login-de.png`, fullPage: true });
    await submit(`a[href^="/vendors/${s.vendorCode}/shop/register"]`);
    await page.type('form.register input[name=first_name]', 'Grete');
    await page.type('form.register input[name=last_name]', 'Müller');
    await page.type('form.register input[name=email]', `grete-${Date.now()}@customer.test`);
    await page.type('form.register input[name=password]', 'ein-langes-passwort');
    await submit('form.register button[type=submit]');
    expect(page.url()).to.equal(`${shop}account`);
    expect(await text()).to.include('Hallo Grete Müller');
    await page.screenshot({ path: `${ARTIFACTS}/account-de.png`, fullPage: true });
    expect(problems).to.deep.equal([]);
  });

  it('checks out the cart with a delivery address and finds the order in the account', async () => {
    const shop = `${app.url}/vendors/${s.vendorCode}/shop/`;
    await submit('#cart-link');
    await submit('#to-checkout');
    expect(page.url()).to.equal(`${shop}checkout`);
    expect(await page.$eval('form.checkout input[name=first_name]', (i) => (i as HTMLInputElement).value)).to.equal('Grete');
    await page.type('form.checkout input[name=street]', '5 Grand-Rue');
    await page.type('form.checkout input[name=postal_code]', 'L-1660');
    await page.type('form.checkout input[name=city]', 'Luxemburg');
    await page.screenshot({ path: `${ARTIFACTS}/checkout-de.png`, fullPage: true });
    await submit('form.checkout button[type=submit]');
    expect(page.url()).to.match(/\/shop\/orders\/\d+\?notice=placed$/);
    expect(await text())
      .to.match(/Vielen Dank! Ihre Bestellung \S+ wurde aufgegeben\./)
      .and.to.include('5 Grand-Rue');
    await page.screenshot({ path: `${ARTIFACTS}/order-de.png`, fullPage: true });
    await submit('#account-link');
    expect(await page.$$eval('tr.order', (rows) => rows.length)).to.equal(1);
    expect(problems).to.deep.equal([]);
  });

  it('keeps an address book, checks out with the saved address preselected, shows the status in words, and offers a reset link', async () => {
    const shop = `${app.url}/vendors/${s.vendorCode}/shop/`;
    await submit('#account-link');
    await submit('#add-address');
    await page.type('form.address input[name=street]', '7 Rue du Marché');
    await page.type('form.address input[name=postal_code]', 'L-1728');
    await page.type('form.address input[name=city]', 'Luxemburg');
    await submit('form.address button[type=submit]');
    expect(page.url()).to.equal(`${shop}account?notice=address_saved#addresses`);
    expect(await page.$$eval('li.address', (items) => items.length)).to.equal(1);
    expect(await page.$eval('li.address', (li) => (li as HTMLElement).innerText))
      .to.include('7 Rue du Marché')
      .and.include('Lieferung')
      .and.include('Standard');
    expect(await text()).to.include('Bestätigt');
    await page.screenshot({ path: `${ARTIFACTS}/account-addresses-de.png`, fullPage: true });

    await page.goto(shop, { waitUntil: 'load' });
    await submit('.card.product h2 a');
    await submit('form.add-to-cart button[type=submit]');
    await submit('#to-checkout');
    const chosen = await page.$eval('input[name=shipping]:checked', (i) => (i.closest('label') as HTMLElement).innerText);
    expect(chosen).to.include('7 Rue du Marché');
    expect(await page.$eval('input[name=billing]:checked', (i) => (i as HTMLInputElement).value)).to.equal('same');
    await page.screenshot({ path: `${ARTIFACTS}/checkout-saved-de.png`, fullPage: true });
    await submit('form.checkout button[type=submit]');
    expect(page.url()).to.match(/\/shop\/orders\/\d+\?notice=placed$/);
    expect(await text())
      .to.include('7 Rue du Marché')
      .and.include('Bestätigt');

    await submit('#account-link');
    await submit('form[action$="/logout"] button[type=submit]');
    await page.goto(`${shop}login`, { waitUntil: 'load' });
    await submit('#forgot-link');
    await page.type('form.forgot input[name=email]', 'someone@customer.test');
    await submit('form.forgot button[type=submit]');
    expect(await text()).to.include('unterwegs');
    await page.screenshot({ path: `${ARTIFACTS}/forgot-password-de.png`, fullPage: true });
    expect(problems).to.deep.equal([]);
  });

  it('with JavaScript on, adds to the cart without leaving the page, counts it in the header, and shows typed address fields only when chosen', async () => {
    const context = await chromium.createBrowserContext();
    try {
      const tab = await context.newPage();
      const seen: string[] = [];
      tab.on('console', (msg) => {
        if (msg.type() === 'error') seen.push(`console: ${msg.text()}`);
      });
      tab.on('pageerror', (err) => seen.push(`page error: ${err}`));
      tab.on('response', (res) => {
        if (res.status() >= 400) seen.push(`${res.status()} ${res.url()}`);
      });
      await tab.setViewport({ width: 1000, height: 700 });
      const shop = `${app.url}/vendors/${s.vendorCode}/shop/`;
      await tab.goto(shop, { waitUntil: 'load' });
      expect(await tab.$eval('#cart-count', (e) => e.textContent)).to.equal('0');
      await Promise.all([tab.waitForNavigation(), tab.click('.card.product h2 a')]);
      const productUrl = tab.url();
      await tab.click('form.add-to-cart button[type=submit]');
      await tab.waitForFunction(() => document.getElementById('cart-count')?.textContent === '1', { timeout: 10_000 });
      expect(tab.url(), 'no navigation').to.equal(productUrl);
      expect(await tab.$eval('main p.notice', (p) => p.textContent)).to.equal('Added to your cart.');
      await tab.click('form.add-to-cart button[type=submit]');
      await tab.waitForFunction(() => document.getElementById('cart-count')?.textContent === '2', { timeout: 10_000 });
      await Promise.all([tab.waitForNavigation(), tab.click('#cart-link')]);
      expect(await tab.$eval('tr.line input[name=quantity]', (i) => (i as HTMLInputElement).value)).to.equal('2');
      // At checkout the script shows the typed billing fields only once "another address" is chosen.
      await Promise.all([tab.waitForNavigation(), tab.click('#to-checkout')]);
      await Promise.all([tab.waitForNavigation(), tab.click(`a[href^="/vendors/${s.vendorCode}/shop/register"]`)]);
      await tab.type('form.register input[name=first_name]', 'Lena');
      await tab.type('form.register input[name=last_name]', 'Script');
      await tab.type('form.register input[name=email]', `lena-${Date.now()}@customer.test`);
      await tab.type('form.register input[name=password]', 'ein-langes-passwort');
      await Promise.all([tab.waitForNavigation(), tab.click('form.register button[type=submit]')]);
      expect(new URL(tab.url()).pathname).to.equal(`/vendors/${s.vendorCode}/shop/checkout`);
      const hidden = () => tab.$$eval('form.checkout fieldset .typed', (ds) => ds.map((d) => (d as HTMLElement).hidden));
      expect(await hidden(), 'shipping typed (no saved address), billing "same as delivery"').to.deep.equal([false, true]);
      await tab.click('#billing input[type=radio][value=new]');
      expect(await hidden()).to.deep.equal([false, false]);
      await tab.click('#billing input[type=radio][value=same]');
      expect(await hidden()).to.deep.equal([false, true]);
      await tab.goto(shop, { waitUntil: 'load' });
      await tab.screenshot({ path: `${ARTIFACTS}/catalogue-1000x700.png` });
      // The README's picture is refreshed on purpose only, so that a test run leaves the tree clean.
      if (process.env.UPDATE_DOCS_SCREENSHOTS === '1') await tab.screenshot({ path: 'docs/images/storefront-catalogue.png' });
      expect(seen).to.deep.equal([]);
    } finally {
      await context.close();
    }
  });

  it("serves a visitor on the shop's subdomain with links in the host form", async () => {
    const port = new URL(app.url).port;
    const other = await chromium.createBrowserContext();
    try {
      const tab = await other.newPage();
      await tab.setJavaScriptEnabled(false);
      await tab.setViewport({ width: 1200, height: 900 });
      // Chromium resolves every *.localhost name to the loopback address.
      await tab.goto(`http://${s.subdomain}.localhost:${port}/`, { waitUntil: 'load' });
      expect(new URL(tab.url()).pathname).to.equal('/shop/');
      await Promise.all([tab.waitForNavigation(), tab.click('form.lang button[value=de]')]);
      await tab.type('form.search input[name=search]', 'topf');
      await Promise.all([tab.waitForNavigation(), tab.click('form.search button[type=submit]')]);
      expect(await tab.$$eval('.card.product h2 a', (as) => as.map((a) => a.getAttribute('href'))))
        .to.have.length(1)
        .and.satisfy((hrefs: string[]) => hrefs[0].startsWith('/shop/products/'));
      await Promise.all([tab.waitForNavigation(), tab.click('.card.product h2 a')]);
      await Promise.all([tab.waitForNavigation(), tab.click('form.add-to-cart button[type=submit]')]);
      expect(new URL(tab.url()).pathname).to.equal('/shop/cart');
      expect(await tab.evaluate(() => document.body.innerText)).to.include('Gusseisentopf');
      await tab.screenshot({ path: `${ARTIFACTS}/subdomain-cart-de.png`, fullPage: true });
      // Checkout needs a customer: the 401 sends the visitor to sign-in, registering brings them back.
      await Promise.all([tab.waitForNavigation(), tab.click('#to-checkout')]);
      expect(new URL(tab.url()).pathname).to.equal('/shop/login');
      await Promise.all([tab.waitForNavigation(), tab.click('a[href^="/shop/register"]')]);
      await tab.type('form.register input[name=first_name]', 'Jonas');
      await tab.type('form.register input[name=last_name]', 'Weber');
      await tab.type('form.register input[name=email]', `jonas-${Date.now()}@customer.test`);
      await tab.type('form.register input[name=password]', 'ein-langes-passwort');
      await Promise.all([tab.waitForNavigation(), tab.click('form.register button[type=submit]')]);
      expect(new URL(tab.url()).pathname).to.equal('/shop/checkout');
      await tab.type('form.checkout input[name=street]', '7 rue Neuve');
      await tab.type('form.checkout input[name=postal_code]', 'L-4001');
      await tab.type('form.checkout input[name=city]', 'Esch');
      await Promise.all([tab.waitForNavigation(), tab.click('form.checkout button[type=submit]')]);
      expect(new URL(tab.url()).pathname).to.match(/^\/shop\/orders\/\d+$/);
      expect(await tab.evaluate(() => document.body.innerText))
        .to.match(/Vielen Dank!/)
        .and.to.include('Gusseisentopf');
      await Promise.all([tab.waitForNavigation(), tab.click('#account-link')]);
      expect(new URL(tab.url()).pathname).to.equal('/shop/account');
      expect(await tab.$$eval('tr.order', (rows) => rows.length)).to.equal(1);
      // Every link of the account page stays on the shop's own host, in the host form.
      const hrefs = await tab.$$eval('a[href^="/"]', (as) => as.map((a) => a.getAttribute('href')!));
      expect(hrefs.filter((h) => h.startsWith('/vendors/'))).to.deep.equal([]);
      await tab.screenshot({ path: `${ARTIFACTS}/subdomain-account-de.png`, fullPage: true });
    } finally {
      await other.close();
    }
  });
  it("shows the vendor's override of a platform page instead of the default, and never a draft", async () => {
    const slug = newSlug('delivery');
    await createPlatformPage(
      app,
      pageBody(slug, { is_published: true, translations: { en: { title: 'Delivery (platform)', body: 'The platform default text' } } }),
    );
    await createVendorPage(
      app,
      s.ownerToken,
      pageBody(slug, {
        is_published: true,
        translations: { en: { title: 'Delivery at Kitchen Corner', body: 'We deliver **on Fridays**.' } },
      }),
    );
    const draft = newSlug('secret');
    await createVendorPage(
      app,
      s.ownerToken,
      pageBody(draft, { is_published: false, translations: { en: { title: 'Unannounced sale', body: 'Not yet' } } }),
    );
    const tab = await (await chromium.createBrowserContext()).newPage();
    try {
      await tab.setJavaScriptEnabled(false);
      await tab.goto(`${app.url}/vendors/${s.vendorCode}/${slug}`, { waitUntil: 'load' });
      const shown = await tab.evaluate(() => document.body.innerText);
      expect(shown).to.include('Delivery at Kitchen Corner').and.include('We deliver on Fridays.').and.not.include('platform default');
      expect(await tab.$eval('main strong', (e) => e.textContent)).to.equal('on Fridays');
      await tab.screenshot({ path: `${ARTIFACTS}/content-page-override.png`, fullPage: true });
      const res = await tab.goto(`${app.url}/vendors/${s.vendorCode}/${draft}`, { waitUntil: 'load' });
      expect(res?.status()).to.equal(404);
      expect(await tab.evaluate(() => document.body.innerText)).not.to.include('Unannounced sale');
    } finally {
      await tab.browserContext().close();
    }
  });
});
