import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../support/app.ts';
import { vendorLogin } from '../support/tenancy.ts';

/**
 * The client story. An admin creates a company (the owner gets a temporary
 * password), adds two vendors, overrides and resets contact data, and the owner invites a team
 * member who signs in with limited permissions.
 */
describe('tenancy story: company, two vendors, contact inheritance, a team member with limited rights', () => {
  let app: TestApp;
  let admin: string;
  const name = unique('story');
  const ownerEmail = `${name}@owner.test`;
  let company: any;
  let vendorA: any;
  let vendorB: any;
  let ownerToken: string;
  let memberToken: string;
  let memberId: number;

  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
  });

  it('an admin creates a company; the owner account gets a temporary password shown once', async () => {
    const res = await app.call('POST', '/api/v1/admin/companies', {
      token: admin,
      body: {
        name: `Story ${name}`,
        owner_email: ownerEmail,
        contact_email: `hello@${name}.test`,
        contact_phone: '+352 123 456',
        website: 'https://story.example',
        business_address: '1 Rue du Marché, Luxembourg',
        tax_number: 'LU12345678',
      },
    });
    expect(res.status).to.equal(201);
    company = res.body;
    expect(company.temporary_password).to.be.a('string').with.length.greaterThan(11);
    expect(company.owner_created).to.equal(true);
    expect(company.owner).to.include({ email: ownerEmail });
    expect(company.vendor_count).to.equal(0);
    expect(res.headers.get('cache-control')).to.equal('no-store');
    // The owner is a vendor user who must change the password, and the password is nowhere else.
    const user = await app.call('GET', `/api/v1/admin/users/${company.owner_user_id}`, { token: admin });
    expect(user.body).to.include({ role: 'vendor', must_change_password: true });
    expect(user.body.counts.companies_owned).to.equal(1);
    expect(JSON.stringify((await app.call('GET', `/api/v1/admin/companies/${company.id}`, { token: admin })).body)).not.to.include(
      company.temporary_password,
    );
    expect(app.logLines.join('\n')).not.to.include(company.temporary_password);
    const history = await app.call('GET', `/api/v1/admin/events/streams/user-${company.owner_user_id}`, { token: admin });
    expect(JSON.stringify(history.body)).not.to.include(company.temporary_password);
  });

  it('adds two vendors; the company list shows the vendor count', async () => {
    const a = await app.call('POST', '/api/v1/admin/vendors', {
      token: admin,
      body: { company_id: company.id, vendor_code: `${name}a`, name: 'Story Shop A', contact_email: `shop-a@${name}.test` },
    });
    expect(a.status).to.equal(201);
    vendorA = a.body;
    expect(vendorA.vendor_code).to.equal(`${name}A`.toUpperCase());
    expect(vendorA).to.include({
      contact_email: `shop-a@${name}.test`,
      effective_contact_email: `shop-a@${name}.test`,
      contact_email_inherited: false,
    });
    expect(vendorA).to.include({ contact_phone: null, effective_contact_phone: '+352 123 456', contact_phone_inherited: true });
    expect(vendorA).to.include({
      company_business_address: '1 Rue du Marché, Luxembourg',
      company_tax_number: 'LU12345678',
      owner_user_id: company.owner_user_id,
    });

    const b = await app.call('POST', '/api/v1/admin/vendors', {
      token: admin,
      body: { company_id: company.id, vendor_code: `${name}b`, name: 'Story Shop B' },
    });
    expect(b.status).to.equal(201);
    vendorB = b.body;
    expect(vendorB.effective_contact_email).to.equal(`hello@${name}.test`);

    const list = await app.call('GET', `/api/v1/admin/companies?search=${encodeURIComponent(`Story ${name}`)}`, { token: admin });
    expect(list.body.items).to.have.length(1);
    expect(list.body.items[0].vendor_count).to.equal(2);
    const byCode = await app.call('GET', `/api/v1/admin/vendors/${vendorB.vendor_code.toLowerCase()}`, { token: admin });
    expect(byCode.body.id).to.equal(vendorB.id);
  });

  it('overrides contact data, stores an empty string as null (inherit), and resets to the company', async () => {
    const over = await app.call('PUT', `/api/v1/admin/vendors/${vendorB.id}`, {
      token: admin,
      body: { contact_phone: '+49 30 1234', tax_number: 'DE123456789', website: '' },
    });
    expect(over.status).to.equal(200);
    expect(over.body).to.include({ contact_phone: '+49 30 1234', effective_contact_phone: '+49 30 1234', contact_phone_inherited: false });
    expect(over.body).to.include({ tax_number: 'DE123456789', effective_tax_number: 'DE123456789', tax_number_inherited: false });
    expect(over.body).to.include({ website: null, effective_website: 'https://story.example', website_inherited: true });

    const blank = await app.call('PUT', `/api/v1/admin/vendors/${vendorB.id}`, { token: admin, body: { tax_number: '' } });
    expect(blank.body).to.include({ tax_number: null, effective_tax_number: 'LU12345678', tax_number_inherited: true });

    const reset = await app.call('PUT', `/api/v1/admin/vendors/${vendorA.vendor_code}`, {
      token: admin,
      body: { reset_contact_to_company: true },
    });
    expect(reset.status).to.equal(200);
    for (const f of ['contact_email', 'contact_phone', 'website', 'business_address', 'tax_number']) {
      expect(reset.body[f], f).to.equal(null);
      expect(reset.body[`${f}_inherited`], f).to.equal(true);
    }
    expect(reset.body.effective_contact_email).to.equal(`hello@${name}.test`);

    // A company change reaches every inheriting vendor at once.
    await app.call('PUT', `/api/v1/admin/companies/${company.id}`, { token: admin, body: { contact_email: `new@${name}.test` } });
    const after = await app.call('GET', `/api/v1/admin/vendors/${vendorA.id}`, { token: admin });
    expect(after.body.effective_contact_email).to.equal(`new@${name}.test`);
  });

  it('the owner signs in with the temporary password and must change it before using the vendor API', async () => {
    const multi = await app.call('POST', '/api/v1/vendor/auth/login', {
      body: { email_or_username: ownerEmail, password: company.temporary_password },
    });
    expect(multi.status).to.equal(422); // two vendors: the vendor code is needed
    expect(JSON.stringify(multi.body.errors)).to.include(vendorA.vendor_code);
    const login = await vendorLogin(app, ownerEmail, company.temporary_password, vendorA.vendor_code);
    expect(login.must_change_password).to.equal(true);
    ownerToken = login.access_token;
    const blocked = await app.call('GET', '/api/v1/vendor/settings', { token: ownerToken });
    expect(blocked.status).to.equal(403);
    expect(blocked.body.code).to.equal('PasswordChangeRequiredException');
    const changed = await app.call('PUT', '/api/v1/vendor/auth/password', {
      token: ownerToken,
      body: { current_password: company.temporary_password, new_password: 'owner-chosen-password' },
    });
    expect(changed.status).to.equal(200);
    const settings = await app.call('GET', '/api/v1/vendor/settings', { token: ownerToken });
    expect(settings.status).to.equal(200);
    expect(settings.body.vendor_id).to.equal(vendorA.id);
    const old = await app.call('POST', '/api/v1/vendor/auth/login', {
      body: { email_or_username: ownerEmail, password: company.temporary_password, vendor_code: vendorA.vendor_code },
    });
    expect(old.status).to.equal(401);
  });

  it('the owner invites a team member, who accepts by token and signs in with limited permissions', async () => {
    const memberEmail = `${name}-staff@team.test`;
    const invite = await app.call('POST', '/api/v1/vendor/team/invitations', {
      token: ownerToken,
      body: { email: memberEmail, role: 'viewer' },
    });
    expect(invite.status).to.equal(201);
    const secret = invite.body.invitation_token as string;
    expect(secret).to.be.a('string').with.length.greaterThan(30);
    expect(invite.body.invitation).to.include({ email: memberEmail, role: 'viewer', status: 'pending' });
    // Only the hash of the secret is kept: not in the read model, not in the events.
    const rows = await app.services.db.knex('vendor_team_invitations').where('id', invite.body.invitation.id);
    expect(JSON.stringify(rows)).not.to.include(secret);
    const events = await app.services.store.readStream(`team-${vendorA.id}`);
    expect(JSON.stringify(events)).not.to.include(secret);

    const wrong = await app.call('POST', '/api/v1/vendor/team/invitations/accept', {
      body: { token: `${secret.slice(0, -4)}AAAA`, password: 'member-password-1' },
    });
    expect(wrong.status).to.equal(404);
    const accepted = await app.call('POST', '/api/v1/vendor/team/invitations/accept', {
      body: { token: secret, password: 'member-password-1', first_name: 'Sam' },
    });
    expect(accepted.status).to.equal(200);
    memberId = accepted.body.user_id;
    expect(accepted.body.vendor.id).to.equal(vendorA.id);
    const again = await app.call('POST', '/api/v1/vendor/team/invitations/accept', {
      body: { token: secret, password: 'member-password-1' },
    });
    expect(again.status).to.equal(409);

    const login = await vendorLogin(app, memberEmail, 'member-password-1');
    expect(login.vendor.id).to.equal(vendorA.id);
    memberToken = login.access_token;
    const me = await app.call('GET', '/api/v1/vendor/auth/me', { token: memberToken });
    expect(me.body).to.include({ role: 'viewer', is_owner: false });
    expect(me.body.permissions).to.include('settings.view').and.not.include('settings.edit');

    const team = await app.call('GET', '/api/v1/vendor/team/members', { token: ownerToken });
    expect(team.body.items.map((m: any) => m.user_id)).to.include.members([company.owner_user_id, memberId]);
    expect(team.body.items[0]).to.include({ role: 'owner', is_owner: true });
  });

  it('the member reads what the role grants, and is refused the rest with the right exception', async () => {
    expect((await app.call('GET', '/api/v1/vendor/settings', { token: memberToken })).status).to.equal(200);
    const edit = await app.call('PUT', '/api/v1/vendor/settings/business-info', {
      token: memberToken,
      body: { contact_phone: '+352 999' },
    });
    expect(edit.status).to.equal(403);
    expect(edit.body.code).to.equal('InsufficientVendorPermissionsException');
    expect(edit.body.required_permission).to.equal('settings.edit');
    const invite = await app.call('POST', '/api/v1/vendor/team/invitations', {
      token: memberToken,
      body: { email: `${name}-x@team.test`, role: 'staff' },
    });
    expect(invite.status).to.equal(403);
    expect(invite.body.code).to.equal('VendorOwnerOnlyException');
    // Another vendor of the same company: no membership there.
    const other = await app.call('POST', '/api/v1/vendor/auth/login', {
      body: { email_or_username: `${name}-staff@team.test`, password: 'member-password-1', vendor_code: vendorB.vendor_code },
    });
    expect(other.status).to.equal(403);
    expect(other.body.code).to.equal('VendorAccessDeniedException');
  });

  it('the owner promotes the member, and removing the member ends access at once', async () => {
    // Changing a member's role is a feature of the Professional tier: refused on the default Essential tier until an admin moves the vendor up.
    const refused = await app.call('PUT', `/api/v1/vendor/team/members/${memberId}`, { token: ownerToken, body: { role: 'manager' } });
    expect(refused.status).to.equal(403);
    expect(refused.body).to.include({ code: 'FeatureNotAvailableException', feature: 'roles_permissions', required_tier: 'professional' });
    const moved = await app.call('PUT', `/api/v1/admin/subscriptions/${vendorA.id}`, {
      token: admin,
      body: { tier_code: 'professional', status: 'active' },
    });
    expect(moved.status).to.equal(200);
    const promote = await app.call('PUT', `/api/v1/vendor/team/members/${memberId}`, { token: ownerToken, body: { role: 'manager' } });
    expect(promote.status).to.equal(200);
    expect(promote.body.member.role).to.equal('manager');
    const edit = await app.call('PUT', '/api/v1/vendor/settings/business-info', {
      token: memberToken,
      body: { contact_phone: '+352 999' },
    });
    expect(edit.status).to.equal(200);
    expect(edit.body.business_info).to.include({ contact_phone: '+352 999', contact_phone_inherited: false });
    const removed = await app.call('DELETE', `/api/v1/vendor/team/members/${memberId}`, { token: ownerToken });
    expect(removed.status).to.equal(200);
    const denied = await app.call('GET', '/api/v1/vendor/settings', { token: memberToken });
    expect(denied.status).to.equal(403);
    expect(denied.body.code).to.equal('VendorAccessDeniedException');
  });

  it('refuses to delete the company while it has vendors, and the owner while they own it', async () => {
    const del = await app.call('DELETE', `/api/v1/admin/companies/${company.id}`, { token: admin });
    expect(del.status).to.equal(400);
    expect(del.body.code).to.equal('CompanyHasVendorsException');
    const user = await app.call('DELETE', `/api/v1/admin/users/${company.owner_user_id}`, { token: admin });
    expect(user.status).to.equal(400);
    expect(user.body.code).to.equal('UserOwnershipException');
  });
});
