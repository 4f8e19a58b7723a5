import { expect } from 'chai';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { testApp, unique, type TestApp } from '../support/app.ts';
import { browserPeople, type BrowserPeople } from '../support/backOffice.ts';
import { describeInBrowser } from '../support/browserSuite.ts';
import { csv, goodRow, HEADER, newBase } from '../support/catalogueFiles.ts';
import { catalogueVendor, createProductWithImage, importAndWatch, picture } from '../support/cataloguePages.ts';
import { connectVendor, extmarketWorker } from '../support/extmarket.ts';
import { startExtmarketServer, type ExtmarketServer } from '../support/extmarketServer.ts';
import { SELLER } from '../support/invoices.ts';
import { eventually } from '../support/eventually.ts';
import { domesticVat, seedExtmarketOrder } from '../support/orders.ts';
import { switchModules } from '../support/platforms.ts';
import { README_VIEWPORT, readmeShot } from '../support/screenshots.ts';
import { ok, shopOf } from '../support/shop.ts';
import type { VendorFixture } from '../support/tenancy.ts';

/** A click that leads to another page, waited for as a person waits for it to load. */
const follow = (page: Page, selector: string) => Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
const text = (page: Page, selector: string) => page.$eval(selector, (e) => (e as HTMLElement).innerText);
const replaceValue = async (page: Page, selector: string, value: string) => {
  await page.$eval(selector, (e) => {
    (e as HTMLInputElement).value = '';
  });
  await page.type(selector, value);
};

/**
 * A vendor owner's day in the back office, clicked through in headless chromium as a person
 * would: an extmarket order is waiting (the scene); the owner confirms one item and declines the
 * other, ships part of it, adds the tracking number, creates a product with an image and its
 * French title, imports a CSV and watches it to the end, issues the order's invoice and downloads
 * its PDF, writes a content page and reads it on the shop, and invites a team member who signs in
 * and finds only what a viewer may do — the server refusing the rest. Every area visited leaves a
 * screenshot in test-artifacts/story-vendor/ (and the README's in SCREENSHOTS_DIR when set).
 */
