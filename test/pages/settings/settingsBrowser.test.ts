import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { browserPeople, type BrowserPeople } from '../../support/backOffice.ts';
import { describeInBrowser } from '../../support/browserSuite.ts';
import { startExtmarketServer, type ExtmarketServer } from '../../support/extmarketServer.ts';
import { putOnTier } from '../../support/plans.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/**
 * The vendor's settings in headless chromium, as its owner uses them: the business info edited
 * and one contact field given back to the company, the extmarket key set and tested against the
 * fake extmarket, the domains with their verification steps, the theme's preview; at 1280 px and
 * on a phone. Screenshots in test-artifacts/settings/.
 */
describeInBrowser('the vendor settings pages in a headless chromium', function () {
  this.timeout(180_000);
  let app: TestApp;
  let people: BrowserPeople;
  let v: VendorFixture;
  let extmarket: ExtmarketServer;
  const domain = `${unique('shop')}.example.com`.toLowerCase();

  before(async () => {
    app = await testApp();
    extmarket = await startExtmarketServer();
    v = await createVendorWithOwner(app, {
      company: { contact_phone: '+352 111 222', website: 'https://company.test', business_address: '1 Rue du Fort, Luxembourg' },
    });
    await putOnTier(app, v.vendorId, 'enterprise');
    const added = await app.call('POST', `/api/v1/admin/vendors/${v.vendorId}/domains`, {
      token: await app.adminToken(),
      body: { domain },
    });
    expect(added.status).to.equal(201);
    people = await browserPeople(app, 'settings');
  });
  after(async () => {
    await people.close();
    await extmarket?.close();
  });

  const value = (page: import('puppeteer-core').Page, selector: string) => page.$eval(selector, (el) => (el as HTMLInputElement).value);
  const text = (page: import('puppeteer-core').Page, selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);

  it('the owner edits the business info and gives a contact field back to the company', async () => {
    const page = await people.person();
    await people.signIn(page, 'vendor', v.ownerEmail, v.ownerPassword, v.vendorCode);
    await people.submit(page, 'a[href="/vendor/settings"]');
    expect(new URL(page.url()).pathname).to.equal('/vendor/settings');
    await people.shot(page, 'business-inherited');

    await page.$eval('#i-name', (el) => {
      (el as HTMLInputElement).value = '';
    });
    await page.type('#i-name', 'Atelier Lumière');
    await page.type('#i-description', 'Lamps made by hand in Luxembourg.');
    await page.type('#i-contact_phone', '+352 999 000');
    await page.type('#i-contact_email', 'hello@atelier.test');
    await people.submit(page, '#business-form button.primary');
    expect(await text(page, '.flash.notice')).to.contain('The settings are saved.');
    expect(await text(page, '[data-field="contact_phone"] .hint'))
      .to.contain('Own value')
      .and.contain('+352 111 222');
    await people.shot(page, 'business-own-values');

    await people.submit(page, 'button[formaction="/vendor/settings/business-info/reset"][value="contact_phone"]');
    expect(await text(page, '.flash.notice')).to.contain("Phone is the company's again.");
    expect(await value(page, '#i-contact_phone')).to.equal('');
    expect(await text(page, '[data-field="contact_phone"] .hint')).to.contain('Inherited from the company');
    expect(await value(page, '#i-contact_email'), 'the other own value stays').to.equal('hello@atelier.test');
    await people.shot(page, 'business-reset');
    expect(people.problems).to.deep.equal([]);
  });

  it('the owner sets the extmarket listing and key, and tests the connection', async () => {
    const page = await people.person();
    await people.signIn(page, 'vendor', v.ownerEmail, v.ownerPassword, v.vendorCode);
    await page.goto(`${app.url}/vendor/settings?tab=extmarket`, { waitUntil: 'load' });
    await page.select('#i-default_tax_rate', '17');
    await page.click('input[name="delivery_method"][value="package_delivery"]');
    await page.type('#i-preorder_days', '3');
    await people.submit(page, '#extmarket-form button.primary');
    expect(await text(page, '.flash.notice')).to.contain('The settings are saved.');

    await page.type('#i-api_key', extmarket.apiKey);
    await page.$eval(
      '#i-api_endpoint',
      (el, url) => {
        (el as HTMLInputElement).value = url as string;
      },
      extmarket.url,
    );
    await people.submit(page, '#credentials-form button.primary');
    expect(await text(page, '.flash.notice')).to.contain('The extmarket connection is saved.');
    expect(await page.content()).to.not.contain(extmarket.apiKey);
    expect(await value(page, '#i-api_key'), 'the key is never put back in the form').to.equal('');
    await people.submit(page, `form[action="/vendor/settings/extmarket-credentials/test"] button`);
    expect(await text(page, '.flash.notice')).to.contain('The connection works');
    expect(await text(page, '#extmarket-connection')).to.contain('Works');
    await people.shot(page, 'extmarket');
    expect(people.problems).to.deep.equal([]);
  });

  it('the owner views the domains with their verification steps and the theme, at 1280 px and on a phone', async () => {
    const page = await people.person();
    await people.signIn(page, 'vendor', v.ownerEmail, v.ownerPassword, v.vendorCode);
    await page.goto(`${app.url}/vendor/settings?tab=domains`, { waitUntil: 'load' });
    const domains = await text(page, 'main');
    expect(domains).to.contain(domain).and.contain(`_platform-verification.${domain}`).and.contain('Waiting for DNS');
    await people.shot(page, 'domains');
    await page.goto(`${app.url}/vendor/settings?tab=theme`, { waitUntil: 'load' });
    expect(await page.$('.theme-preview')).to.not.equal(null);
    expect(await page.$eval('a.button.primary[href$="/shop/"]', (a) => a.getAttribute('href'))).to.equal(`/vendors/${v.vendorCode}/shop/`);
    await people.shot(page, 'theme');

    const phone = await people.person({ width: 390, height: 844 });
    await people.signIn(phone, 'vendor', v.ownerEmail, v.ownerPassword, v.vendorCode);
    for (const tab of ['business', 'extmarket', 'domains', 'theme']) {
      await phone.goto(`${app.url}/vendor/settings?tab=${tab}`, { waitUntil: 'load' });
      const wider = await phone.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest('.table-wrap, .tabs'))
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}#${el.id}`)
          .slice(0, 5),
      );
      expect(wider, `${tab}: nothing wider than the phone`).to.deep.equal([]);
      await people.shot(phone, `phone-${tab}`);
    }
    expect(people.problems).to.deep.equal([]);
  });
});
