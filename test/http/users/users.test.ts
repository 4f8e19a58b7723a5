import { expect } from 'chai';
import { ADMIN, testApp, unique, type TestApp } from '../../support/app.ts';

describe('admin users API', () => {
  let app: TestApp;
  let token: string;
  before(async () => {
    app = await testApp();
    token = await app.adminToken();
  });

  const newUser = (over: Record<string, unknown> = {}) => {
    const name = unique('u');
    return { email: `${name}@example.test`, username: name, password: 'a-long-password', ...over };
  };

  it('creates a user, then lists, searches and reads it back at once (read-your-writes)', async () => {
    const body = newUser({ first_name: 'Ada', last_name: 'Lovelace', preferred_language: 'fr' });
    const created = await app.call('POST', '/api/v1/admin/users', { token, body });
    expect(created.status).to.equal(201);
    expect(created.body).to.include({
      email: body.email,
      username: body.username,
      role: 'admin',
      is_active: true,
      preferred_language: 'fr',
    });
    expect(created.body).not.to.have.property('password');
    expect(created.body).not.to.have.property('password_hash');

    const list = await app.call('GET', `/api/v1/admin/users?search=${body.username}`, { token });
    expect(list.status).to.equal(200);
    expect(list.body).to.include({ total: 1, page: 1, limit: 20 });
    expect(list.body.items[0].id).to.equal(created.body.id);

    const search = await app.call('GET', `/api/v1/admin/users/search?q=${body.username.slice(0, 6)}`, { token });
    expect(search.body.items.map((u: any) => u.id)).to.include(created.body.id);

    const detail = await app.call('GET', `/api/v1/admin/users/${created.body.id}`, { token });
    expect(detail.body).to.have.property('counts').that.is.an('object');
  });

  it('refuses a second user with the same e-mail in any letter case (409)', async () => {
    const body = newUser();
    expect((await app.call('POST', '/api/v1/admin/users', { token, body })).status).to.equal(201);
    const again = await app.call('POST', '/api/v1/admin/users', { token, body: { ...newUser(), email: body.email.toUpperCase() } });
    expect(again.status).to.equal(409);
    expect(again.headers.get('content-type')).to.match(/application\/problem\+json/);
  });

  it('lets exactly one of several concurrent creations with one e-mail succeed', async () => {
    const email = `${unique('race')}@example.test`;
    const replies = await Promise.all(
      [1, 2, 3, 4, 5].map(() => app.call('POST', '/api/v1/admin/users', { token, body: newUser({ email }) })),
    );
    expect(replies.map((r) => r.status).sort()).to.deep.equal([201, 409, 409, 409, 409]);
    const list = await app.call('GET', `/api/v1/admin/users?search=${email}`, { token });
    expect(list.body.total).to.equal(1);
  });

  it('updates the profile and frees the old e-mail for others', async () => {
    const body = newUser();
    const { body: u } = await app.call('POST', '/api/v1/admin/users', { token, body });
    const changed = await app.call('PUT', `/api/v1/admin/users/${u.id}`, {
      token,
      body: { email: `new-${body.email}`, first_name: 'Grace' },
    });
    expect(changed.status).to.equal(200);
    expect(changed.body).to.include({ email: `new-${body.email}`, first_name: 'Grace' });
    const reuse = await app.call('POST', '/api/v1/admin/users', { token, body: newUser({ email: body.email }) });
    expect(reuse.status).to.equal(201);
  });

  it('toggles the active status, and a deactivated admin can neither sign in nor use a token', async () => {
    const body = newUser();
    const { body: u } = await app.call('POST', '/api/v1/admin/users', { token, body });
    const login = await app.call('POST', '/api/v1/admin/auth/login', {
      body: { email_or_username: body.username, password: body.password },
    });
    expect(login.status).to.equal(200);
    const off = await app.call('PUT', `/api/v1/admin/users/${u.id}/status`, { token });
    expect(off.body.is_active).to.equal(false);
    expect((await app.call('GET', '/api/v1/admin/users', { token: login.body.access_token })).status).to.equal(401);
    const again = await app.call('POST', '/api/v1/admin/auth/login', {
      body: { email_or_username: body.username, password: body.password },
    });
    expect(again.status).to.equal(401);
    const on = await app.call('PUT', `/api/v1/admin/users/${u.id}/status`, { token, body: { is_active: true } });
    expect(on.body.is_active).to.equal(true);
  });

  it('deletes a user; the id is then 404 and an admin cannot delete themself', async () => {
    const { body: u } = await app.call('POST', '/api/v1/admin/users', { token, body: newUser() });
    expect((await app.call('DELETE', `/api/v1/admin/users/${u.id}`, { token })).status).to.equal(200);
    expect((await app.call('GET', `/api/v1/admin/users/${u.id}`, { token })).status).to.equal(404);
    expect((await app.call('DELETE', `/api/v1/admin/users/${u.id}`, { token })).status).to.equal(404);
    const me = await app.call('GET', '/api/v1/admin/auth/me', { token });
    const self = await app.call('DELETE', `/api/v1/admin/users/${me.body.id}`, { token });
    expect(self.status).to.equal(400);
    expect(self.body.code).to.equal('CannotModifySelfException');
  });

  it('answers invalid input with a 422 problem that points at each field', async () => {
    const res = await app.call('POST', '/api/v1/admin/users', {
      token,
      body: { email: 'not-an-email', username: 'x', password: 'short', extra: 1 },
    });
    expect(res.status).to.equal(422);
    const pointers = res.body.errors.map((e: any) => e.pointer);
    expect(pointers).to.include.members(['/body/email', '/body/username', '/body/password', '/body/extra']);
  });

  it('answers a non-integer id with 422 and an undefined method with 405', async () => {
    expect((await app.call('GET', '/api/v1/admin/users/abc', { token })).status).to.equal(422);
    const res = await app.call('PATCH', '/api/v1/admin/users/1', { token, body: {} });
    expect(res.status).to.equal(405);
    expect(res.body.code).to.equal('MethodNotAllowed');
    expect(res.headers.get('allow')).to.match(/GET/);
  });

  it('keeps the seeded admin in the list filtered by role', async () => {
    const res = await app.call('GET', `/api/v1/admin/users?role=admin&search=${ADMIN.username}&limit=5`, { token });
    expect(res.body.items.some((u: any) => u.email === ADMIN.email)).to.equal(true);
    expect(res.body.limit).to.equal(5);
  });
});
