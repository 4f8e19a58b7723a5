import { expect } from 'chai';
import { ADMIN, testApp, unique, type TestApp } from '../../support/app.ts';
import { signedIn, signedInAdmin } from '../../support/backOffice.ts';
import { visitor } from '../../support/storefront.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

const location = (res: { headers: Record<string, unknown> }) => String(res.headers.location ?? '');
const userIdOf = (body: string) => Number(/href="\/admin\/users\/(\d+)"/.exec(body)![1]);

/**
 * The admins' user pages: the list with the API's search and filters, creating an admin (a
 * temporary password shown once when none is given), a user's page with its history tab, and the
 * forms (profile, deactivate/reactivate, password reset) running the API's own commands.
 */
describe('admin back office: users', function () {
  this.timeout(60_000);
  let app: TestApp;
  before(async function () {
    this.timeout(120_000);
    app = await testApp();
  });

  it('creates an admin with a temporary password shown once, who then signs in and must change it; the list finds them by search', async () => {
    const admin = await signedInAdmin(app);
    const form = await admin.get('/admin/users/new');
    expect(form.status).to.equal(200);
    const username = unique('ops');
    const created = await admin.post('/admin/users', {
      _csrf: admin.csrf(form.body),
      email: `${username}@example.com`,
      username,
      first_name: '<script>alert(1)</script>',
      last_name: 'Ops',
      role: 'admin',
      preferred_language: 'fr',
      password: '',
    });
    expect(created.status).to.equal(201);
    const password = /id="temporary-password">([^<]+)</.exec(created.body)?.[1];
    expect(password, 'the temporary password is on the answer').to.be.a('string').with.length.greaterThan(10);
    const id = userIdOf(created.body);
    const page = await admin.get(`/admin/users/${id}`);
    expect(page.body)
      .to.contain(`${username}@example.com`)
      .and.contain('&lt;script&gt;alert(1)&lt;/script&gt;')
      .and.not.contain('<script>alert(1)')
      .and.not.contain(password!);
    expect(page.body).to.contain('Must change the password');
    const list = await admin.get(`/admin/users?search=${encodeURIComponent(username)}&role=admin&is_active=true`);
    expect(list.body).to.contain(`/admin/users/${id}"`);
    expect((await admin.get(`/admin/users?search=${encodeURIComponent(username)}&role=vendor`)).body).to.not.contain(`/admin/users/${id}"`);
    const signIn = await app.call('POST', '/api/v1/admin/auth/login', { body: { email_or_username: username, password } });
    expect(signIn.status).to.equal(200);
  });

  it("a user's e-mail already taken comes back as the refusal with the typed values kept", async () => {
    const admin = await signedInAdmin(app);
    const form = await admin.get('/admin/users/new');
    const res = await admin.post('/admin/users', {
      _csrf: admin.csrf(form.body),
      email: ADMIN.email,
      username: unique('dup'),
      password: 'long-enough-password',
      role: 'admin',
    });
    expect(res.status).to.equal(409);
    expect(res.body).to.contain(`value="${ADMIN.email}"`).and.not.contain('long-enough-password');
    const bad = await admin.post('/admin/users', { _csrf: admin.csrf(form.body), email: 'not-an-email', username: 'x', role: 'admin' });
    expect(bad.status).to.equal(422);
    expect(bad.body).to.contain('email').and.contain('username');
  });

  it("edits, deactivates, reactivates and resets the password through the commands, each step in the user's history", async () => {
    const admin = await signedInAdmin(app);
    const form = await admin.get('/admin/users/new');
    const username = unique('clerk');
    const created = await admin.post('/admin/users', {
      _csrf: admin.csrf(form.body),
      email: `${username}@example.com`,
      username,
      role: 'admin',
      password: 'first-password-1234',
    });
    expect(created.body).to.not.contain('temporary-password');
    const id = userIdOf(created.body);
    const base = `/admin/users/${id}`;
    const csrf = admin.csrf((await admin.get(base)).body);
    expect(
      location(
        await admin.post(base, {
          _csrf: csrf,
          email: `${username}@example.com`,
          username,
          first_name: 'Clara',
          last_name: '',
          role: 'admin',
          preferred_language: 'de',
        }),
      ),
    ).to.equal(base);
    expect(location(await admin.post(`${base}/status`, { _csrf: csrf, is_active: 'false' }))).to.equal(base);
    const off = await admin.get(base);
    expect(off.body).to.contain('The user is deactivated').and.contain('Inactive').and.contain('Reactivate');
    expect(
      (await app.call('POST', '/api/v1/admin/auth/login', { body: { email_or_username: username, password: 'first-password-1234' } }))
        .status,
    ).to.not.equal(200);
    await admin.post(`${base}/status`, { _csrf: csrf, is_active: 'true' });
    const reset = await admin.post(`${base}/password`, { _csrf: csrf, password: '' });
    expect(reset.status).to.equal(200);
    const temporary = /id="temporary-password">([^<]+)</.exec(reset.body)![1];
    const api = await app.call('GET', `/api/v1/admin/users/${id}`, { token: await app.adminToken() });
    expect(api.body).to.include({ first_name: 'Clara', preferred_language: 'de', is_active: true, must_change_password: true });
    expect(
      (await app.call('POST', '/api/v1/admin/auth/login', { body: { email_or_username: username, password: temporary } })).status,
    ).to.equal(200);
    const short = await admin.post(`${base}/password`, { _csrf: csrf, password: 'short' });
    expect((await admin.get(location(short))).body).to.contain('password');
    const history = await admin.get(`${base}?tab=history`);
    for (const event of ['UserCreated', 'UserProfileChanged', 'UserDeactivated', 'UserActivated', 'UserPasswordChanged'])
      expect(history.body).to.contain(event);
    expect(history.body).to.not.contain('$argon2');
  });

  it("refuses an admin's change of their own status in words, and an unknown user is the not-found page", async () => {
    const admin = await signedInAdmin(app);
    const me = await app.call('GET', `/api/v1/admin/users/search?q=${ADMIN.username}`, { token: await app.adminToken() });
    const myId = me.body.items[0].id;
    const page = await admin.get(`/admin/users/${myId}`);
    expect(page.body).to.not.contain(`/admin/users/${myId}/status`);
    const refused = await admin.post(`/admin/users/${myId}/status`, { _csrf: admin.csrf(page.body), is_active: 'false' });
    expect((await admin.get(location(refused))).body).to.contain('You cannot change your own status');
    expect((await admin.get('/admin/users/999999')).status).to.equal(404);
  });

  it("every form refuses a missing or wrong form token and changes nothing; a vendor's session never opens the pages", async () => {
    const v = await createVendorWithOwner(app);
    const admin = await signedInAdmin(app);
    await admin.get('/admin/users');
    const before = await app.call('GET', `/api/v1/admin/users/${v.ownerUserId}`, { token: await app.adminToken() });
    for (const path of [
      '/admin/users',
      `/admin/users/${v.ownerUserId}`,
      `/admin/users/${v.ownerUserId}/status`,
      `/admin/users/${v.ownerUserId}/password`,
    ]) {
      for (const token of [undefined, 'x'.repeat(43)]) {
        const res = await admin.post(path, {
          ...(token ? { _csrf: token } : {}),
          email: 'forged@example.com',
          username: 'forged',
          is_active: 'false',
          password: 'forged-password-1',
        });
        expect(res.status, `${path} without a good token`).to.equal(403);
      }
    }
    const after = await app.call('GET', `/api/v1/admin/users/${v.ownerUserId}`, { token: await app.adminToken() });
    expect(after.body).to.deep.equal(before.body);
    const member = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword);
    expect(location(await member.get('/admin/users'))).to.match(/^\/admin\/login/);
    expect(location(await visitor(app).get(`/admin/users/${v.ownerUserId}`))).to.match(/^\/admin\/login/);
  });
});
