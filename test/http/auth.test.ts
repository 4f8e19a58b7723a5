import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { ADMIN, testApp, unique, type TestApp } from '../support/app.ts';

const SECRET = 'test-secret-that-is-long-enough-0123456789';

describe('admin authentication', () => {
  let app: TestApp;
  before(async () => {
    app = await testApp();
  });

  const login = (email_or_username: string, password: string, headers: Record<string, string> = {}) =>
    app.call('POST', '/api/v1/admin/auth/login', { body: { email_or_username, password }, headers });

  it('signs in with the e-mail or the username and returns a bearer token', async () => {
    for (const who of [ADMIN.email, ADMIN.username, ADMIN.email.toUpperCase()]) {
      const res = await login(who, ADMIN.password);
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ token_type: 'bearer' });
      expect(res.body.expires_in).to.be.a('number');
      expect(jwt.decode(res.body.access_token)).to.include({ type: 'admin' });
    }
  });

  it('refuses a wrong password and an unknown account with the same 401', async () => {
    const wrong = await login(ADMIN.email, 'not-the-password');
    const unknown = await login('nobody@example.test', 'whatever-it-is');
    expect([wrong.status, unknown.status]).to.deep.equal([401, 401]);
    expect(wrong.body.detail).to.equal(unknown.body.detail);
  });

  it('rate-limits repeated failures on one account with 429 and Retry-After', async () => {
    const name = unique('rl');
    const token = await app.adminToken();
    await app.call('POST', '/api/v1/admin/users', {
      token,
      body: { email: `${name}@example.test`, username: name, password: 'a-long-password' },
    });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(name, 'wrong-password')).status);
    expect(statuses).to.deep.equal([401, 401, 401, 401, 401, 429]);
    const blocked = await login(name, 'a-long-password');
    expect(blocked.status).to.equal(429);
    expect(Number(blocked.headers.get('retry-after'))).to.be.greaterThan(0);
  });

  context('on the admin API', () => {
    const path = '/api/v1/admin/users';
    const sign = (claims: object, options: jwt.SignOptions = {}) =>
      jwt.sign(claims, SECRET, { algorithm: 'HS256', expiresIn: 60, ...options });

    it('answers a missing Authorization header with 401 problem+json', async () => {
      const res = await app.call('GET', path);
      expect(res.status).to.equal(401);
      expect(res.headers.get('content-type')).to.match(/problem\+json/);
      expect(res.headers.get('www-authenticate')).to.equal('Bearer');
    });

    it('refuses a token sent only as a cookie', async () => {
      const token = await app.adminToken();
      const res = await app.call('GET', path, { headers: { cookie: `admin_token=${token}; access_token=${token}` } });
      expect(res.status).to.equal(401);
    });

    it('refuses expired, tampered, alg-none and wrong-type tokens', async () => {
      const me = (await app.call('GET', '/api/v1/admin/auth/me', { token: await app.adminToken() })).body;
      const expired = sign({ sub: String(me.id), type: 'admin' }, { expiresIn: -10 });
      const valid = sign({ sub: String(me.id), type: 'admin' });
      const [h, p, s] = valid.split('.');
      const tampered = `${h}.${Buffer.from(JSON.stringify({ sub: '1', type: 'admin', exp: 9999999999 })).toString('base64url')}.${s}`;
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
      const vendor = sign({ sub: String(me.id), type: 'vendor', vendor_id: 1 });
      const otherKey = jwt.sign({ sub: String(me.id), type: 'admin' }, 'another-secret-of-sufficient-length!!', { algorithm: 'HS256' });
      for (const token of [expired, tampered, none, vendor, otherKey]) {
        const res = await app.call('GET', path, { token });
        expect(res.status, token).to.equal(401);
      }
      expect((await app.call('GET', path, { token: valid })).status).to.equal(200);
    });
  });

  it('never writes a password, a token or a hash to the log', async () => {
    const secret = `Sup3r-${unique('secret')}`;
    await login(ADMIN.email, secret);
    await app.call('POST', '/api/v1/admin/users', {
      token: await app.adminToken(),
      body: { email: 'broken', username: 'b', password: secret },
    });
    const ok = await login(ADMIN.email, ADMIN.password);
    await app.call('GET', '/api/v1/admin/users', { token: ok.body.access_token });
    const log = app.logLines.join('\n');
    expect(app.logLines.length).to.be.greaterThan(3);
    expect(log).not.to.include(secret);
    expect(log).not.to.include(ok.body.access_token);
    expect(log).not.to.match(/\$argon2/);
    expect(log).to.include('login_failed');
  });
});

describe('HTTP conventions', () => {
  let app: TestApp;
  before(async () => {
    app = await testApp();
  });

  it('answers malformed JSON with a 400 problem, not a 500', async () => {
    const res = await app.call('POST', '/api/v1/admin/auth/login', {
      raw: '{"email_or_username": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).to.equal(400);
    expect(res.body.code).to.equal('MalformedRequestBody');
  });

  it('answers an unknown route with a 404 problem', async () => {
    const res = await app.call('GET', '/api/v1/nowhere');
    expect(res.status).to.equal(404);
    expect(res.body).to.include({ status: 404, code: 'RouteNotFound' });
  });

  it('reports liveness and readiness with the database, the event store and consumer lag', async () => {
    expect((await app.call('GET', '/health')).body).to.deep.equal({ status: 'ok' });
    const ready = await app.call('GET', '/health/ready');
    expect(ready.status).to.equal(200);
    expect(ready.body.checks.database.status).to.equal('ok');
    expect(ready.body.checks.event_store.status).to.equal('ok');
    expect(ready.body.checks.consumers.find((c: any) => c.name === 'user_list')).to.include({ status: 'ok' });
  });

  it("shows a stream's history to auditors with who, when and the correlation id, secrets redacted", async () => {
    const token = await app.adminToken();
    const name = unique('hist');
    const created = await app.call('POST', '/api/v1/admin/users', {
      token,
      body: { email: `${name}@example.test`, username: name, password: 'a-long-password' },
      headers: { 'x-request-id': `req-${name}` },
    });
    await app.call('PUT', `/api/v1/admin/users/${created.body.id}`, { token, body: { last_name: 'Hopper' } });
    const res = await app.call('GET', `/api/v1/admin/events/streams/user-${created.body.id}`, { token });
    expect(res.status).to.equal(200);
    expect(res.body.items.map((e: any) => e.type)).to.deep.equal(['UserCreated', 'UserProfileChanged']);
    expect(res.body.items[0]).to.include({ correlation_id: `req-${name}`, version: 1 });
    expect(res.body.items[0].user_id).to.be.a('number');
    expect(res.body.items[0].data.password_hash).to.equal('[redacted]');
    expect((await app.call('GET', '/api/v1/admin/events/streams/user-999999', { token })).status).to.equal(404);
  });
});
