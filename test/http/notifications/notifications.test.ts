import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { csv, goodRow, HEADER, badRows, newBase, serveFiles, waitForJob, type FileServer } from '../../support/catalogueFiles.ts';
import { listNotifications, newAdmin, notificationAppears, unreadCount } from '../../support/notifications.ts';
import { createCompany, createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

describe('admin notifications: every admin sees them, each with their own read state', () => {
  let app: TestApp;
  let root: string;
  let vendor: VendorFixture;
  let files: FileServer;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  const base = newBase();

  before(async () => {
    app = await testApp();
    root = await app.adminToken();
    vendor = await createVendorWithOwner(app);
    const opts = { base, count: 3, marketplace: `Notify${base}` };
    const rows = [
      HEADER,
      goodRow(opts, 1),
      goodRow(opts, 2),
      goodRow(opts, 3),
      ...badRows(opts)
        .slice(0, 2)
        .map((b) => b.row),
    ];
    files = await serveFiles({ '/mixed.csv': csv(rows) });
    alice = await newAdmin(app);
    bob = await newAdmin(app);
    // The fixtures' own notifications (new company, new vendor) are in before the tests count.
    await notificationAppears(app, root, 'vendor_created', (n) => n.vendor_id === vendor.vendorId);
  });
  after(() => files.close());

  it('an import that rejected rows raises one warning that every admin sees, unread, with a link to the errors', async () => {
    const started = await app.call('POST', '/api/v1/admin/marketplace-import-jobs', {
      token: root,
      body: { vendor_id: vendor.vendorId, language: 'en', source_url: `${files.url}/mixed.csv` },
    });
    expect(started.status, JSON.stringify(started.body)).to.equal(202);
    const job = await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${started.body.id}`, root);
    expect(job.status).to.equal('completed');

    const ofJob = (n: any) => n.data.job_id === started.body.id;
    for (const admin of [root, alice.token, bob.token]) {
      const n = await notificationAppears(app, admin, 'marketplace_import_completed_with_errors', ofJob);
      expect(n).to.include({
        severity: 'warning',
        is_read: false,
        vendor_id: vendor.vendorId,
        link: `/api/v1/admin/marketplace-import-jobs/${started.body.id}/errors`,
      });
      expect(n.data).to.include({ accepted: 3, rejected: 2 });
      expect(n.title).to.include('rejected 2 row(s)');
    }
    const all = await listNotifications(app, root, 'kind=marketplace_import_completed_with_errors');
    expect(all.filter(ofJob)).to.have.length(1);
    // The link answers.
    const errors = await app.call('GET', `/api/v1/admin/marketplace-import-jobs/${started.body.id}/errors`, { token: root });
    expect(errors.status).to.equal(200);
  });

  it("counts unread notifications exactly per admin; reading one or all moves only that admin's count", async () => {
    for (const admin of [alice, bob]) {
      const res = await app.call('POST', '/api/v1/admin/notifications/read-all', { token: admin.token });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ unread: 0 });
      expect(await unreadCount(app, admin.token)).to.equal(0);
    }
    const first = await createCompany(app);
    const second = await createCompany(app);
    const a1 = await notificationAppears(app, alice.token, 'company_created', (n) => n.data.company_id === first.id);
    const a2 = await notificationAppears(app, alice.token, 'company_created', (n) => n.data.company_id === second.id);
    expect(a1).to.include({ severity: 'info', is_read: false, link: `/api/v1/admin/companies/${first.id}` });
    expect(await unreadCount(app, alice.token)).to.equal(2);
    expect(await unreadCount(app, bob.token)).to.equal(2);

    const read = await app.call('POST', `/api/v1/admin/notifications/${a1.id}/read`, { token: alice.token });
    expect(read.status).to.equal(200);
    expect(read.body).to.include({ id: a1.id, is_read: true });
    expect(await unreadCount(app, alice.token)).to.equal(1);
    expect(await unreadCount(app, bob.token)).to.equal(2);
    // Reading it again changes nothing.
    expect((await app.call('POST', `/api/v1/admin/notifications/${a1.id}/read`, { token: alice.token })).status).to.equal(200);
    expect(await unreadCount(app, alice.token)).to.equal(1);

    // Bob reads everything; Alice still has the second one unread.
    expect((await app.call('POST', '/api/v1/admin/notifications/read-all', { token: bob.token })).body).to.deep.equal({ unread: 0 });
    expect(await unreadCount(app, alice.token)).to.equal(1);
    const bobs = await listNotifications(app, bob.token, 'kind=company_created');
    expect(bobs.find((n) => n.id === a2.id)).to.include({ is_read: true });
    expect((await listNotifications(app, alice.token, 'kind=company_created')).find((n) => n.id === a2.id)).to.include({ is_read: false });

    // A notification raised after "read all" is unread again, for both.
    const third = await createCompany(app);
    await notificationAppears(app, bob.token, 'company_created', (n) => n.data.company_id === third.id);
    expect(await unreadCount(app, alice.token)).to.equal(2);
    expect(await unreadCount(app, bob.token)).to.equal(1);
  });

  it('lists newest first and filters by unread, kind and severity, as pages of {items,total,page,limit}', async () => {
    const companies = [await createCompany(app), await createCompany(app)];
    const [older, newer] = await Promise.all(
      companies.map((c) => notificationAppears(app, alice.token, 'company_created', (n) => n.data.company_id === c.id)),
    );
    const page = await app.call('GET', '/api/v1/admin/notifications?kind=company_created&limit=2&page=1', { token: alice.token });
    expect(page.status).to.equal(200);
    expect(page.body).to.include({ page: 1, limit: 2 });
    expect(page.body.total).to.be.greaterThan(2);
    expect(page.body.items.map((n: any) => n.id)).to.deep.equal([newer.id, older.id]);

    await app.call('POST', `/api/v1/admin/notifications/${newer.id}/read`, { token: alice.token });
    const unread = await listNotifications(app, alice.token, 'unread=true');
    expect(unread.every((n) => n.is_read === false)).to.equal(true);
    expect(unread.map((n) => n.id))
      .to.include(older.id)
      .and.not.include(newer.id);
    const readOnes = await listNotifications(app, alice.token, 'unread=false');
    expect(readOnes.map((n) => n.id))
      .to.include(newer.id)
      .and.not.include(older.id);
    expect(await unreadCount(app, alice.token)).to.equal(
      (await app.call('GET', '/api/v1/admin/notifications?unread=true&limit=1', { token: alice.token })).body.total,
    );

    const warnings = await listNotifications(app, alice.token, 'severity=warning');
    expect(warnings.length).to.be.greaterThan(0);
    expect(warnings.every((n) => n.severity === 'warning')).to.equal(true);
    const infos = await listNotifications(app, alice.token, 'severity=info&kind=company_created');
    expect(infos.every((n) => n.severity === 'info' && n.kind === 'company_created')).to.equal(true);
    expect(infos.map((n) => n.id)).to.include(older.id);
  });

  it('refuses an unknown severity or a malformed id with 422, an unknown notification with 404, and callers who are not admins', async () => {
    expect((await app.call('GET', '/api/v1/admin/notifications?severity=fatal', { token: root })).status).to.equal(422);
    expect((await app.call('POST', '/api/v1/admin/notifications/42/read', { token: root })).status).to.equal(422);
    const missing = await app.call('POST', `/api/v1/admin/notifications/00000000-0000-5000-8000-${'0'.repeat(12)}/read`, { token: root });
    expect(missing.status).to.equal(404);
    expect(missing.body.code).to.equal('NotificationNotFoundException');
    expect((await app.call('GET', '/api/v1/admin/notifications', {})).status).to.equal(401);
    expect((await app.call('GET', '/api/v1/admin/notifications/unread-count', { token: vendor.ownerToken })).status).to.equal(401);
  });
});
