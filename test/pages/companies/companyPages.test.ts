import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { signedIn, signedInAdmin } from '../../support/backOffice.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';
import { visitor } from '../../support/storefront.ts';

const location = (res: { headers: Record<string, unknown> }) => String(res.headers.location ?? '');

/**
 * The admins' company pages: the list, creation with the owner's temporary password shown once,
 * the company page with its vendors and history, and the forms running the API's commands — with
 * the refusals of the domain said on the page, the form token required, and user text escaped.
 */
describe('admin back office: companies', function () {
  this.timeout(60_000);
  let app: TestApp;
  before(async function () {
    this.timeout(120_000);
    app = await testApp();
  });

  it('creates a company with a new owner and shows the temporary password on the answer only', async () => {
    const admin = await signedInAdmin(app);
    const form = await admin.get('/admin/companies/new');
    expect(form.status).to.equal(200);
    const email = `${unique('owner')}@example.com`;
    const created = await admin.post('/admin/companies', {
      _csrf: admin.csrf(form.body),
      name: 'Maison <b>Rouge</b>',
      owner_email: email,
      contact_email: '',
      website: '',
    });
    expect(created.status).to.equal(201);
    expect(created.headers['cache-control']).to.contain('no-store');
    const password = /id="temporary-password">([^<]+)</.exec(created.body)?.[1];
    expect(password, 'the temporary password is on the page').to.be.a('string').with.length.greaterThan(8);
    expect(created.body).to.contain('Maison &lt;b&gt;Rouge&lt;/b&gt;').and.not.contain('<b>Rouge</b>');
    const id = /href="\/admin\/companies\/(\d+)"/.exec(created.body)![1];
    const page = await admin.get(`/admin/companies/${id}`);
    expect(page.body).to.contain(email).and.not.contain(password!);
    const list = await admin.get(`/admin/companies?search=${encodeURIComponent('Maison')}`);
    expect(list.body).to.contain(`/admin/companies/${id}`);
  });

  it('a form with a field the API refuses comes back with the field named and the values kept', async () => {
    const admin = await signedInAdmin(app);
    const form = await admin.get('/admin/companies/new');
    const res = await admin.post('/admin/companies', { _csrf: admin.csrf(form.body), name: 'Kept name', owner_email: 'not-an-email' });
    expect(res.status).to.equal(422);
    expect(res.body).to.contain('owner_email').and.contain('value="Kept name"');
  });

  it("edits, verifies and deactivates through the commands, each step in the company's history", async () => {
    const v = await createVendorWithOwner(app);
    const admin = await signedInAdmin(app);
    const page = await admin.get(`/admin/companies/${v.companyId}`);
    const csrf = admin.csrf(page.body);
    expect(
      location(
        await admin.post(`/admin/companies/${v.companyId}`, {
          _csrf: csrf,
          name: 'Renamed SARL',
          description: 'Fine goods',
          website: 'https://renamed.example',
        }),
      ),
    ).to.equal(`/admin/companies/${v.companyId}`);
    await admin.post(`/admin/companies/${v.companyId}/verification`, { _csrf: csrf, is_verified: 'true' });
    await admin.post(`/admin/companies/${v.companyId}/status`, { _csrf: csrf, is_active: 'false' });
    const after = await admin.get(`/admin/companies/${v.companyId}`);
    expect(after.body).to.contain('Renamed SARL').and.contain('The company is updated.').and.contain('Inactive').and.contain('Verified');
    const history = await admin.get(`/admin/companies/${v.companyId}?tab=history`);
    expect(history.body).to.contain('CompanyCreated').and.contain('CompanyDetailsChanged');
    const api = await app.call('GET', `/api/v1/admin/companies/${v.companyId}`, { token: await app.adminToken() });
    expect(api.body).to.include({ name: 'Renamed SARL', is_verified: true, is_active: false });
  });

  it("refuses to delete a company with vendors in the domain's words, and transfers the ownership by e-mail", async () => {
    const v = await createVendorWithOwner(app);
    const other = await createVendorWithOwner(app);
    const admin = await signedInAdmin(app);
    const page = await admin.get(`/admin/companies/${v.companyId}`);
    const csrf = admin.csrf(page.body);
    const refused = await admin.post(`/admin/companies/${v.companyId}/delete`, { _csrf: csrf });
    expect(location(refused)).to.equal(`/admin/companies/${v.companyId}`);
    expect((await admin.get(location(refused))).body).to.match(/vendors/i);
    const unknown = await admin.post(`/admin/companies/${v.companyId}/transfer`, { _csrf: csrf, new_owner: 'nobody@nowhere.example' });
    expect((await admin.get(location(unknown))).body).to.contain('No user has the e-mail or user name nobody@nowhere.example');
    await admin.post(`/admin/companies/${v.companyId}/transfer`, { _csrf: csrf, new_owner: other.ownerEmail, transfer_reason: 'sold' });
    const api = await app.call('GET', `/api/v1/admin/companies/${v.companyId}`, { token: await app.adminToken() });
    expect(api.body.owner.email).to.equal(other.ownerEmail);
  });

  it("every form refuses a missing or wrong form token and changes nothing; a vendor's session never opens the pages", async () => {
    const v = await createVendorWithOwner(app);
    const admin = await signedInAdmin(app);
    await admin.get('/admin/companies');
    for (const path of [
      '/admin/companies',
      `/admin/companies/${v.companyId}`,
      `/admin/companies/${v.companyId}/verification`,
      `/admin/companies/${v.companyId}/status`,
      `/admin/companies/${v.companyId}/transfer`,
      `/admin/companies/${v.companyId}/delete`,
    ]) {
      for (const token of [undefined, 'x'.repeat(43)]) {
        const res = await admin.post(path, { ...(token ? { _csrf: token } : {}), name: 'Forged', is_active: 'false', new_owner: 'x' });
        expect(res.status, `${path} without a good token`).to.equal(403);
      }
    }
    const api = await app.call('GET', `/api/v1/admin/companies/${v.companyId}`, { token: await app.adminToken() });
    expect(api.body.name).to.not.equal('Forged');
    expect(api.body.is_active).to.equal(true);
    const member = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword);
    expect(location(await member.get('/admin/companies'))).to.match(/^\/admin\/login/);
    expect(location(await visitor(app).get(`/admin/companies/${v.companyId}`))).to.match(/^\/admin\/login/);
  });
});
