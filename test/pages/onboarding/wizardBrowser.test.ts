import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { testApp, type TestApp } from '../../support/app.ts';
import { browserPeople, type BrowserPeople } from '../../support/backOffice.ts';
import { describeInBrowser } from '../../support/browserSuite.ts';
import { startExtmarketServer, type ExtmarketServer } from '../../support/extmarketServer.ts';
import { beginOnboarding, csvFeeds, pastOrders } from '../../support/onboarding.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/**
 * The onboarding wizard in headless Debian chromium, as a new merchant goes through it: signed in,
 * sent to the wizard (the dashboard stays closed), the four steps against the local extmarket
 * server and locally served CSV files — a wrong key refused in words first — the historical
 * import followed by the page's live card until it ends, then the back office open. The same
 * wizard on a phone and in French. Screenshots in test-artifacts/onboarding/.
 */
/** Waits as long as a loaded machine needs (a sign-in's navigation alone took over 30 s at load 20). */
const patient = (page: Page) => {
  page.setDefaultNavigationTimeout(120_000);
  page.setDefaultTimeout(120_000);
  return page;
};

describeInBrowser('the onboarding wizard in a headless chromium', function () {
  this.timeout(600_000);
  let app: TestApp;
  let people: BrowserPeople;
  let v: VendorFixture;
  let extmarket: ExtmarketServer;
  let feeds: Awaited<ReturnType<typeof csvFeeds>>;

  before(async () => {
    app = await testApp();
    extmarket = await startExtmarketServer(`wizb-${Date.now()}`);
    pastOrders(extmarket, 'WB', 12);
    feeds = await csvFeeds(app, 12);
    v = await createVendorWithOwner(app);
    await beginOnboarding(app, v.vendorId);
    // The refused key of the story answers 400 on purpose.
    people = await browserPeople(app, 'onboarding', [/^400 .*\/vendor\/onboarding\/steps\/2$/]);
  });
  after(async () => {
    await people.close();
    await extmarket.close();
    await feeds.close();
  });

  it('a new merchant goes through the four steps and lands in an open back office', async () => {
    const page = patient(await people.person());
    await people.signIn(page, 'vendor', v.ownerEmail, v.ownerPassword);
    expect(new URL(page.url()).pathname).to.equal('/vendor/onboarding');
    await page.goto(`${app.url}/vendor/orders`, { waitUntil: 'load' });
    expect(new URL(page.url()).pathname, 'the dashboard stays closed').to.equal('/vendor/onboarding');
    await people.shot(page, '1-company-profile');

    await page.$eval('#i-name', (el) => {
      (el as HTMLInputElement).value = '';
    });
    await page.type('#i-name', 'Épicerie du Fort');
    await page.type('#i-contact_email', 'hello@epicerie.test');
    await page.type('#i-business_address', '2 Rue du Fort, 2419 Luxembourg');
    await page.type('#i-tax_number', 'LU12345678');
    await people.submit(page, '#step-1-form button[type=submit]');
    expect(await page.$eval('.flash.notice', (el) => el.textContent)).to.contain('Company profile saved.');

    await page.type('#i-api_key', 'this-key-is-wrong');
    await page.type('#i-api_endpoint', extmarket.url);
    await people.submit(page, '#step-2-form button[type=submit]');
    expect(await page.$eval('.flash.error', (el) => el.textContent)).to.contain('The extmarket did not accept this key');
    expect(await page.$eval('#i-api_key', (el) => (el as HTMLInputElement).value)).to.equal('');
    await people.shot(page, '2-extmarket-refused');
    await page.type('#i-api_key', extmarket.apiKey);
    await people.submit(page, '#step-2-form button[type=submit]');
    expect(await page.$eval('.flash.notice', (el) => el.textContent)).to.contain('Local extmarket vendor');

    await page.type('#i-product_csv_url', `${feeds.url}/products.csv`);
    await page.type('#i-order_csv_url', `${feeds.url}/orders.csv`);
    await people.submit(page, '#step-3-form button[type=submit]');
    expect(await page.$eval('.flash.notice', (el) => el.textContent)).to.contain('2 products and 12 orders');
    await people.shot(page, '3-import-files-read');

    await people.submit(page, '#step-4-form button[type=submit]');
    await people.shot(page, '4-order-history-importing');
    // The live card is fetched again by the page's script until the import has ended: no reload here.
    await page.waitForFunction(() => document.querySelector('#wizard-step')?.textContent?.includes('Your shop is set up'), {
      timeout: 60_000,
    });
    await people.shot(page, '5-finished');
    await people.submit(page, '#wizard-step a.button.primary');
    expect(new URL(page.url()).pathname).to.not.equal('/vendor/onboarding');
    await page.goto(`${app.url}/vendor/orders`, { waitUntil: 'load' });
    expect(new URL(page.url()).pathname, 'the back office is open').to.equal('/vendor/orders');
    expect(await page.$$eval('table.data tbody tr', (rows) => rows.length)).to.equal(12);
    await people.shot(page, '6-orders-imported');
    expect(people.problems).to.deep.equal([]);
  });

  it('the wizard reads well on a phone and in French', async () => {
    const other = await createVendorWithOwner(app);
    await beginOnboarding(app, other.vendorId);
    const phone = patient(await people.person({ width: 390, height: 844 }));
    await people.signIn(phone, 'vendor', other.ownerEmail, other.ownerPassword);
    await phone.goto(`${app.url}/vendor/language?lang=fr`, { waitUntil: 'load' });
    await phone.goto(`${app.url}/vendor/onboarding`, { waitUntil: 'load' });
    expect(await phone.$eval('h1', (el) => el.textContent)).to.contain('Configurer votre boutique');
    await people.shot(phone, 'phone-fr');
    expect(people.problems).to.deep.equal([]);
  });
});
