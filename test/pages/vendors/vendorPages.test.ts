import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { signedIn, signedInAdmin } from '../../support/backOffice.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

const location = (res: { headers: Record<string, unknown> }) => String(res.headers.location ?? '');

/**
 * The admins' vendor pages: creation for a company, contact data with the company's values shown
 * as inherited, the flags, custom domains with their DNS check, and the history — all through the
 * admin API's commands, forms refusing a bad token, user text escaped.
 */
describe('admin back office: vendors', function () {
  this.timeout(60_000);
  let app: TestApp;
  before(async function () {
    this.timeout(120_000);
    app = await testApp();
  });

  it('creates a vendor for a company and shows its contact data inherited from the company until it sets its own', async () => {
    const owner = await createVendorWithOwner(app);
    const admin = await signedInAdmin(app);
    const form = await admin.get(`/admin/vendors/new?company_id=${owner.companyId}`);
    expect(form.body).to.contain(`value="${owner.companyId}"`);
    const code = unique('v')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 20);
    const created = await admin.post('/admin/vendors', {
      _csrf: admin.csrf(form.body),
      company_id: String(owner.companyId),
      vendor_code: code,
      name: '<img src=x onerror=alert(1)> Shop',
      website: '',
    });
    expect(created.status).to.equal(303);
    const page = await admin.get(location(created));
    expect(page.body)
      .to.contain('The vendor is created.')
      .and.contain('&lt;img src=x onerror=alert(1)&gt; Shop')
      .and.not.contain('<img src=x');
    expect(page.body).to.match(/inherited from/);
    // A field the company leaves empty says so, instead of ending on a colon.
    expect(page.body)
      .to.match(/inherited from [^<]*, which has no value/)
      .and.not.match(/inherited from [^<:]*: <\/|inherited from [^<:]*:\s*<\//);
    const id = Number(/\/admin\/vendors\/(\d+)/.exec(location(created))![1]);
    await admin.post(`/admin/vendors/${id}`, {
      _csrf: admin.csrf(page.body),
      name: 'Own Shop',
      website: 'https://own.example',
      contact_email: '',
    });
    const api = await app.call('GET', `/api/v1/admin/vendors/${id}`, { token: await app.adminToken() });
    expect(api.body).to.include({ name: 'Own Shop', website: 'https://own.example', website_inherited: false });
    expect((await admin.get(`/admin/vendors/${id}`)).body).to.contain('own value');
  });

  it("a duplicate vendor code is refused on the form in the domain's words, values kept", async () => {
    const v = await createVendorWithOwner(app);
    const admin = await signedInAdmin(app);
    const form = await admin.get('/admin/vendors/new');
    const res = await admin.post('/admin/vendors', {
      _csrf: admin.csrf(form.body),
      company_id: String(v.companyId),
      vendor_code: v.vendorCode,
      name: 'Twin',
    });
    expect(res.status).to.equal(409);
    expect(res.body).to.contain('value="Twin"');
  });

  it('adds a domain, shows the TXT record to publish, records a failed DNS check, and removes it; each step in the history', async () => {
    const v = await createVendorWithOwner(app);
    const admin = await signedInAdmin(app);
    const page = await admin.get(`/admin/vendors/${v.vendorId}?tab=domains`);
    const csrf = admin.csrf(page.body);
    const added = await admin.post(`/admin/vendors/${v.vendorId}/domains`, {
      _csrf: csrf,
      domain: `${unique('d')}.example.org`.toLowerCase(),
    });
    expect(location(added)).to.equal(`/admin/vendors/${v.vendorId}?tab=domains`);
    const tab = await admin.get(location(added));
    expect(tab.body).to.contain('_platform-verification.').and.contain('publish its TXT record');
    const domainId = /\/domains\/(\d+)\/verify/.exec(tab.body)![1];
    const checked = await admin.post(`/admin/vendors/${v.vendorId}/domains/${domainId}/verify`, { _csrf: csrf });
    expect((await admin.get(location(checked))).body).to.match(/was not found|is verified/);
    await admin.post(`/admin/vendors/${v.vendorId}/domains/${domainId}/remove`, { _csrf: csrf });
    expect((await admin.get(`/admin/vendors/${v.vendorId}?tab=domains`)).body).to.contain('No custom domain yet');
    const history = await admin.get(`/admin/vendors/${v.vendorId}?tab=history`);
    expect(history.body).to.contain('VendorDomainAdded').and.contain('VendorDomainRemoved');
  });

  it("forms refuse a missing or wrong token, and a vendor's own session never opens them", async () => {
    const v = await createVendorWithOwner(app);
    const admin = await signedInAdmin(app);
    await admin.get('/admin/vendors');
    for (const path of [
      '/admin/vendors',
      `/admin/vendors/${v.vendorId}`,
      `/admin/vendors/${v.vendorId}/status`,
      `/admin/vendors/${v.vendorId}/delete`,
      `/admin/vendors/${v.vendorId}/domains`,
    ]) {
      for (const token of [undefined, 'x'.repeat(43)]) {
        const res = await admin.post(path, {
          ...(token ? { _csrf: token } : {}),
          name: 'Forged',
          is_active: 'false',
          domain: 'forged.example.org',
        });
        expect(res.status, path).to.equal(403);
      }
    }
    const api = await app.call('GET', `/api/v1/admin/vendors/${v.vendorId}`, { token: await app.adminToken() });
    expect(api.body).to.include({ is_active: true });
    expect(api.body.name).to.not.equal('Forged');
    const member = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword);
    expect(location(await member.get(`/admin/vendors/${v.vendorId}`))).to.match(/^\/admin\/login/);
  });
});
