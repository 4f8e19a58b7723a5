import { expect } from 'chai';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, testApp, unique, type TestApp } from '../../support/app.ts';
import type { Page } from 'puppeteer-core';
import { browserPeople, type BrowserPeople } from '../../support/backOffice.ts';
import { describeInBrowser } from '../../support/browserSuite.ts';
import { catalogueVendor } from '../../support/cataloguePages.ts';
import { createPlatformPage, newSlug, pageBody } from '../../support/contentPages.ts';
import { switchModules } from '../../support/platforms.ts';
import { LU_ADDRESS, newSessionId, ok, registerShopper, shopOf, type ShopFixture } from '../../support/shop.ts';

const EAN = '4006381333931';

/**
 * The inventory, customer and content pages in headless Debian chromium: a vendor owner adjusts
 * a bin, imports a stock count and reads its report, opens a customer with an order, overrides a
 * platform page with a preview and sees it on the shop; an admin reads the ledger statistics,
 * the customers of every shop and the content pages; the same pages on a phone. Screenshots in
 * test-artifacts/bo-stock-content/.
 */
describeInBrowser('inventory, customer and content back-office pages in a headless chromium', function () {
  this.timeout(600_000); // each step takes seconds; minutes when the machine is shared and loaded
  let app: TestApp;
  let people: BrowserPeople;
  let s: ShopFixture;
  let binId: number;
  let slug: string;
  let platformPageId: number;
  const dir = join(tmpdir(), `bo-stock-${process.pid}`);

  before(async () => {
    app = await testApp();
    await switchModules(app, 'main', 'enable', 'content-pages');
    const { v } = await catalogueVendor(app);
    s = shopOf(app, v);
    const whisk = (
      await ok(
        s.vendor('POST', '/products', { title: 'Balloon whisk', price_cents: 1290, vendor_sku: unique('WH-'), gtin: EAN }),
        'product',
      )
    ).id;
    const pan = (await ok(s.vendor('POST', '/products', { title: 'Copper pan', price_cents: 4599, vendor_sku: unique('PAN-') }), 'product'))
      .id;
    binId = (
      await ok(s.vendor('POST', '/inventory', { product_id: whisk, warehouse: 'main', bin_location: 'A-01', quantity: 24 }), 'stock')
    ).id;
    await ok(s.vendor('POST', '/inventory', { product_id: pan, warehouse: 'main', bin_location: 'B-07', quantity: 3 }), 'stock');
    const ada = await registerShopper(s, { first_name: 'Ada', last_name: 'Lovelace' });
    await registerShopper(s, { first_name: 'Grace', last_name: 'Hopper' });
    const session = newSessionId();
    await ok(s.shop('POST', `/cart/${session}/items`, { body: { product_id: pan, quantity: 1 } }), 'cart');
    await ok(s.shop('POST', '/addresses', { token: ada.token, body: { ...LU_ADDRESS, type: 'shipping', is_default: true } }), 'address');
    await ok(
      s.shop('POST', '/orders', {
        token: ada.token,
        body: { session_id: session, shipping_address: { ...LU_ADDRESS, country_name: undefined } },
      }),
      'order',
    );
    slug = newSlug('shipping');
    platformPageId = (await createPlatformPage(app, pageBody(slug, { is_published: true, show_in_footer: true }))).id;
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'count.csv'),
      `BIN,EAN,PRODUCT,QUANTITY\nA-01,${EAN},Balloon whisk,30\nA-02,${EAN},Balloon whisk,6\nC-01,0000000000017,Unknown lid,2\n`,
    );
    people = await browserPeople(app, 'bo-stock-content');
  });
  after(async () => people.close());

  let page: Page;

  it('a vendor owner adjusts a bin, imports a stock count and reads its report and the ledger', async () => {
    page = await people.person();
    page.setDefaultNavigationTimeout(120_000); // a loaded machine renders slowly; the story is not timed
    await people.signIn(page, 'vendor', s.ownerEmail, s.ownerPassword);
    await page.goto(`${app.url}/vendor/inventory`, { waitUntil: 'load' });
    await people.shot(page, 'vendor-inventory');
    await page.goto(`${app.url}/vendor/inventory/${binId}`, { waitUntil: 'load' });
    await page.type('#adjust #i-quantity_change', '-4');
    await page.type('#adjust #i-note', 'broken in transit');
    await people.submit(page, '#adjust button[type=submit]');
    expect(await page.$eval('.flash.notice', (e) => e.textContent)).to.contain('Stock of this bin is now 20.');
    await people.shot(page, 'vendor-bin');
    await page.goto(`${app.url}/vendor/inventory/${binId}?tab=history`, { waitUntil: 'load' });
    await people.shot(page, 'vendor-bin-history');

    await page.goto(`${app.url}/vendor/inventory/import`, { waitUntil: 'load' });
    const file = await page.$('#i-file');
    await (file as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(join(dir, 'count.csv'));
    await people.submit(page, '#stock-import button[type=submit]');
    expect(await page.$eval('#import-report', (e) => e.textContent)).to.contain('Import of count.csv finished');
    expect(await page.$eval('main', (e) => e.textContent)).to.contain('0000000000017');
    await people.shot(page, 'vendor-stock-import');
    await page.goto(`${app.url}/vendor/inventory/transactions`, { waitUntil: 'load' });
    await people.shot(page, 'vendor-stock-ledger');
    expect(people.problems).to.deep.equal([]);
  });

  it('the owner opens a customer with the order and the saved address', async () => {
    await page.goto(`${app.url}/vendor/customers`, { waitUntil: 'load' });
    await people.shot(page, 'vendor-customers');
    const ada = await page.$$eval('table.data a[href^="/vendor/customers/"]', (links) =>
      links.find((a) => a.textContent?.includes('Lovelace'))?.getAttribute('href'),
    );
    await page.goto(`${app.url}${ada}`, { waitUntil: 'load' });
    expect(await page.$eval('main', (e) => e.textContent)).to.contain('Lovelace');
    await people.shot(page, 'vendor-customer');
    expect(people.problems).to.deep.equal([]);
  });

  it('the owner overrides a platform page with a preview, publishes it and sees it on the shop', async () => {
    await page.goto(`${app.url}/vendor/content`, { waitUntil: 'load' });
    await people.shot(page, 'vendor-content');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(`a[href="/vendor/content/new?from=${platformPageId}"]`)]);
    await page.$eval('#i-title', (e) => {
      (e as HTMLInputElement).value = '';
    });
    await page.type('#i-title', 'Shipping and returns');
    await page.$eval('#i-body', (e) => {
      (e as HTMLTextAreaElement).value = '';
    });
    await page.type('#i-body', '## Delivery\n\nWe ship within **two days** from Luxembourg.\n\n- Free from €50\n- Returns within 30 days');
    await people.submit(page, '#page-editor button[value=preview]');
    expect(await page.$eval('#preview', (e) => e.innerHTML)).to.contain('<strong>two days</strong>');
    await people.shot(page, 'vendor-content-preview');
    await people.submit(page, '#page-editor button[value=publish]');
    expect(await page.$eval('.flash.notice', (e) => e.textContent)).to.contain('created');
    await people.shot(page, 'vendor-content-editor');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(`a[href="/vendors/${s.vendorCode}/${slug}"]`)]);
    expect(await page.$eval('body', (e) => e.textContent)).to.contain('We ship within two days');
    await people.shot(page, 'shop-content-page');
    expect(people.problems).to.deep.equal([]);
  });

  it('the same pages work on a phone', async () => {
    const phone = await people.person({ width: 390, height: 844 });
    phone.setDefaultNavigationTimeout(120_000);
    await people.signIn(phone, 'vendor', s.ownerEmail, s.ownerPassword);
    for (const [path, name] of [
      ['/vendor/inventory', 'vendor-inventory-phone'],
      [`/vendor/inventory/${binId}`, 'vendor-bin-phone'],
      ['/vendor/customers', 'vendor-customers-phone'],
      ['/vendor/content', 'vendor-content-phone'],
    ]) {
      await phone.goto(`${app.url}${path}`, { waitUntil: 'load' });
      await people.shot(phone, name);
    }
    expect(people.problems).to.deep.equal([]);
  });

  it('an admin reads the stock of every vendor with the ledger statistics, the customers and the content pages', async () => {
    const page = await people.person();
    page.setDefaultNavigationTimeout(120_000);
    await people.signIn(page, 'admin', ADMIN.email, ADMIN.password);
    for (const [path, name] of [
      [`/admin/inventory?vendor_id=${s.vendorId}`, 'admin-inventory'],
      ['/admin/inventory/transactions', 'admin-stock-ledger'],
      ['/admin/inventory/import', 'admin-stock-import'],
      ['/admin/customers', 'admin-customers'],
      ['/admin/content', 'admin-content'],
    ]) {
      await page.goto(`${app.url}${path}`, { waitUntil: 'load' });
      await people.shot(page, name);
    }
    expect(await page.$eval('main', (e) => e.textContent)).to.contain(slug);
    expect(people.problems).to.deep.equal([]);
  });
});
