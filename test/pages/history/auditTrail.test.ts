import { expect } from 'chai';
import { ADMIN, testApp, unique, type TestApp } from '../../support/app.ts';
import { signedIn, signedInAdmin } from '../../support/backOffice.ts';
import { visitor } from '../../support/storefront.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

/**
 * The auditor's pages of the admin back office (src/pages/history): the time line across records
 * by record, by user and by time range answers "who changed this and when"; any record's history
 * shows the record as of a time; one record's history downloads as JSON Lines; none of it opens
 * to anyone but an admin.
 */
describe("the auditor's time line, record history and export", function () {
  let app: TestApp;
  let userId: number;
  let name: string;
  let createdAt: string;
  let deactivatedAt: string;

  before(async function () {
    this.timeout(120_000);
    app = await testApp();
    const token = await app.adminToken();
    name = unique('audited');
    const created = await app.call('POST', '/api/v1/admin/users', {
      token,
      body: { email: `${name}@platform.test`, username: name, password: 'a-long-password-1', role: 'vendor' },
    });
    userId = created.body.id;
    await new Promise((r) => setTimeout(r, 30));
    await app.call('PUT', `/api/v1/admin/users/${userId}/status`, { token, body: { is_active: false } });
    [createdAt, deactivatedAt] = (await app.services.store.readStream(`user-${userId}`)).map((e) => e.recorded_at) as [string, string];
  });

  it("finds a record's events, newest first, with who changed it and when", async () => {
    const admin = await signedInAdmin(app);
    const page = await admin.get(`/admin/history?stream=user-${userId}`);
    expect(page.status).to.equal(200);
    const rows = page.body.slice(page.body.indexOf('<tbody>'));
    expect(rows.indexOf('User deactivated')).to.be.greaterThan(-1).and.lessThan(rows.indexOf('User created'));
    expect(rows).to.contain(ADMIN.username).and.contain(`user-${userId}`);
    expect(page.body).to.contain(`href="/admin/history/export?stream=user-${userId}"`);
  });

  it('finds what one user changed across records, by id or by name, within a time range', async () => {
    const admin = await signedInAdmin(app);
    const adminId = (await app.services.db.knex('user_list').where('username', ADMIN.username).first('id'))!.id;
    const byId = await admin.get(`/admin/history?user=${adminId}`);
    expect(byId.body).to.contain(`user-${userId}`);
    const byName = await admin.get(`/admin/history?user=${ADMIN.username}&stream=user-${userId}`);
    expect(byName.body).to.contain('User created');
    const nobody = await admin.get(`/admin/history?user=${unique('nobody')}`);
    expect(nobody.body).to.contain('No user is named');

    const onlyLater = await admin.get(`/admin/history?stream=user-${userId}&from=${encodeURIComponent(deactivatedAt)}`);
    expect(onlyLater.body).to.not.contain('User created');
    const onlyEarlier = await admin.get(`/admin/history?stream=user-${userId}&to=${encodeURIComponent(createdAt)}`);
    expect(onlyEarlier.body).to.contain('User created').and.contain('v1').and.not.contain('>v2<');
  });

  it('shows any record as it was at a time, and exports its history as JSON Lines without secrets', async () => {
    const admin = await signedInAdmin(app);
    const record = await admin.get(`/admin/history/record?stream=user-${userId}&as_of=${encodeURIComponent(createdAt)}`);
    expect(record.status).to.equal(200);
    expect(record.body)
      .to.contain('1 of 2 events')
      .and.match(/<dt>status<\/dt><dd>active<\/dd>/);

    const file = await admin.get(`/admin/history/export?stream=user-${userId}`);
    expect(file.status).to.equal(200);
    expect(file.headers['content-type']).to.match(/^application\/x-ndjson/);
    expect(file.headers['content-disposition']).to.contain(`user-${userId}-history.jsonl`);
    const lines = file.body
      .trim()
      .split('\n')
      .map((l: string) => JSON.parse(l));
    expect(lines.map((l: { version: number }) => l.version)).to.deep.equal([1, 2]);
    expect(lines[1].state_after.status).to.equal('inactive');
    expect(lines[0].user_id).to.be.a('number');
    expect(file.body).to.not.contain('$argon2');

    const missing = await admin.get('/admin/history/record?stream=user-999999999');
    expect(missing.status).to.equal(404);
  });

  it("the same export answers an auditor's API token", async () => {
    const res = await fetch(`${app.url}/api/v1/admin/events/streams/user-${userId}/export`, {
      headers: { authorization: `Bearer ${await app.adminToken()}` },
    });
    expect(res.status).to.equal(200);
    expect((await res.text()).trim().split('\n')).to.have.length(2);
  });

  it("opens to admins only: a visitor and a vendor's team member are sent to the admin sign-in", async () => {
    const v = await createVendorWithOwner(app);
    const member = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword);
    for (const path of ['/admin/history', `/admin/history/record?stream=user-${userId}`, `/admin/history/export?stream=user-${userId}`]) {
      for (const who of [visitor(app), member]) {
        const res = await who.get(path);
        expect(res.status, path).to.equal(303);
        expect(res.headers.location).to.match(/^\/admin\/login/);
      }
    }
  });
});
