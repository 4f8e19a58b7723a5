import { expect } from 'chai';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { ADMIN, testApp, unique, type TestApp } from '../support/app.ts';
import { browserPeople, type BrowserPeople } from '../support/backOffice.ts';
import { describeInBrowser } from '../support/browserSuite.ts';
import { csv, goodRow, HEADER, newBase } from '../support/catalogueFiles.ts';
import { importAndWatch } from '../support/cataloguePages.ts';
import { startTestDns, type TestDns } from '../support/dns.ts';
import { connectVendor, extmarketWorker } from '../support/extmarket.ts';
import { startExtmarketServer, type ExtmarketServer } from '../support/extmarketServer.ts';
import { domesticVat, seedExtmarketOrder } from '../support/orders.ts';
import { README_VIEWPORT, readmeShot } from '../support/screenshots.ts';
import { vendorLogin } from '../support/tenancy.ts';

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
 * A platform admin's round in the back office, clicked through in headless chromium: signs in,
 * creates a company with its owner and a vendor for it, adds the vendor's own domain and has its
 * DNS record checked, starts a product import for the vendor and watches it to the end, confirms
 * the vendor's waiting extmarket order, opens the order's history and picks a time before the
 * confirmation to see the order as it was, edits a tier's price, takes a capacity snapshot and
 * reads the recommendations, and looks at the task monitor and the dashboard. The scene (the DNS
 * record the vendor publishes, the order that comes in from the marketplace) is set by fixtures;
 * every step the story names is done in the pages. Screenshots in test-artifacts/story-admin/
 * (and the README's in SCREENSHOTS_DIR when set).
 */
describeInBrowser("the admin's story in a headless chromium", function () {
  this.timeout(300_000);
  let app: TestApp;
  let people: BrowserPeople;
  let dns: TestDns;
  let page: Page;
  let vendorId: number;
  let orderId: number;
  const dir = join(tmpdir(), `story-admin-${process.pid}`);
  const code = `LUMEN${String(Date.now()).slice(-5)}`;
  const domain = `shop-${code.toLowerCase()}.example.org`;
  const ownerEmail = `${unique('nora')}@lumen-lights.example`;
  let ownerPassword = '';
  let extmarket: ExtmarketServer;

  const shot = async (name: string, readme?: string) => {
    await people.shot(page, name);
    if (readme) await readmeShot(page, readme);
  };

  before(async () => {
    app = await testApp();
    dns = await startTestDns();
    app.services.config.dnsServers = [dns.server];
    mkdirSync(dir, { recursive: true });
    const base = newBase();
    writeFileSync(join(dir, 'lamps.csv'), csv([HEADER, ...Array.from({ length: 60 }, (_, i) => goodRow({ base, count: 60 }, i + 1))]));
    people = await browserPeople(app, 'story-admin');
    page = await people.person(README_VIEWPORT);
    page.setDefaultNavigationTimeout(60_000);
    page.on('dialog', (d) => {
      void d.accept();
    });
  });
  after(async () => {
    await people.close();
    app.services.config.dnsServers = undefined;
    await dns.close();
    await extmarket?.close();
  });

  it('signs in and creates a company with its owner, then a vendor for it', async () => {
    await people.signIn(page, 'admin', ADMIN.email, ADMIN.password);
    await follow(page, '.bo-nav a[href="/admin/companies"]');
    await follow(page, 'a[href="/admin/companies/new"]');
    await page.type('#i-name', 'Lumen Lights S.à r.l.');
    await page.type('#i-owner_email', ownerEmail);
    await page.type('#i-owner_first_name', 'Nora');
    await page.type('#i-owner_last_name', 'Weber');
    await page.type('#i-contact_email', 'hello@lumen-lights.example');
    await shot('admin-company-new');
    await follow(page, 'form[action="/admin/companies"] button[type=submit]');
    ownerPassword = await page.$eval('#temporary-password', (e) => e.textContent ?? '');
    expect(ownerPassword, "the owner's first password, shown once").to.have.length.greaterThan(8);
    await shot('admin-company-created');

    await follow(page, 'a[href^="/admin/vendors/new?company_id="]');
    await page.type('#i-vendor_code', code);
    await page.type('#i-name', 'Lumen Lights');
    await follow(page, 'form[action="/admin/vendors"] button[type=submit]');
    vendorId = Number(/^\/admin\/vendors\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    expect(vendorId).to.be.greaterThan(0);
    expect(await text(page, '.flash.notice')).to.contain('The vendor is created.');
    await shot('admin-vendor');
    expect(people.problems).to.deep.equal([]);
  });

  it("adds the vendor's domain and has its DNS record checked: the domain is verified", async () => {
    await follow(page, `a[href="/admin/vendors/${vendorId}?tab=domains"]`);
    await page.type('#i-domain', domain);
    await follow(page, `form[action="/admin/vendors/${vendorId}/domains"] button[type=submit]`);
    const [name, value] = await page.$$eval('table.data tbody tr:first-child code', (cs) => cs.map((c) => c.textContent ?? ''));
    expect(name).to.equal(`_platform-verification.${domain}`);
    await shot('admin-vendor-domain-added');
    // The scene: the vendor publishes the record the page shows at its DNS provider.
    dns.records.set(name!, [value!]);
    await follow(page, 'form[action$="/verify"] button');
    expect(await text(page, 'table.data tbody'))
      .to.contain(domain)
      .and.contain('Verified');
    await shot('admin-vendor-domain-verified');
    expect(people.problems).to.deep.equal([]);
  });

  it('starts a product import for the vendor and watches its progress to the end', async () => {
    // The scene: the vendor's owner connects the shop to the external marketplace (a plan with it), and an order came in from there.
    extmarketWorker(app);
    extmarket = await startExtmarketServer(unique('key-'));
    const { access_token: owner } = await vendorLogin(app, ownerEmail, ownerPassword);
    await app.call('PUT', '/api/v1/vendor/auth/password', {
      token: owner,
      body: { current_password: ownerPassword, new_password: 'a-long-password-1' },
    });
    await connectVendor(app, owner, extmarket);
    ({ orderId } = await seedExtmarketOrder(
      app,
      vendorId,
      [
        { quantity: 2, product_name: 'Brass desk lamp', sku: 'BL-02', unit_price_cents: 12_900 },
        { quantity: 4, product_name: 'Linen lampshade 30 cm', sku: 'LS-30', unit_price_cents: 3900 },
      ],
      { customer_first_name: 'Hedy', customer_last_name: 'Lamarr', customer_email: 'hedy.lamarr@example.test', vat: domesticVat(41_400) },
    ));
    const status = await importAndWatch(people, page, app.url, 'admin', join(dir, 'lamps.csv'), vendorId);
    expect(status).to.contain('Completed');
    expect(await text(page, 'main')).to.contain('60');
    await readmeShot(page, 'admin-import');
    await follow(page, '.bo-nav a[href="/admin/imports"]');
    await shot('admin-imports');
    expect(people.problems).to.deep.equal([]);
  });

  it("confirms the vendor's extmarket order, opens its history and sees the order as it was before the confirmation", async () => {
    await follow(page, '.bo-nav a[href="/admin/orders"]');
    await page.select('#f-vendor_id', String(vendorId));
    await follow(page, 'form.filters button[type=submit]');
    await shot('admin-orders');
    await follow(page, `table.data a[href="/admin/orders/${orderId}"]`);
    expect(await text(page, 'main'))
      .to.contain('Unconfirmed')
      .and.contain('Brass desk lamp');
    await follow(page, `form[action="/admin/orders/${orderId}/confirm"] button`);
    expect(await text(page, '.flash.notice')).to.match(/confirmed/i);
    expect(await text(page, 'main')).to.not.contain('Unconfirmed');
    await shot('admin-order-confirmed');

    await follow(page, `a[href*="tab=history"]`);
    const events = await page.$$eval('#history ol.timeline > li', (lis) =>
      lis.map((li) => ({
        at: li.querySelector('time')!.getAttribute('datetime')!,
        what: li.querySelector('strong')!.textContent!,
      })),
    );
    const imported = events.at(-1)!;
    const confirmedAt = events
      .filter((e) => /confirmed/i.test(e.what))
      .map((e) => e.at)
      .sort()[0]!;
    expect(imported.what).to.match(/imported|created|placed/i);
    // A time between the two, to the second as the picker offers it: the first whole second after the order came in.
    const picked = new Date(Math.ceil(Date.parse(imported.at) / 1000) * 1000);
    expect(picked.getTime(), 'the order came in more than a second before it was confirmed').to.be.below(Date.parse(confirmedAt));
    await page.$eval(
      '#as_of',
      (e, v) => {
        (e as HTMLInputElement).value = v;
      },
      picked.toISOString().slice(0, 19),
    );
    await follow(page, '#history form.filters button[type=submit]');
    const then = await page.$$eval(
      '#history .card .card',
      (cards) => cards.map((c) => (c as HTMLElement).innerText).find((t) => t.startsWith('As of')) ?? '',
    );
    expect(then, 'the order as it was then')
      .to.contain('Unconfirmed')
      .and.contain('Brass desk lamp')
      .and.not.match(/\bConfirmed\b/);
    await shot('admin-order-as-of', 'admin-order-history');
    expect(people.problems).to.deep.equal([]);
  });

  it("edits a tier's monthly price", async () => {
    await follow(page, '.bo-nav a[href="/admin/tiers"]');
    await shot('admin-tiers');
    await follow(page, 'table.data a[href="/admin/tiers/business"]');
    await replaceValue(page, '#i-price_monthly', '89.00');
    await follow(page, 'form[action="/admin/tiers/business"] button[type=submit]');
    expect(await text(page, '.flash.notice')).to.match(/saved|changed/i);
    expect(await page.$eval('#i-price_monthly', (e) => (e as HTMLInputElement).value)).to.equal('89.00');
    await shot('admin-tier', 'admin-tier');
    await follow(page, '.bo-nav a[href="/admin/tiers"]');
    expect(await text(page, 'table.data tbody')).to.contain('€89.00');
    expect(people.problems).to.deep.equal([]);
  });

  it('takes a capacity snapshot and reads the recommendations', async () => {
    await follow(page, '.bo-nav a[href="/admin/capacity"]');
    await follow(page, 'form[action="/admin/capacity/snapshot"] button');
    expect(await text(page, '.flash.notice')).to.match(/snapshot/i);
    expect(await text(page, 'main'))
      .to.contain('database_bytes')
      .and.contain('media_bytes');
    await shot('admin-capacity', 'admin-capacity');
    expect(people.problems).to.deep.equal([]);
  });

  it('looks at the task monitor and the dashboard', async () => {
    await follow(page, '.bo-nav a[href="/admin/tasks"]');
    await shot('admin-tasks', 'admin-tasks');
    await follow(page, '.bo-nav a[href="/admin/dashboard"]');
    expect(await text(page, 'h1')).to.match(/dashboard/i);
    await shot('admin-dashboard', 'admin-dashboard');
    expect(people.problems).to.deep.equal([]);
  });
});
