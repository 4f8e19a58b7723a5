import { expect } from 'chai';
import { raiseNotification } from '../../commands/notifications/handlers.ts';
import { ADMIN, testApp, unique, type TestApp } from '../support/app.ts';
import { browserPeople, type BrowserPeople } from '../support/backOffice.ts';
import { describeInBrowser } from '../support/browserSuite.ts';

/**
 * The admin back office's frame in headless Debian chromium: an admin signs in, lands on the
 * area's home, opens the notifications from the header's count, filters them, marks one read (the
 * count goes down), switches the language, and the same page on a phone opens its menu without
 * JavaScript. Screenshots in test-artifacts/back-office/.
 */
describeInBrowser('the admin back office in a headless chromium', function () {
  this.timeout(120_000);
  let app: TestApp;
  let people: BrowserPeople;

  before(async () => {
    app = await testApp();
    for (const [severity, title] of [
      ['error', 'Marketplace import #12 failed'],
      ['warning', 'Trial of Tea & Co ends in 3 days'],
      ['info', 'New vendor: Lumen Lights'],
    ] as const) {
      await app.services.settle([
        await raiseNotification(
          app.services.store,
          {
            at: app.services.clock.now().toISOString(),
            key: unique('browser'),
            kind: severity === 'error' ? 'marketplace_import_failed' : severity === 'warning' ? 'trial_ending' : 'vendor_created',
            severity,
            title,
            body: 'See the details in the record.',
          },
          { userId: 'system:test', correlationId: unique('c') },
        ),
      ]);
    }
    people = await browserPeople(app, 'back-office');
  });
  after(async () => people.close());

  it('signs in, reads and marks notifications, switches language; the phone layout opens its menu', async () => {
    const page = await people.person();
    await people.signIn(page, 'admin', ADMIN.email, ADMIN.password);
    expect(new URL(page.url()).pathname).to.match(/^\/admin\//);
    const count = async () => Number(await page.$eval('a.count[href^="/admin/notifications"] .n', (el) => el.getAttribute('data-count')));
    await Promise.all([page.waitForNavigation(), page.click('a.count[href^="/admin/notifications"]')]);
    expect(new URL(page.url()).pathname).to.equal('/admin/notifications');
    const before = await count();
    expect(before).to.be.greaterThan(0);
    await people.shot(page, 'admin-notifications');
    await people.submit(page, 'form[action$="/read"] button');
    expect(await count()).to.equal(before - 1);

    await page.select('#f-severity', 'warning');
    await people.submit(page, 'form.filters button[type=submit]');
    expect(await page.$eval('table.data tbody', (el) => el.textContent))
      .to.contain('Trial of Tea & Co')
      .and.not.contain('Marketplace import');

    await Promise.all([page.waitForNavigation(), page.select('#bo-lang', 'fr')]);
    expect(await page.$eval('h1', (el) => el.textContent)).to.equal('Notifications');
    expect(await page.$eval('html', (el) => el.lang)).to.equal('fr');
    await people.shot(page, 'admin-notifications-fr');

    const phone = await people.person({ width: 390, height: 844 });
    await people.signIn(phone, 'admin', ADMIN.email, ADMIN.password);
    await phone.goto(`${app.url}/admin/notifications`, { waitUntil: 'load' });
    expect(await phone.$eval('.bo-nav', (el) => getComputedStyle(el.parentElement!).display)).to.equal('none');
    await phone.click('label[for="bo-menu"]');
    expect(await phone.$eval('.bo-nav', (el) => getComputedStyle(el.parentElement!).display)).to.equal('block');
    await people.shot(phone, 'admin-phone-menu');
    expect(people.problems).to.deep.equal([]);
  });
});
