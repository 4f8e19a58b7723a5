import { expect } from 'chai';
import { testApp, type TestApp } from '../support/app.ts';
import { signedIn, signedInAdmin } from '../support/backOffice.ts';
import { switchModules } from '../support/platforms.ts';
import { visitor } from '../support/storefront.ts';
import { createVendorWithOwner } from '../support/tenancy.ts';

const PAGES = ['/admin/dashboard', '/admin/platform-health', '/admin/logs', '/admin/platforms', '/admin/platforms/main/modules'];

describe('the platform operations pages over HTTP', function () {
  this.timeout(120_000);
  let app: TestApp;

  before(async () => {
    app = await testApp();
  });
  after(async () => {
    await switchModules(app, 'main', 'enable-all');
  });

  it("open for an admin; a visitor, a vendor's team member and a customer never open them", async () => {
    const admin = await signedInAdmin(app);
    for (const path of PAGES) {
      const res = await admin.get(path);
      expect(res.status, path).to.equal(200);
      expect(res.body, path).to.contain('<h1>');
    }
    const v = await createVendorWithOwner(app);
    const member = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword);
    const anon = visitor(app);
    for (const path of PAGES) {
      for (const who of [anon, member]) {
        const res = await who.get(path);
        expect(res.status, path).to.equal(303);
        expect(res.headers.location, path).to.match(/^\/admin\/login/);
      }
      // A vendor token as a bearer header is no admin session either: the answer leads to the sign-in page.
      const bearer = await app.call('GET', path, { token: v.ownerToken });
      expect(bearer.body, path).to.contain('<title>Sign in · Platform administration</title>');
    }
    expect((await admin.get('/admin/platforms/nowhere/modules')).status).to.equal(404);
  });

  it('a module switch refuses a missing or wrong form token (403, nothing changed) and works with the right one', async () => {
    const admin = await signedInAdmin(app);
    const page = await admin.get('/admin/platforms/main/modules');
    const action = '/admin/platforms/main/modules/themes/disable';
    expect(page.body).to.contain(`action="${action}"`);
    for (const form of [{}, { _csrf: 'forged-token' }] as Record<string, string>[]) {
      const res = await admin.post(action, form);
      expect(res.status).to.equal(403);
    }
    const state = async () =>
      (await app.call('GET', '/api/v1/admin/modules/platforms/main', { token: await app.adminToken() })).body.disabled;
    expect(await state()).to.deep.equal([]);
    const done = await admin.post(action, { _csrf: admin.csrf(page.body) });
    expect(done.status).to.equal(303);
    expect(await state()).to.deep.equal(['themes']);
  });

  it('shows log lines as text: markup in a logged message never runs', async () => {
    app.services.logger.warn({ note: '<img src=x onerror=alert(2)>' }, '<script>alert(1)</script> logged by a test');
    const admin = await signedInAdmin(app);
    // The search box repeats the text: wait for the line itself (the store is written every second).
    const line = '&lt;script&gt;alert(1)&lt;/script&gt; logged by a test';
    let body = '';
    for (let i = 0; i < 150 && !body.includes(line); i++) {
      body = (await admin.get('/admin/logs?search=logged+by+a+test')).body;
      if (!body.includes(line)) await new Promise((r) => setTimeout(r, 100));
    }
    expect(body).to.contain(line);
    expect(body).to.not.contain('<script>alert(1)');
    expect(body).to.not.contain('<img src=x');
    // A filter the page does not take is no filter, never a 500 (a NUL byte is refused by the input guard of every route).
    for (const q of ['level=loud', 'from=yesterday', 'user_id=abc', 'page=-3', 'request_id=%3Cx%3E']) {
      expect((await admin.get(`/admin/logs?${q}`)).status, q).to.equal(200);
    }
    expect((await admin.get('/admin/logs?search=%00')).status).to.be.below(500);
  });
});
