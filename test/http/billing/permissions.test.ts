import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { billingAccountOf, subscribedVendor } from '../../support/billing.ts';
import { vendorLogin, type VendorFixture } from '../../support/tenancy.ts';

/** Billing is the owner's, or a member's holding billing.view (to read) and billing.manage (to change). */
describe('vendor billing: who may read and change it', () => {
  let app: TestApp;
  let v: VendorFixture;
  const tokens: Record<string, string> = {};

  before(async function () {
    this.timeout(60_000);
    app = await testApp();
    v = await subscribedVendor(app);
    await billingAccountOf(app, v.vendorId);
    for (const role of ['manager', 'staff']) {
      const email = `${role}-${v.vendorCode.toLowerCase()}@billing.test`;
      const invited = await app.call('POST', '/api/v1/vendor/team/invitations', { token: v.ownerToken, body: { email, role } });
      expect(invited.status, JSON.stringify(invited.body)).to.equal(201);
      const accepted = await app.call('POST', '/api/v1/vendor/team/invitations/accept', {
        body: { token: invited.body.invitation_token, password: `${role}-password-123`, first_name: role },
      });
      expect(accepted.status, JSON.stringify(accepted.body)).to.be.oneOf([200, 201]);
      tokens[role] = (await vendorLogin(app, email, `${role}-password-123`, v.vendorCode)).access_token;
    }
  });

  const call = (token: string, method: string, path: string, body?: unknown) => app.call(method, `/api/v1/vendor${path}`, { token, body });

  it('lets a manager (billing.view) read the upcoming invoice and the add-ons, but not change the tier or buy', async () => {
    expect((await call(tokens.manager, 'GET', '/billing/upcoming-invoice')).status).to.equal(200);
    expect((await call(tokens.manager, 'GET', '/billing/add-ons')).status).to.equal(200);
    const change = await call(tokens.manager, 'POST', '/billing/change-tier', { tier_code: 'professional' });
    expect(change.status).to.equal(403);
    expect(change.body).to.include({ code: 'InsufficientVendorPermissionsException', required_permission: 'billing.manage' });
    expect((await call(tokens.manager, 'POST', '/billing/add-ons/purchase', { add_on_code: 'extra_seat' })).status).to.equal(403);
  });

  it('shows billing to no staff member', async () => {
    const res = await call(tokens.staff, 'GET', '/billing/upcoming-invoice');
    expect(res.status).to.equal(403);
    expect(res.body.required_permission).to.equal('billing.view');
  });

  it('lets the owner change the tier', async () => {
    expect((await call(v.ownerToken, 'POST', '/billing/change-tier', { tier_code: 'professional' })).status).to.equal(200);
  });
});
