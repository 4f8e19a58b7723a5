import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { signedInAdmin } from '../../support/backOffice.ts';
import { notificationAppears } from '../../support/notifications.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

/**
 * The admins' notifications page filters as the API does: by kind, read state, the vendor a
 * notification is about, and the days it was raised (the `to` day included whole).
 */
describe('admin back office: notifications with their filters', function () {
  this.timeout(120_000);
  let app: TestApp;
  before(async function () {
    this.timeout(300_000);
    app = await testApp();
  });

  it('filters by vendor, kind, read state and day, on the page and in the API', async () => {
    const token = await app.adminToken();
    const a = await createVendorWithOwner(app, { vendor: { name: 'Filter <b>A</b>' } });
    const b = await createVendorWithOwner(app);
    const aNote = await notificationAppears(app, token, 'vendor_created', (n) => n.vendor_id === a.vendorId);
    await notificationAppears(app, token, 'vendor_created', (n) => n.vendor_id === b.vendorId);
    const api = await app.call('GET', `/api/v1/admin/notifications?vendor_id=${a.vendorId}`, { token });
    expect(api.body.items.map((n: any) => n.vendor_id)).to.deep.equal([a.vendorId]);
    const admin = await signedInAdmin(app);
    const page = await admin.get(`/admin/notifications?vendor_id=${a.vendorId}&kind=vendor_created`);
    expect(page.status).to.equal(200);
    expect(page.body).to.contain(`href="/admin/vendors/${a.vendorId}"`).and.not.contain(`href="/admin/vendors/${b.vendorId}"`);
    expect(page.body).to.contain('Filter &lt;b&gt;A&lt;/b&gt;').and.not.contain('<b>A</b>');
    const day = aNote.created_at.slice(0, 10);
    expect((await admin.get(`/admin/notifications?vendor_id=${a.vendorId}&from=${day}&to=${day}`)).body).to.contain(
      `href="/admin/vendors/${a.vendorId}"`,
    );
    expect((await admin.get(`/admin/notifications?vendor_id=${a.vendorId}&to=2000-01-01`)).body).to.not.contain(
      `href="/admin/vendors/${a.vendorId}"`,
    );
    expect((await admin.get(`/admin/notifications?vendor_id=${a.vendorId}&from=2999-01-01`)).body).to.not.contain(
      `href="/admin/vendors/${a.vendorId}"`,
    );
    await admin.post(`/admin/notifications/${aNote.id}/read`, { _csrf: admin.csrf(page.body) });
    expect((await admin.get(`/admin/notifications?vendor_id=${a.vendorId}&unread=true`)).body).to.not.contain(
      `href="/admin/vendors/${a.vendorId}"`,
    );
    expect((await admin.get(`/admin/notifications?vendor_id=${a.vendorId}&unread=false`)).body).to.contain(
      `href="/admin/vendors/${a.vendorId}"`,
    );
    const lenient = await admin.get('/admin/notifications?vendor_id=abc&from=yesterday&to=2026-13-45');
    expect(lenient.status).to.equal(200);
  });
});