describeInBrowser("the vendor's story in a headless chromium", function () {
  this.timeout(300_000);
  let app: TestApp;
  let people: BrowserPeople;
  let v: VendorFixture;
  let page: Page;
  let orderId: number;
  let extmarket: ExtmarketServer;
  const dir = join(tmpdir(), `story-vendor-${process.pid}`);
  const downloads = join(dir, 'downloads');
  const memberEmail = `${unique('vera')}@example.com`;
  const slug = 'delivery';

  const shot = async (name: string, readme?: string) => {
    await people.shot(page, name);
    if (readme) await readmeShot(page, readme);
  };

  before(async () => {
    app = await testApp();
    await switchModules(app, 'main', 'enable', 'content-pages');
    ({ v } = await catalogueVendor(app, {
      company: { name: 'Lumen Kitchenware SARL', owner_first_name: 'Camille', owner_last_name: 'Lefèvre' },
      vendor: { name: 'Lumen Kitchen', storefront_language: 'fr', storefront_languages: ['fr', 'en'] },
    }));
    // The scene: the shop has stock, and orders came in from the external marketplace, one still waiting for the owner.
    const s = shopOf(app, v);
    extmarketWorker(app);
    extmarket = await startExtmarketServer(unique('key-'));
    await connectVendor(app, v.ownerToken, extmarket);
    const products: Record<string, number> = {};
    for (const [title, sku, price, bin, quantity] of [
      ['Copper saucepan 16 cm', 'CU-16', 8900, 'A-01', 14],
      ['Cast-iron skillet 28 cm', 'CI-28', 5450, 'A-02', 3],
      ['Olive wood spoon', 'OW-01', 1290, 'B-07', 48],
    ] as const) {
      products[sku] = (await ok(s.vendor('POST', '/products', { title, price_cents: price, vendor_sku: unique(`${sku}-`) }), 'product')).id;
      await ok(s.vendor('POST', '/inventory', { product_id: products[sku], warehouse: 'main', bin_location: bin, quantity }), 'stock');
    }
    const line = (sku: 'CU-16' | 'CI-28' | 'OW-01', name: string, quantity: number, unit_price_cents: number) => ({
      product_id: products[sku],
      product_name: name,
      sku,
      quantity,
      unit_price_cents,
    });
    const number = (n: number) => `EM-${String(Date.now()).slice(-5)}${n}`;
    const customer = (first: string, last: string) => ({
      customer_first_name: first,
      customer_last_name: last,
      customer_email: `${first}.${last}@example.test`.toLowerCase(),
    });
    await seedExtmarketOrder(app, v.vendorId, [line('OW-01', 'Olive wood spoon', 2, 1290)], {
      ...customer('Grace', 'Hopper'),
      order_number: number(1),
      vat: domesticVat(2580),
    });
    await seedExtmarketOrder(app, v.vendorId, [line('CI-28', 'Cast-iron skillet 28 cm', 1, 5450)], {
      ...customer('Alan', 'Turing'),
      order_number: number(2),
      vat: domesticVat(5450),
    });
    await seedExtmarketOrder(
      app,
      v.vendorId,
      [line('CU-16', 'Copper saucepan 16 cm', 1, 8900), line('OW-01', 'Olive wood spoon', 4, 1290)],
      { ...customer('Katherine', 'Johnson'), order_number: number(3), vat: domesticVat(14_060) },
    );
    const waiting = [line('CU-16', 'Copper saucepan 16 cm', 3, 8900), line('CI-28', 'Cast-iron skillet 28 cm', 1, 5450)];
    const seeded = await seedExtmarketOrder(app, v.vendorId, waiting, {
      ...customer('Ada', 'Lovelace'),
      order_number: number(4),
      vat: domesticVat(32_150),
    });
    orderId = seeded.orderId;
    // The marketplace knows the waiting order too (its shipment and units, as the order import
    // named them), so the owner's decisions and tracking reach it and the order's sync reads "sent".
    const ext = seeded.externalOrderId;
    extmarket.shipments.push({
      id: `ship-${ext}`,
      orderId: ext,
      number: number(4),
      state: 'unconfirmed',
      units: waiting.flatMap((item, n) =>
        Array.from({ length: item.quantity }, (_, k) => ({
          id: `${ext}-u${n}-${k}`,
          ean: null,
          price: (item.unit_price_cents / 100).toFixed(2),
        })),
      ),
    });
    mkdirSync(downloads, { recursive: true });
    writeFileSync(join(dir, 'pan.png'), await picture(900, 600));
    const base = newBase();
    writeFileSync(join(dir, 'knives.csv'), csv([HEADER, ...Array.from({ length: 40 }, (_, i) => goodRow({ base, count: 40 }, i + 1))]));
    // Refusals the story provokes on purpose: the viewer's forged invitation and the settings page a viewer may not open;
    // a download ends the navigation that asked for it.
    people = await browserPeople(app, 'story-vendor', [
      /^403 .*\/vendor\/team\/invitations$/,
      /^403 .*\/vendor\/invoices\/settings$/,
      /^request failed: .*\/vendor\/invoices\/\d+\/pdf net::ERR_ABORTED$/,
    ]);
    page = await people.person(README_VIEWPORT);
    page.setDefaultNavigationTimeout(60_000);
    page.on('dialog', (d) => {
      void d.accept();
    });
  });
  after(async () => {
    await people.close();
    await extmarket.close();
  });

  it('the owner signs in at /vendor/login and lands on the dashboard', async () => {
    await people.signIn(page, 'vendor', v.ownerEmail, v.ownerPassword);
    if (new URL(page.url()).pathname !== '/vendor/dashboard') await follow(page, '.bo-nav a[href="/vendor/dashboard"]');
    expect(await text(page, 'h1')).to.match(/dashboard/i);
    await shot('vendor-dashboard', 'vendor-dashboard');
    expect(people.problems).to.deep.equal([]);
  });

  it('confirms one item of the waiting extmarket order, declines the other, ships part of it and adds the tracking number', async () => {
    await follow(page, '.bo-nav a[href="/vendor/orders"]');
    expect(await text(page, 'table.data tbody'))
      .to.contain('Hopper')
      .and.contain('Turing')
      .and.contain('Johnson')
      .and.contain('Lovelace');
    await shot('vendor-orders', 'vendor-orders');
    await follow(page, `table.data a[href="/vendor/orders/${orderId}"]`);
    expect(await text(page, 'main'))
      .to.contain('Unconfirmed')
      .and.contain('Copper saucepan 16 cm');
    await shot('vendor-order-waiting');

    const [saucepan, skillet] = await page.$$eval('form[action*="/items/"][action$="/confirm"]', (fs) =>
      fs.map((f) => f.getAttribute('action')!),
    );
    await follow(page, `form[action="${saucepan}"] button`);
    await follow(page, `form[action="${skillet!.replace(/confirm$/, 'decline')}"] button`); // asks "are you sure?" first: accepted
    const items = await text(page, 'table.data tbody');
    expect(items)
      .to.match(/Copper saucepan 16 cm[\s\S]*Confirmed/)
      .and.match(/Cast-iron skillet 28 cm[\s\S]*Declined/);

    const ship = await page.$('form[action$="/ship"] input[name=quantity]');
    await ship!.click({ clickCount: 3 });
    await ship!.type('2');
    await follow(page, 'form[action$="/ship"] button[type=submit]');
    expect(await text(page, 'main'))
      .to.contain('2 of 3 units shipped')
      .and.contain('Partially shipped');
    await page.type('#i-tracking_number', 'LX123456789LU');
    await page.type('#i-carrier', 'POST Luxembourg');
    await follow(page, 'form[action$="/tracking"] button[type=submit]');
    expect(await text(page, '.flash.notice')).to.contain('Tracking saved.');
    expect(await text(page, 'main')).to.contain('LX123456789LU');
    // The decisions and the tracking reach the marketplace in the background; the page then says so.
    const shipment = await eventually(
      async () => extmarket.shipments.find((s) => s.tracking?.code === 'LX123456789LU'),
      'the tracking on the marketplace',
    );
    expect(shipment.units.map((u) => u.state)).to.deep.equal([
      'confirmed_available',
      'confirmed_available',
      'confirmed_available',
      'confirmed_unavailable',
    ]);
    await eventually(async () => {
      await page.goto(`${app.url}/vendor/orders/${orderId}`, { waitUntil: 'load' });
      return (await text(page, 'main')).includes('In sync');
    }, "the order's page saying it is in sync");
    expect(await text(page, 'main'))
      .to.contain('In sync')
      .and.not.contain('Failed');
    await shot('vendor-order', 'vendor-order');
    await page.goto(`${app.url}/vendor/orders/${orderId}?tab=history`, { waitUntil: 'load' });
    expect(await text(page, '#history'))
      .to.contain('Order item declined')
      .and.contain('Order tracking set');
    await shot('vendor-order-history');
    expect(people.problems).to.deep.equal([]);
  });

  it('creates a product with an image and a French title', async () => {
    const id = await createProductWithImage(
      people,
      page,
      app.url,
      { title: 'Copper frying pan 24 cm', titleFr: 'Poêle en cuivre 24 cm', price: '45,99' },
      join(dir, 'pan.png'),
    );
    await page.goto(`${app.url}/vendor/products/${id}`, { waitUntil: 'load' });
    expect(await page.$eval('#i-title_fr', (e) => (e as HTMLInputElement).value)).to.equal('Poêle en cuivre 24 cm');
    await shot('vendor-product', 'vendor-product-editor');
    expect(people.problems).to.deep.equal([]);
  });

  it('imports a CSV of products and watches its progress to the end', async () => {
    const status = await importAndWatch(people, page, app.url, 'vendor', join(dir, 'knives.csv'));
    expect(status).to.contain('Completed');
    expect(await text(page, 'main')).to.contain('40');
    await readmeShot(page, 'vendor-import');
    await follow(page, '.bo-nav a[href="/vendor/products"]');
    await shot('vendor-products');
    // The imported rows are the marketplace's catalogue, from which the shop copies what it sells.
    await page.goto(`${app.url}/vendor/marketplace`, { waitUntil: 'load' });
    expect(await text(page, 'table.data tbody')).to.contain('Chef knife');
    await shot('vendor-marketplace');
    await follow(page, '.bo-nav a[href="/vendor/inventory"]');
    expect(await text(page, 'table.data tbody')).to.contain('Olive wood spoon');
    await shot('vendor-stock', 'vendor-stock');
    expect(people.problems).to.deep.equal([]);
  });

  it("issues the order's invoice once the seller's details are set, and downloads its PDF", async function () {
    this.timeout(240_000); // a PDF render takes seconds alone, more on a loaded machine
    await page.goto(`${app.url}/vendor/orders/${orderId}`, { waitUntil: 'load' });
    await follow(page, `a[href="/vendor/invoices?order_id=${orderId}"]`);
    await follow(page, 'form[action="/vendor/invoices"] button');
    expect(await text(page, '.flash.error'), 'no invoice before the seller is known').to.match(/settings/i);
    await follow(page, 'a[href="/vendor/invoices/settings"]');
    for (const name of ['company_name', 'company_address', 'company_postal_code', 'company_city', 'vat_number', 'bank_iban'] as const) {
      await replaceValue(page, `#i-${name}`, SELLER[name]);
    }
    await page.type('#i-payment_terms', SELLER.payment_terms);
    await follow(page, 'form[action="/vendor/invoices/settings"] button[type=submit]');
    expect(await text(page, '.flash.notice')).to.contain('Invoice settings saved.');
    await page.goto(`${app.url}/vendor/invoices?order_id=${orderId}`, { waitUntil: 'load' });
    await follow(page, 'form[action="/vendor/invoices"] button');
    expect(new URL(page.url()).pathname).to.match(/^\/vendor\/invoices\/\d+$/);
    expect(await text(page, 'main'))
      .to.contain('Boutique Lux SARL')
      .and.contain('Copper saucepan 16 cm');
    await shot('vendor-invoice');

    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', {
      behavior: 'allow',
      downloadPath: downloads,
      browserContextId: (page.browserContext() as unknown as { id: string }).id,
    });
    await page.click('a[href$="/pdf"]');
    let file: string | undefined;
    for (let i = 0; i < 1200 && !file; i++) {
      file = readdirSync(downloads).find((f) => f.endsWith('.pdf'));
      if (!file) await new Promise((r) => setTimeout(r, 100));
    }
    expect(file, 'the downloaded file').to.match(/^INV-.*\.pdf$/);
    const pdf = readFileSync(join(downloads, file!));
    expect(pdf.subarray(0, 5).toString('latin1'), 'the file is a PDF').to.equal('%PDF-');
    await follow(page, '.bo-nav a[href="/vendor/invoices"]');
    await shot('vendor-invoices', 'vendor-invoices');
    expect(people.problems).to.deep.equal([]);
  });

  it('writes a content page, publishes it and reads it on the shop', async () => {
    await follow(page, '.bo-nav a[href="/vendor/content"]');
    await shot('vendor-content');
    await follow(page, 'a[href="/vendor/content/new"]');
    await page.type('#i-title', 'Delivery and returns');
    await page.type(
      '#i-body',
      '## Delivery\n\nWe ship within **two days** from Luxembourg.\n\n- Free delivery from €50\n- Returns within 30 days',
    );
    await replaceValue(page, '#i-slug', slug);
    await follow(page, '#page-editor button[value=preview]');
    expect(await page.$eval('#preview', (e) => e.innerHTML)).to.contain('<strong>two days</strong>');
    await shot('vendor-content-preview', 'vendor-content-editor');
    await follow(page, '#page-editor button[value=publish]');
    expect(await text(page, '.flash.notice')).to.match(/created|published|saved/i);
    await replaceValue(
      page,
      '#i-body',
      '## Delivery\n\nWe ship within **one day** from Luxembourg.\n\n- Free delivery from €50\n- Returns within 30 days',
    );
    await follow(page, '#page-editor button[value=publish]');
    await shot('vendor-content-editor');
    await follow(page, `a[href="/vendors/${v.vendorCode}/${slug}"]`);
    expect(await text(page, 'body'))
      .to.contain('We ship within one day')
      .and.not.contain('two days');
    await shot('shop-content-page');
    expect(people.problems).to.deep.equal([]);
  });

  it('invites a viewer, who joins, signs in and finds only what a viewer may; the server refuses the rest', async () => {
    await page.goto(`${app.url}/vendor/team`, { waitUntil: 'load' });
    await page.type('#i-email', memberEmail);
    await page.select('#i-role', 'viewer');
    await follow(page, 'form[action="/vendor/team/invitations"] button[type=submit]');
    const link = await page.$eval('#invitation-link', (e) => (e as HTMLInputElement).value);
    expect(link).to.match(/\/vendor\/team\/accept\?token=/);
    await page.goto(`${app.url}/vendor/team`, { waitUntil: 'load' });
    expect(await text(page, 'main')).to.contain(memberEmail);
    await shot('vendor-team', 'vendor-team');

    const vera = await people.person(README_VIEWPORT);
    await vera.goto(new URL(link, app.url).href, { waitUntil: 'load' });
    await vera.type('#i-password', 'a-long-password-1');
    await vera.type('#i-first_name', 'Vera');
    await vera.type('#i-last_name', 'Rubin');
    await Promise.all([
      vera.waitForNavigation({ waitUntil: 'load' }),
      vera.click('form[action="/vendor/team/accept"] button[type=submit]'),
    ]);
    await Promise.all([vera.waitForNavigation({ waitUntil: 'load' }), vera.click('a[href^="/vendor/login"]')]);
    await people.signIn(vera, 'vendor', memberEmail, 'a-long-password-1');
    const nav = await vera.$$eval('.bo-nav a', (as) => as.map((a) => a.getAttribute('href')));
    expect(nav).to.include('/vendor/orders').and.include('/vendor/products').and.not.include('/vendor/invoices');
    await people.shot(vera, 'member-dashboard');

    await vera.goto(`${app.url}/vendor/orders/${orderId}`, { waitUntil: 'load' });
    expect(await vera.$$('form[action$="/tracking"]'), 'a viewer gets no tracking form').to.have.length(0);
    await vera.goto(`${app.url}/vendor/team`, { waitUntil: 'load' });
    expect(await text(vera, 'main')).to.contain('Only the owner manages the team.');
    expect(await vera.$$('form[action="/vendor/team/invitations"]')).to.have.length(0);
    await people.shot(vera, 'member-team');
    // The owner's form, made in the viewer's page with the viewer's own form token: the server says no.
    await Promise.all([
      vera.waitForNavigation({ waitUntil: 'load' }),
      vera.evaluate(() => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = '/vendor/team/invitations';
        const token = (document.querySelector('input[name=_csrf]') as HTMLInputElement | null)?.value ?? '';
        for (const [name, value] of [
          ['_csrf', token],
          ['email', 'friend@example.com'],
          ['role', 'manager'],
        ]) {
          const input = document.createElement('input');
          input.name = name;
          input.value = value;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      }),
    ]);
    expect(await text(vera, 'main')).to.match(/not allowed|only the owner/i);
    await people.shot(vera, 'member-refused');
    await vera.goto(`${app.url}/vendor/invoices/settings`, { waitUntil: 'load' });
    expect(await text(vera, 'main')).to.contain('Your role does not allow this.');
    const invitations = await app.call('GET', '/api/v1/vendor/team/invitations', { token: v.ownerToken });
    expect(JSON.stringify(invitations.body), 'nothing was invited by the viewer').to.not.contain('friend@example.com');
    expect(people.problems).to.deep.equal([]);
  });
});
