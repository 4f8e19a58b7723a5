import { expect } from 'chai';
import { createApp, mountedRoutes } from '../../src/http/app.ts';
import { testApp, unique, type Reply, type TestApp } from '../support/app.ts';
import { putOnTier } from '../support/plans.ts';
import { createVendorWithOwner, vendorLogin, type VendorFixture } from '../support/tenancy.ts';

/**
 * Every route of the vendor API, called with vendor A's credentials and aimed at
 * vendor B's resources (B's ids in the path, B's id in the query, body and headers, B's shop as
 * Referer), answers without B's data and changes nothing of B. The route list is read from the
 * vendor router itself, so a route added later is covered without editing this test.
 */
/** Every mounted route of the vendor API, its path relative to /api/v1/vendor. */
const vendorApiRoutes = (app: TestApp): [string, string][] =>
  mountedRoutes(createApp(app.services))
    .filter(([, path]) => path.startsWith('/api/v1/vendor/'))
    .map(([method, path]) => [method, path.slice('/api/v1/vendor'.length)]);

describe('vendor API tenant isolation', () => {
  let app: TestApp;
  let a: VendorFixture;
  let b: VendorFixture;
  let bMember: { id: number; email: string };
  let bInvitationId: number;
  let markers: string[];

  const eventsOfB = async () => {
    const rows = await app.services.db
      .knex('events')
      .whereRaw("metadata->>'vendor_id' = ?", [String(b.vendorId)])
      .count({ n: '*' });
    return Number(rows[0].n);
  };
  const snapshotOfB = async () => {
    const admin = await app.adminToken();
    const detail = await app.call('GET', `/api/v1/admin/vendors/${b.vendorId}`, { token: admin });
    const settings = await app.call('GET', '/api/v1/vendor/settings', { token: b.ownerToken });
    const team = await app.call('GET', '/api/v1/vendor/team/members', { token: b.ownerToken });
    const invitations = await app.call('GET', '/api/v1/vendor/team/invitations', { token: b.ownerToken });
    const company = await app.call('GET', `/api/v1/admin/companies/${b.companyId}`, { token: admin });
    return JSON.stringify([detail.body, settings.body, team.body, invitations.body, company.body]);
  };

  before(async () => {
    app = await testApp();
    a = await createVendorWithOwner(app);
    b = await createVendorWithOwner(app);
    // Both on every feature, so each gated route reaches the tenant checks (test/support/plans.ts).
    for (const v of [a, b]) await putOnTier(app, v.vendorId, 'enterprise');
    const bContact = `+352 ${Math.floor(Math.random() * 1e8)}`;
    await app.call('PUT', '/api/v1/vendor/settings/business-info', {
      token: b.ownerToken,
      body: { contact_phone: bContact, description: `secret of ${b.vendorCode}` },
    });
    await app.call('PUT', '/api/v1/vendor/settings/extmarket', { token: b.ownerToken, body: { preorder_days: 12, default_tax_rate: 17 } });
    const memberEmail = `${unique('bm')}@b-team.test`;
    const invite = await app.call('POST', '/api/v1/vendor/team/invitations', {
      token: b.ownerToken,
      body: { email: memberEmail, role: 'staff' },
    });
    const accept = await app.call('POST', '/api/v1/vendor/team/invitations/accept', {
      body: { token: invite.body.invitation_token, password: 'b-member-password' },
    });
    bMember = { id: accept.body.user_id, email: memberEmail };
    const pendingEmail = `${unique('bp')}@b-team.test`;
    const pending = await app.call('POST', '/api/v1/vendor/team/invitations', {
      token: b.ownerToken,
      body: { email: pendingEmail, role: 'viewer' },
    });
    bInvitationId = pending.body.invitation.id;
    markers = [b.vendorCode, b.ownerEmail, memberEmail, pendingEmail, bContact, `secret of ${b.vendorCode}`];
  });

  const noBData = (route: string, res: Reply) => {
    expect(res.status, `${route}: ${JSON.stringify(res.body)}`).to.be.below(500);
    const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
    for (const m of markers) expect(text, `${route} leaked B's ${m}`).not.to.include(m);
  };

  /** A's credentials, B's ids everywhere a client could put them. */
  function requestFor(method: string, path: string) {
    const params: Record<string, number> = { user_id: bMember.id, invitation_id: bInvitationId };
    const url = path.replace(/:(\w+)/g, (_m, name: string) => String(params[name] ?? b.vendorId));
    const hostile = { vendor_id: b.vendorId, vendor_code: b.vendorCode };
    const bodies: Record<string, unknown> = {
      'PUT /settings/business-info': { contact_phone: '+352 111 222', ...hostile },
      'PUT /settings/extmarket': { preorder_days: 3, ...hostile },
      'PUT /settings/localization': { storefront_locale: 'fr-LU', ...hostile },
      'PUT /team/members/:user_id': { role: 'viewer' },
      'POST /team/invitations': { email: `${unique('ai')}@a-team.test`, role: 'staff', ...hostile },
      'PUT /auth/password': { current_password: 'not-the-password', new_password: 'another-long-password' },
      'POST /auth/login': { email_or_username: a.ownerEmail, password: a.ownerPassword, vendor_code: b.vendorCode },
      'POST /team/invitations/accept': { token: 'x'.repeat(43), password: 'whatever-password' },
    };
    const body = method === 'GET' || method === 'DELETE' ? undefined : (bodies[`${method} ${path}`] ?? hostile);
    return { url: `/api/v1/vendor${url}?vendor_id=${b.vendorId}`, body };
  }

  it("runs every vendor route with A's token against B: no B data, no change to B", async () => {
    const routes = vendorApiRoutes(app);
    expect(routes.length).to.be.greaterThan(15);
    const before = [await eventsOfB(), await snapshotOfB()];
    const seen: string[] = [];
    for (const [method, path] of routes) {
      // A live stream never ends: the reliability suite reads it for a moment (test/reliability/isolationSupport.ts).
      if (path === '/messages/stream') continue;
      const { url, body } = requestFor(method, path);
      const res = await app.call(method, url, {
        token: a.ownerToken,
        body,
        headers: { 'x-vendor-id': String(b.vendorId), referer: `http://localhost/vendors/${b.vendorCode}/shop/` },
      });
      noBData(`${method} ${path}`, res);
      seen.push(`${method} ${path} ${res.status}`);
    }
    expect([await eventsOfB(), await snapshotOfB()]).to.deep.equal(before);
    // B's member and invitation are simply not found from A.
    expect(seen).to.include.members([
      'GET /team/members/:user_id 404',
      'PUT /team/members/:user_id 404',
      'DELETE /team/members/:user_id 404',
      'DELETE /team/invitations/:invitation_id 404',
      'POST /auth/login 403',
    ]);
  });

  it('a token naming B for a user of A is refused on every guarded route (VendorAccessDeniedException)', async () => {
    const forged = app.services.tokens.sign({
      sub: String(a.ownerUserId),
      type: 'vendor',
      vendor_id: b.vendorId,
      role: 'owner',
    }).access_token;
    const routes = vendorApiRoutes(app);
    const before = await eventsOfB();
    const open = ['POST /auth/login', 'POST /auth/logout', 'POST /team/invitations/accept'];
    for (const [method, path] of routes) {
      if (open.includes(`${method} ${path}`)) continue;
      const { url, body } = requestFor(method, path);
      const viaHeader = await app.call(method, url, { token: forged, body });
      expect(viaHeader.status, `${method} ${path}`).to.equal(403);
      expect(viaHeader.body.code, `${method} ${path}`).to.equal('VendorAccessDeniedException');
      noBData(`${method} ${path}`, viaHeader);
      const viaCookie = await app.call(method, url, { body, headers: { cookie: `vendor_token=${forged}` } });
      expect(viaCookie.status, `${method} ${path} (cookie)`).to.equal(403);
    }
    expect(await eventsOfB()).to.equal(before);
  });

  it("A's writes land on A only, whatever vendor the request names", async () => {
    const res = await app.call('PUT', `/api/v1/vendor/settings/localization?vendor_id=${b.vendorId}`, {
      token: a.ownerToken,
      body: { storefront_locale: 'de-LU' },
      headers: { 'x-vendor-id': String(b.vendorId) },
    });
    expect(res.status).to.equal(200);
    expect(res.body.vendor_id).to.equal(a.vendorId);
    const admin = await app.adminToken();
    expect((await app.call('GET', `/api/v1/admin/vendors/${a.vendorId}`, { token: admin })).body.storefront_locale).to.equal('de-LU');
    expect((await app.call('GET', `/api/v1/admin/vendors/${b.vendorId}`, { token: admin })).body.storefront_locale).to.not.equal('de-LU');
  });

  it("B's team member cannot sign in to A, and A's owner cannot choose B at sign-in", async () => {
    const member = await app.call('POST', '/api/v1/vendor/auth/login', {
      body: { email_or_username: bMember.email, password: 'b-member-password', vendor_code: a.vendorCode },
    });
    expect(member.status).to.equal(403);
    expect(member.body.code).to.equal('VendorAccessDeniedException');
    const mine = await vendorLogin(app, bMember.email, 'b-member-password');
    expect(mine.vendor.id).to.equal(b.vendorId);
  });

  it('vendor pages authenticate with the vendor_token cookie of the right vendor', async () => {
    const res = await app.call('GET', '/api/v1/vendor/settings', { headers: { cookie: `vendor_token=${a.ownerToken}` } });
    expect(res.status).to.equal(200);
    expect(res.body.vendor_id).to.equal(a.vendorId);
    const admin = await app.adminToken();
    const adminAsVendor = await app.call('GET', '/api/v1/vendor/settings', { token: admin });
    expect(adminAsVendor.status).to.equal(401);
  });
});
