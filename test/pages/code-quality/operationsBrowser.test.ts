import { expect } from 'chai';
import { ADMIN, testApp, type TestApp } from '../../support/app.ts';
import { browserPeople, type BrowserPeople } from '../../support/backOffice.ts';
import { FIXTURE_VIOLATIONS, scanFixtureCopy } from '../../support/codeQuality.ts';

describe('platform operations in a browser: an admin scans the code and steers a violation', function () {
  this.timeout(300_000);
  let app: TestApp;
  let people: BrowserPeople;

  before(async () => {
    app = await testApp();
    scanFixtureCopy(app);
    people = await browserPeople(app, 'operations');
  });
  after(async () => {
    await people?.close();
  });

  it('clicks "scan", watches the progress move to completion, then assigns a violation', async () => {
    const page = await people.person();
    await people.signIn(page, 'admin', ADMIN.email, ADMIN.password);
    await page.goto(`${app.url}/admin/code-quality`, { waitUntil: 'load' });
    await people.shot(page, 'code-quality-before');
    await people.submit(page, 'form[action="/admin/code-quality/scan"] button');
    const running = await page.$eval('#scan-progress', (el) => ({ refresh: el.getAttribute('data-refresh'), text: el.textContent ?? '' }));
    expect(running.refresh).to.equal('3000');
    expect(running.text).to.match(/Scan \d+ (running|waiting)/);
    await people.shot(page, 'code-quality-scanning');
    // The frame's script fetches the progress again every 3 s and swaps it in, until the scan ends.
    await page.waitForFunction(() => /Scan \d+ completed/.test(document.querySelector('#scan-progress')?.textContent ?? ''), {
      timeout: 240_000,
      polling: 500,
    });
    await page.reload({ waitUntil: 'load' });
    const rows = await page.$$eval('table.data tbody tr', (trs) => trs.length);
    expect(rows).to.be.at.least(FIXTURE_VIOLATIONS.length);
    await people.shot(page, 'code-quality-done');

    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('a[href^="/admin/code-quality/violations/"]')]);
    await page.type('#i-assignee', 'ada');
    await page.select('#i-priority', 'high');
    await people.submit(page, 'form[action$="/assign"] button');
    expect(await page.$eval('main', (m) => m.textContent ?? '')).to.match(/Assigned/);
    await people.shot(page, 'violation-assigned');

    const phone = await people.person({ width: 390, height: 844 });
    await people.signIn(phone, 'admin', ADMIN.email, ADMIN.password);
    await phone.goto(`${app.url}/admin/code-quality`, { waitUntil: 'load' });
    await people.shot(phone, 'code-quality-phone');
    expect(people.problems).to.deep.equal([]);
  });
});
