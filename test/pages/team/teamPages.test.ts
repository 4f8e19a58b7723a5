import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { signedIn } from '../../support/backOffice.ts';
import { visitor } from '../../support/storefront.ts';
import { putOnTier } from '../../support/plans.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

const location = (res: { headers: Record<string, unknown> }) => String(res.headers.location ?? '');

/**
 * The vendor's team pages: the owner invites by e-mail (the link shown once), the invitee joins
 * on the accept page with a password of their own, signs in and sees only what the role allows —
 * the server refusing the rest — and the owner changes the role or removes the member, whose access
 * ends at once.
 */
describe('vendor back office: team', function () {
  this.timeout(90_000);
  let app: TestApp;
  let v: VendorFixture;
  before(async function () {
    this.timeout(120_000);
    app = await testApp();
    v = await createVendorWithOwner(app);
    // Roles beyond the presets' defaults are a plan feature (roles_permissions): the plan that has it.
    await putOnTier(app, v.vendorId, 'enterprise');
  });

  it('the owner invites a viewer, who joins through the link, signs in and sees only what a viewer may', async () => {
    const owner = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword, v.vendorCode);
    const page = await owner.get('/vendor/team');
    expect(page.status).to.equal(200);
    const email = `${unique('member')}@example.com`;
    const invited = await owner.post('/vendor/team/invitations', { _csrf: owner.csrf(page.body), email, role: 'viewer' });
    expect(invited.status).to.equal(201);
    const link = /id="invitation-link"[^>]*value="([^"]+)"/.exec(invited.body)?.[1].replace(/&amp;/g, '&');
    expect(link, 'the link is shown once').to.match(/\/vendor\/team\/accept\?token=/);
    expect((await owner.get('/vendor/team')).body)
      .to.contain(email)
      .and.not.contain(link!);

    const invitee = visitor(app);
    const url = new URL(link!, 'http://service.test');
    const path = url.pathname + url.search;
    const form = await invitee.get(path);
    expect(form.body).to.contain(email);
    const token = decodeURIComponent(/token=([^&]+)/.exec(path)![1]);
    const joined = await invitee.post('/vendor/team/accept', {
      _csrf: invitee.csrf(form.body),
      token,
      password: 'a-long-password-1',
      first_name: 'Vera',
    });
    expect(joined.body).to.contain('Sign in with your e-mail and password');
    expect((await invitee.get(path)).body, 'the link opens once').to.contain('This invitation link is not valid any more');

    const member = await signedIn(app, 'vendor', email, 'a-long-password-1', v.vendorCode);
    const team = await member.get('/vendor/team');
    expect(team.status).to.equal(200);
    expect(team.body).to.contain('Only the owner manages the team.').and.not.contain('action="/vendor/team/invitations"');
    const refused = await member.post('/vendor/team/invitations', {
      _csrf: member.csrf(team.body),
      email: 'x@example.com',
      role: 'manager',
    });
    expect(refused.status, 'the server refuses, not only the page').to.equal(403);
    const memberId = Number(/\/vendor\/team\/members\/(\d+)\/remove/.exec((await owner.get('/vendor/team')).body)![1]);
    const forged = await member.post(`/vendor/team/members/${memberId}/role`, { _csrf: member.csrf(team.body), role: 'manager' });
    expect(forged.status).to.equal(403);
  });

  it("the owner changes the member's role and removes them; the removed member's session no longer opens the pages", async () => {
    const owner = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword, v.vendorCode);
    const page = await owner.get('/vendor/team');
    const memberId = Number(/\/vendor\/team\/members\/(\d+)\/remove/.exec(page.body)![1]);
    const email = (await app.call('GET', `/api/v1/admin/users/${memberId}`, { token: await app.adminToken() })).body.email as string;
    const member = await signedIn(app, 'vendor', email, 'a-long-password-1', v.vendorCode);
    expect(location(await owner.post(`/vendor/team/members/${memberId}/role`, { _csrf: owner.csrf(page.body), role: 'staff' }))).to.equal(
      '/vendor/team',
    );
    expect((await owner.get('/vendor/team')).body).to.contain('The role is changed.');
    await owner.post(`/vendor/team/members/${memberId}/remove`, { _csrf: owner.csrf(page.body) });
    const after = await member.get('/vendor/team');
    expect(after.status).to.equal(303);
    expect(location(after)).to.match(/^\/vendor\/login/);
  });

  it('forms refuse a missing or wrong token; a bad e-mail is said on the page', async () => {
    const owner = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword, v.vendorCode);
    const page = await owner.get('/vendor/team');
    for (const token of [undefined, 'x'.repeat(43)]) {
      const res = await owner.post('/vendor/team/invitations', {
        ...(token ? { _csrf: token } : {}),
        email: 'forged@example.com',
        role: 'manager',
      });
      expect(res.status).to.equal(403);
    }
    const bad = await owner.post('/vendor/team/invitations', { _csrf: owner.csrf(page.body), email: 'not an e-mail', role: 'viewer' });
    expect(bad.status).to.equal(422);
    expect(bad.body).to.contain('email');
    const list = await app.call('GET', '/api/v1/vendor/team/invitations', { token: v.ownerToken });
    expect(JSON.stringify(list.body)).to.not.contain('forged@example.com');
  });
});
