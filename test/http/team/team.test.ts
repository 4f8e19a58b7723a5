import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { putOnTier } from '../../support/plans.ts';
import { createVendorWithOwner, vendorLogin, type VendorFixture } from '../../support/tenancy.ts';

/** SPEC.md part 5 rule 5: team roles, permissions, owner-only operations, invitations. */
describe('vendor team API', () => {
  let app: TestApp;
  let v: VendorFixture;
  before(async () => {
    app = await testApp();
    v = await createVendorWithOwner(app);
    // Roles and more than two seats are features and limits of higher tiers (test/http/subscriptions/limitsTeamMembers.test.ts).
    await putOnTier(app, v.vendorId, 'enterprise');
  });

  const invite = (body: Record<string, unknown>) => app.call('POST', '/api/v1/vendor/team/invitations', { token: v.ownerToken, body });

  it('lists the roles and their permissions', async () => {
    const res = await app.call('GET', '/api/v1/vendor/team/roles', { token: v.ownerToken });
    expect(res.body.permissions).to.include.members(['products.edit', 'settings.edit', 'team.view']);
    expect(res.body.roles.map((r: any) => r.role)).to.include.members([
      'owner',
      'manager',
      'staff',
      'support',
      'viewer',
      'marketing',
      'custom',
    ]);
  });

  it('refuses a second pending invitation for one e-mail, an invitation of the owner, and a custom role without permissions', async () => {
    const email = `${unique('dup')}@team.test`;
    expect((await invite({ email, role: 'staff' })).status).to.equal(201);
    expect((await invite({ email, role: 'viewer' })).status).to.equal(409);
    expect((await invite({ email: v.ownerEmail, role: 'staff' })).status).to.equal(409);
    expect((await invite({ email: `${unique('c')}@team.test`, role: 'custom' })).status).to.equal(422);
    expect((await invite({ email: `${unique('c')}@team.test`, role: 'owner' })).status).to.equal(422);
    expect((await invite({ email: `${unique('c')}@team.test`, role: 'custom', permissions: ['products.fly'] })).status).to.equal(422);
  });

  it('cancels an invitation; its token then no longer works', async () => {
    const res = await invite({ email: `${unique('cx')}@team.test`, role: 'support' });
    const cancel = await app.call('DELETE', `/api/v1/vendor/team/invitations/${res.body.invitation.id}`, { token: v.ownerToken });
    expect(cancel.status).to.equal(200);
    expect(cancel.body.invitation.status).to.equal('cancelled');
    const accept = await app.call('POST', '/api/v1/vendor/team/invitations/accept', {
      body: { token: res.body.invitation_token, password: 'some-password-1' },
    });
    expect(accept.status).to.equal(409);
    const again = await app.call('DELETE', `/api/v1/vendor/team/invitations/${res.body.invitation.id}`, { token: v.ownerToken });
    expect(again.status).to.equal(409);
    const list = await app.call('GET', '/api/v1/vendor/team/invitations?status=cancelled', { token: v.ownerToken });
    expect(list.body.items.map((i: any) => i.id)).to.include(res.body.invitation.id);
  });

  it('a custom role grants exactly its permissions; an existing account accepts with its own password', async () => {
    const other = await createVendorWithOwner(app);
    // The owner of another vendor joins this team with a custom role.
    const res = await invite({ email: other.ownerEmail, role: 'custom', permissions: ['team.view', 'settings.view'] });
    const wrong = await app.call('POST', '/api/v1/vendor/team/invitations/accept', {
      body: { token: res.body.invitation_token, password: 'not-their-password' },
    });
    expect(wrong.status).to.equal(401);
    const ok = await app.call('POST', '/api/v1/vendor/team/invitations/accept', {
      body: { token: res.body.invitation_token, password: other.ownerPassword },
    });
    expect(ok.status).to.equal(200);
    expect(ok.body.user_id).to.equal(other.ownerUserId);
    // Two vendors now: the code chooses which one the token names.
    const here = await vendorLogin(app, other.ownerEmail, other.ownerPassword, v.vendorCode);
    const me = await app.call('GET', '/api/v1/vendor/auth/me', { token: here.access_token });
    expect(me.body).to.include({ role: 'custom' });
    expect(me.body.permissions).to.have.members(['team.view', 'settings.view']);
    expect((await app.call('GET', '/api/v1/vendor/team/members', { token: here.access_token })).status).to.equal(200);
    const edit = await app.call('PUT', '/api/v1/vendor/settings/localization', {
      token: here.access_token,
      body: { dashboard_language: 'fr' },
    });
    expect(edit.body.code).to.equal('InsufficientVendorPermissionsException');
    const home = await vendorLogin(app, other.ownerEmail, other.ownerPassword, other.vendorCode);
    expect((await app.call('GET', '/api/v1/vendor/auth/me', { token: home.access_token })).body.role).to.equal('owner');
    const member = await app.call('GET', `/api/v1/vendor/team/members/${other.ownerUserId}`, { token: v.ownerToken });
    expect(member.body).to.include({ role: 'custom', email: other.ownerEmail });
  });

  it('a member cannot change roles, remove members or cancel invitations (owner-only)', async () => {
    const email = `${unique('mgr')}@team.test`;
    const res = await invite({ email, role: 'manager' });
    const accepted = await app.call('POST', '/api/v1/vendor/team/invitations/accept', {
      body: { token: res.body.invitation_token, password: 'manager-password' },
    });
    const token = (await vendorLogin(app, email, 'manager-password')).access_token;
    for (const [method, path, body] of [
      ['PUT', `/api/v1/vendor/team/members/${accepted.body.user_id}`, { role: 'viewer' }],
      ['DELETE', `/api/v1/vendor/team/members/${accepted.body.user_id}`, undefined],
      ['DELETE', `/api/v1/vendor/team/invitations/${res.body.invitation.id}`, undefined],
      ['POST', '/api/v1/vendor/team/invitations', { email: `${unique('z')}@team.test`, role: 'staff' }],
    ] as const) {
      const r = await app.call(method, path, { token, body });
      expect(r.status, path).to.equal(403);
      expect(r.body.code, path).to.equal('VendorOwnerOnlyException');
    }
  });

  it('pages the members and the invitations in the list form {items, total, page, limit}', async () => {
    for (const role of ['staff', 'viewer']) {
      const res = await invite({ email: `${unique('pg')}@team.test`, role });
      await app.call('POST', '/api/v1/vendor/team/invitations/accept', {
        body: { token: res.body.invitation_token, password: 'member-password' },
      });
    }
    const all = await app.call('GET', '/api/v1/vendor/team/members?limit=100', { token: v.ownerToken });
    expect(all.body).to.include({ page: 1, limit: 100 });
    expect(all.body.items[0].is_owner).to.equal(true);
    const seen: number[] = [];
    for (let page = 1; page <= all.body.total; page++) {
      const one = await app.call('GET', `/api/v1/vendor/team/members?limit=1&page=${page}`, { token: v.ownerToken });
      expect(one.body).to.include({ page, limit: 1, total: all.body.total });
      seen.push(...one.body.items.map((m: any) => m.user_id));
    }
    expect(seen).to.deep.equal(all.body.items.map((m: any) => m.user_id));
    const invitations = await app.call('GET', '/api/v1/vendor/team/invitations?limit=1&page=2', { token: v.ownerToken });
    expect(invitations.body).to.include({ page: 2, limit: 1 });
    expect(invitations.body.items).to.have.length(1);
    expect(invitations.body.total).to.be.greaterThan(2);
  });
});
