import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { putOnTier } from '../../support/plans.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/** SPEC.md part 8: team members are limited per tier; members and pending invitations hold the seats. */
describe("team-member limit: invitations past the plan's seats are refused", () => {
  let app: TestApp;
  let v: VendorFixture;
  const invite = (email = `${unique('seat')}@team.test`) =>
    app.call('POST', '/api/v1/vendor/team/invitations', { token: v.ownerToken, body: { email, role: 'staff' } });
  const accept = (token: string) =>
    app.call('POST', '/api/v1/vendor/team/invitations/accept', { body: { token, password: 'member-password-1' } });

  before(async () => {
    app = await testApp();
    v = await createVendorWithOwner(app);
  });

  it('on the default Essential tier (2 seats), a third invitation is refused with the upgrade hint', async () => {
    const first = await invite();
    expect(first.status).to.equal(201);
    expect((await accept(first.body.invitation_token)).status).to.equal(200);
    expect((await invite()).status).to.equal(201);
    const refused = await invite();
    expect(refused.status).to.equal(403);
    expect(refused.body).to.include({
      code: 'TierLimitExceededException',
      limit_kind: 'team_members',
      limit: 2,
      count: 2,
      current_tier: 'essential',
    });
    expect(refused.body.upgrade).to.include({ tier_code: 'professional', limit: 5 });
    expect(refused.body.upgrade.note).to.equal("The Professional tier allows 5; or the add-on 'Extra team member' (extra_seat) adds 1");
    expect(refused.body.add_on).to.include({ add_on_code: 'extra_seat', adds: 1 });
  });

  it('10 parallel invitations for the last seat give exactly one invitation', async () => {
    await putOnTier(app, v.vendorId, 'essential', { custom_limits: { team_members: 3 } });
    const replies = await Promise.all(Array.from({ length: 10 }, () => invite()));
    const statuses = replies.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(replies.filter((r) => r.status !== 201 && r.status !== 403).map((r) => r.body)),
    ).to.have.length(1);
    expect(statuses.filter((s) => s === 403)).to.have.length(9);
    const pending = await app.call('GET', '/api/v1/vendor/team/invitations?status=pending&limit=100', { token: v.ownerToken });
    expect(pending.body.total).to.equal(2);
  });

  it('a cancelled invitation frees its seat', async () => {
    const pending = await app.call('GET', '/api/v1/vendor/team/invitations?status=pending&limit=100', { token: v.ownerToken });
    const [victim] = pending.body.items;
    expect((await app.call('DELETE', `/api/v1/vendor/team/invitations/${victim.id}`, { token: v.ownerToken })).status).to.equal(200);
    expect((await invite()).status).to.equal(201);
    expect((await invite()).status).to.equal(403);
  });

  it('a removed member frees the seat', async () => {
    const members = await app.call('GET', '/api/v1/vendor/team/members', { token: v.ownerToken });
    const member = members.body.items.find((m: any) => !m.is_owner);
    expect((await app.call('DELETE', `/api/v1/vendor/team/members/${member.user_id}`, { token: v.ownerToken })).status).to.equal(200);
    expect((await invite()).status).to.equal(201);
    expect((await invite()).status).to.equal(403);
  });

  it('an expired invitation frees its seat', async () => {
    app.clock.advance(8 * 24 * 3600 * 1000);
    // Three invitations were pending a week ago; they lapsed, so three seats are free again.
    for (let i = 0; i < 3; i++) expect((await invite()).status).to.equal(201);
    expect((await invite()).status).to.equal(403);
  });

  it('does not limit a plan without a team-member limit', async () => {
    await putOnTier(app, v.vendorId, 'enterprise', { custom_limits: null });
    for (let i = 0; i < 3; i++) expect((await invite()).status).to.equal(201);
  });
});
