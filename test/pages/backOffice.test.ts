import { expect } from 'chai';
import { raiseNotification } from '../../commands/notifications/handlers.ts';
import { testApp, unique, type TestApp } from '../support/app.ts';
import { signedIn, signedInAdmin } from '../support/backOffice.ts';
import { unreadCount } from '../support/notifications.ts';
import { visitor } from '../support/storefront.ts';
import { createVendorWithOwner, type VendorFixture } from '../support/tenancy.ts';

/**
 * The back offices' doors and frame (src/pages/backOffice, src/pages/auth): each area's sign-in
 * page says which area it opens, the area's root leads to sign-in or home, a session of one area
 * never opens the other, the language switch, and the admins' notifications page as the frame's
 * first list (filters, marking read through the API's commands, the form token).
 */
describe("back offices: sign-in, frame and the admins' notifications page", function () {
  let app: TestApp;
  let v: VendorFixture;

  const raise = (over: Partial<Parameters<typeof raiseNotification>[1]> = {}) =>
    raiseNotification(
      app.services.store,
      {
        at: app.services.clock.now().toISOString(),
        key: unique('page-test'),
        kind: 'marketplace_import_failed',
        severity: 'error',
        title: 'Import failed',
        body: 'The file could not be read',
        ...over,
      },
      { userId: 'system:test', correlationId: unique('c') },
    ).then((r) => app.services.settle([r]));

  before(async function () {
    this.timeout(120_000);
    app = await testApp();
    v = await createVendorWithOwner(app);
  });

  it("each area's root sends a visitor to its own sign-in page, which says which area it opens", async () => {
    const anon = visitor(app);
    for (const area of ['admin', 'vendor']) {
      const root = await anon.get(`/${area}`);
      expect(root.status).to.equal(303);
      expect(root.headers.location).to.equal(`/${area}/login`);
    }
    const admin = await anon.get('/admin/login');
    const vendor = await anon.get('/vendor/login');
    expect(admin.body).to.contain('Sign in to the platform administration').and.not.contain('back office</h1>');
    expect(vendor.body).to.contain('Sign in to your shop’s back office').and.contain('name="vendor_code"');
    expect(admin.body).to.contain('href="/vendor/login"');
  });

  it("an admin lands on the area's home page after sign-in; a page asked for before sign-in comes back", async () => {
    const admin = await signedInAdmin(app);
    const home = await admin.get('/admin');
    expect(home.status).to.equal(303);
    expect(home.headers.location).to.match(/^\/admin\/[a-z-]+/);

    const anon = visitor(app);
    const asked = await anon.get('/admin/notifications?severity=error');
    expect(asked.headers.location).to.equal(`/admin/login?return=${encodeURIComponent('/admin/notifications?severity=error')}`);
  });

  it("a vendor's session never opens an admin page, and an admin's never a vendor page", async () => {
    const member = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword);
    const refused = await member.get('/admin/notifications');
    expect(refused.status).to.equal(303);
    expect(refused.headers.location).to.match(/^\/admin\/login/);
    const admin = await signedInAdmin(app);
    const vendorPage = await admin.get('/vendor/messages');
    expect(vendorPage.status).to.equal(303);
    expect(vendorPage.headers.location).to.match(/^\/vendor\/login/);
  });

  it('lists the notifications with their text escaped, filters them, and marks one and then all read for this admin only', async () => {
    await raise({ title: '<script>alert("t")</script> failed', severity: 'error' });
    await raise({ title: 'Trial ending soon', severity: 'warning', kind: 'trial_ending' });
    const admin = await signedInAdmin(app);
    const token = await app.adminToken();

    const page = await admin.get('/admin/notifications');
    expect(page.status).to.equal(200);
    expect(page.headers['content-security-policy']).to.contain("script-src 'self'");
    expect(page.body).to.contain('&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; failed').and.not.contain('<script>alert');
    expect(page.body).to.contain('Trial ending soon');

    const warnings = await admin.get('/admin/notifications?severity=warning');
    expect(warnings.body).to.contain('Trial ending soon').and.not.contain('alert(&quot;t&quot;)');

    const before = await unreadCount(app, token);
    const id = /action="\/admin\/notifications\/([0-9a-f-]{36})\/read"/.exec(page.body)?.[1];
    expect(id, 'a "mark read" form').to.be.a('string');
    const marked = await admin.post(`/admin/notifications/${id}/read`, { _csrf: admin.csrf(page.body), return: '/admin/notifications' });
    expect(marked.status).to.equal(303);
    expect(await unreadCount(app, token)).to.equal(before - 1);

    const all = await admin.post('/admin/notifications/read-all', { _csrf: admin.csrf(page.body), return: '/admin/notifications' });
    expect(all.status).to.equal(303);
    expect(await unreadCount(app, token)).to.equal(0);
    const after = await admin.get(String(all.headers.location));
    expect(after.body).to.contain('Every notification is marked read.');
  });

  it("a form without the page's token changes nothing and says why", async () => {
    await raise();
    const admin = await signedInAdmin(app);
    const token = await app.adminToken();
    const before = await unreadCount(app, token);
    const refused = await admin.post('/admin/notifications/read-all', { _csrf: 'x'.repeat(43), return: '/admin/notifications' });
    expect(refused.status).to.equal(403);
    expect(refused.body).to.contain('This form expired');
    const missing = await admin.post('/admin/notifications/read-all', { return: '/admin/notifications' });
    expect(missing.status).to.equal(403);
    expect(await unreadCount(app, token)).to.equal(before);
  });

  it('the language switch puts the frame and the page in the chosen language, and keeps the page', async () => {
    const admin = await signedInAdmin(app);
    const switched = await admin.get('/admin/language?lang=de&return=%2Fadmin%2Fnotifications');
    expect(switched.status).to.equal(303);
    expect(switched.headers.location).to.equal('/admin/notifications');
    const page = await admin.get('/admin/notifications');
    expect(page.body).to.contain('<html lang="de"').and.contain('Benachrichtigungen').and.contain('Plattform-Administration');
    const elsewhere = await admin.get('/admin/language?lang=de&return=https%3A%2F%2Fevil.example%2F');
    expect(elsewhere.headers.location).to.equal('/admin');
  });

  it("the frame's navigation shows what the area offers, the counts of the header, and who is signed in", async () => {
    const admin = await signedInAdmin(app);
    await raise();
    const page = await admin.get('/admin/notifications');
    expect(page.body).to.contain('href="/admin/messages"').and.contain('aria-current="page"');
    expect(page.body).to.match(/class="count" href="\/admin\/notifications\?unread=true"[^>]*aria-label="Unread notifications: [1-9]/);
    const member = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword);
    const messages = await member.get('/vendor/messages');
    expect(messages.status).to.equal(200);
    expect(messages.body).to.contain('Vendor back office').and.contain('href="/vendor/messages"').and.not.contain('href="/admin/messages"');
  });
});
