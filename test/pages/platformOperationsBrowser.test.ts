import { expect } from 'chai';
import { ADMIN, testApp, type TestApp } from '../support/app.ts';
import { browserPeople, type BrowserPeople } from '../support/backOffice.ts';
import { describeInBrowser } from '../support/browserSuite.ts';
import { eventually } from '../support/eventually.ts';
import { domesticVat, seedExtmarketOrder } from '../support/orders.ts';
import { switchModules } from '../support/platforms.ts';
import { Scheduler } from '../../src/runtime/scheduler.ts';
import { upload, waitForJob } from '../support/catalogueFiles.ts';
import { createVendorWithOwner } from '../support/tenancy.ts';

/**
 * The platform operations pages in headless Debian chromium: an admin signs in and lands on the
 * dashboard home (figures and charts), opens platform health (which refreshes itself), the logs
 * filtered by a request, and the modules of the own platform, where they switch the storefront
 * off and on again (the content pages it pulled in follow it). Screenshots in
 * test-artifacts/platform-operations/.
 */
describeInBrowser('the platform operations pages in a headless chromium', function () {
  this.timeout(180_000);
  let app: TestApp;
  let people: BrowserPeople;

  before(async () => {
    app = await testApp();
    const vendor = await createVendorWithOwner(app);
    for (const gross of [1990, 4500, 12990]) await seedExtmarketOrder(app, vendor.vendorId, [{ quantity: 1 }], { vat: domesticVat(gross) });
    // Every module on and chosen, whatever the shared app's earlier tests switched (a module only pulled in is released with its dependant).
    await switchModules(app, 'main', 'enable-all');
    await switchModules(app, 'main', 'enable', 'content-pages');
    people = await browserPeople(app, 'platform-operations', [/\/admin\/no-such-page/]);
  });
  after(async () => {
    await people.close();
    await switchModules(app, 'main', 'enable-all');
  });

  it('lands on the dashboard, reads health and logs, and switches a module off and on', async () => {
    const page = await people.person();
    await people.signIn(page, 'admin', ADMIN.email, ADMIN.password);
    expect(new URL(page.url()).pathname).to.equal('/admin/dashboard');
    const tiles = await page.$$eval('.tile .label', (els) => els.map((e) => e.textContent));
    expect(tiles).to.include.members(['Companies', 'Vendors', 'Orders', 'Revenue', 'Subscriptions']);
    expect(await page.$$eval('.chart', (els) => els.length)).to.be.at.least(2);
    await people.shot(page, 'admin-dashboard');

    await page.goto(`${app.url}/admin/platform-health`, { waitUntil: 'load' });
    expect(await page.$eval('#platform-health-figures', (el) => el.getAttribute('data-refresh'))).to.equal('10000');
    expect(await page.$eval('h1', (el) => el.textContent)).to.equal('Platform health');
    const cells = await page.$$eval('table.data tbody tr td:first-child code', (els) => els.map((e) => e.textContent));
    expect(cells).to.include.members(['platform_module_states', 'marketplace_import', 'pruneApplicationLogs']);
    // The page's own script fetches it again and swaps the figures in.
    await page.evaluate(() => document.querySelector('#platform-health-figures')!.setAttribute('data-marker', 'old'));
    await page.waitForFunction(() => !document.querySelector('#platform-health-figures')!.hasAttribute('data-marker'));
    await people.shot(page, 'admin-platform-health');

    const requestId = `browser-${Date.now()}`;
    await app.call('GET', '/api/v1/admin/auth/me', { token: await app.adminToken(), headers: { 'x-request-id': requestId } });
    // The log lines are stored a moment after the request: the admin looks again until it is there.
    const rows = await eventually(
      async () => {
        await page.goto(`${app.url}/admin/logs?request_id=${requestId}`, { waitUntil: 'load' });
        const found = await page.$$eval('table.data tbody tr', (els) => els.map((e) => e.textContent ?? ''));
        return found.length > 0 && found;
      },
      "the request's log line",
      30_000,
    );
    expect(rows.length).to.equal(1);
    expect(rows[0]).to.contain('/api/v1/admin/auth/me');
    await page.goto(`${app.url}/admin/logs`, { waitUntil: 'load' });
    await people.shot(page, 'admin-logs');

    await page.goto(`${app.url}/admin/platforms`, { waitUntil: 'load' });
    await Promise.all([page.waitForNavigation(), page.click('a[href="/admin/platforms/main/modules"]')]);
    const state = (module: string) => page.$eval(`[data-module-state="${module}"]`, (el) => el.textContent?.trim());
    expect(await state('storefront')).to.equal('On');
    await people.shot(page, 'admin-modules');
    page.once('dialog', (d) => void d.accept());
    await people.submit(page, 'form[action="/admin/platforms/main/modules/storefront/disable"] button');
    expect(await state('storefront')).to.equal('Off');
    expect(await page.$eval('.flash.notice', (el) => el.textContent)).to.contain('storefront is off');
    // Content pages are needed by nothing now, yet were enabled at installation: they stay on.
    expect(await state('content-pages')).to.equal('On');
    await people.shot(page, 'admin-modules-storefront-off');
    await people.submit(page, 'form[action="/admin/platforms/main/modules/storefront/enable"] button');
    expect(await state('storefront')).to.equal('On');
    // A needed module's switch is refused in the domain's words.
    page.once('dialog', (d) => void d.accept());
    await people.submit(page, 'form[action="/admin/platforms/main/modules/content-pages/disable"] button');
    expect(await page.$eval('.flash.error', (el) => el.textContent)).to.contain(
      'content-pages cannot be disabled while storefront depends on it',
    );
    expect(await state('content-pages')).to.equal('On');
    expect(people.problems).to.deep.equal([]);
  });

  it('shows failed tasks with long errors at 1280 px without pushing their retry button off the screen', async () => {
    const token = await app.adminToken();
    const vendor = await createVendorWithOwner(app);
    const res = await upload(
      app,
      '/api/v1/admin/marketplace-import-jobs',
      token,
      { vendor_id: String(vendor.vendorId) },
      { name: 'empty.csv', data: '' },
    );
    expect((await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token)).status).to.equal('failed');
    const reason = 'the exchange-rate source answered 503 Service Unavailable three times in a row; '.repeat(4);
    const failing = {
      name: 'longFailureForTheMonitor',
      cron: '0 0 1 1 *',
      run: async () => {
        throw new Error(reason);
      },
    };
    await new Scheduler(app.services, [failing], app.services.logger).fire(failing, new Date(Date.UTC(2021, 0, 1)));

    const page = await people.person();
    await people.signIn(page, 'admin', ADMIN.email, ADMIN.password);
    // Each kind on its own filtered list: in a full run other tests leave failed tasks too, some
    // dated by a clock they moved ahead, so the unfiltered first page need not hold these two.
    const rowsOf = async (type: string) => {
      await page.goto(`${app.url}/admin/tasks?status=failed&type=${type}`, { waitUntil: 'load' });
      expect(await page.$eval('select#f-status', (el) => (el as HTMLSelectElement).value)).to.equal('failed');
      expect(await page.$$eval('#task-list form button', (els) => els.every((b) => b.getBoundingClientRect().right <= 1280))).to.equal(
        true,
      );
      return page.$$eval('#task-list table.data tbody tr', (rows) =>
        rows.map((r) => ({
          text: r.textContent ?? '',
          right: Math.max(...[...r.querySelectorAll('td')].map((td) => td.getBoundingClientRect().right)),
          error: (r.querySelector('.error-text') as HTMLElement | null)?.title ?? '',
        })),
      );
    };
    const scheduled = await rowsOf('scheduled_task');
    const long = scheduled.find((r) => r.text.includes('longFailureForTheMonitor'))!;
    expect(long.error).to.equal(reason);
    const imports = await rowsOf('marketplace_import');
    expect(imports.find((r) => r.text.includes('marketplace_import'))).to.exist;
    for (const row of [...scheduled, ...imports]) expect(row.right, row.text).to.be.at.most(1280);
    await page.goto(`${app.url}/admin/tasks?status=failed`, { waitUntil: 'load' });
    await people.shot(page, 'admin-tasks-failed');
  });
});
