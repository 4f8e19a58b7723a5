import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { createCompany, createVendor } from '../../support/tenancy.ts';

/** SPEC.md 4.1 vendors: CRUD by id or code, uniqueness, flags, themes. */
describe('admin vendors API', () => {
  let app: TestApp;
  let admin: string;
  let companyId: number;
  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    companyId = (await createCompany(app)).id;
  });

  it('keeps vendor codes and subdomains unique, in any letter case, also under concurrency', async () => {
    const code = unique('u').toUpperCase();
    const replies = await Promise.all([1, 2, 3].map(() => app.call('POST', '/api/v1/admin/vendors', { token: admin, body: { company_id: companyId, vendor_code: code, name: 'x' } })));
    expect(replies.map((r) => r.status).sort()).to.deep.equal([201, 409, 409]);
    const lower = await app.call('POST', '/api/v1/admin/vendors', { token: admin, body: { company_id: companyId, vendor_code: code.toLowerCase(), name: 'x' } });
    expect(lower.status).to.equal(409);
    const sub = await app.call('POST', '/api/v1/admin/vendors', { token: admin, body: { company_id: companyId, vendor_code: unique('w'), subdomain: code.toLowerCase(), name: 'x' } });
    expect(sub.status).to.equal(409);
    const reserved = await app.call('POST', '/api/v1/admin/vendors', { token: admin, body: { company_id: companyId, vendor_code: unique('w'), subdomain: 'admin', name: 'x' } });
    expect(reserved.status).to.equal(422);
  });

  it('opens several vendors of one company at the same time', async () => {
    const c = await createCompany(app);
    const replies = await Promise.all([1, 2, 3, 4].map(() => app.call('POST', '/api/v1/admin/vendors', { token: admin, body: { company_id: c.id, vendor_code: unique('par'), name: 'x' } })));
    expect(replies.map((r) => r.status)).to.deep.equal([201, 201, 201, 201]);
    expect((await app.call('GET', `/api/v1/admin/companies/${c.id}`, { token: admin })).body.vendor_count).to.equal(4);
  });

  it('refuses a vendor for an unknown company and leaves its code free', async () => {
    const code = unique('nc');
    const res = await app.call('POST', '/api/v1/admin/vendors', { token: admin, body: { company_id: 999999, vendor_code: code, name: 'x' } });
    expect(res.status).to.equal(404);
    expect(res.body.code).to.equal('CompanyNotFoundException');
    const again = await app.call('POST', '/api/v1/admin/vendors', { token: admin, body: { company_id: companyId, vendor_code: code, name: 'x' } });
    expect(again.status).to.equal(201);
  });

  it('changes the subdomain, languages and extmarket identity, and frees the old subdomain', async () => {
    const v = await createVendor(app, companyId);
    const next = unique('sub');
    const res = await app.call('PUT', `/api/v1/admin/vendors/${v.id}`, {
      token: admin,
      body: { subdomain: next, storefront_languages: ['fr', 'lb'], storefront_language: 'lb', dashboard_language: 'de', storefront_locale: 'fr-LU', extmarket_vendor_slug: 'my-shop' },
    });
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ subdomain: next, storefront_language: 'lb', dashboard_language: 'de', storefront_locale: 'fr-LU', extmarket_vendor_slug: 'my-shop' });
    expect(res.body.storefront_languages).to.deep.equal(['fr', 'lb']);
    const reuse = await createVendor(app, companyId, { subdomain: v.subdomain });
    expect(reuse.subdomain).to.equal(v.subdomain);
    const bad = await app.call('PUT', `/api/v1/admin/vendors/${v.id}`, { token: admin, body: { storefront_language: 'en' } });
    expect(bad.status).to.equal(422);
  });

  it('toggles verification and status by code, and lists with filters', async () => {
    const v = await createVendor(app, companyId);
    const ver = await app.call('PUT', `/api/v1/admin/vendors/${v.vendor_code}/verification`, { token: admin });
    expect(ver.body).to.include({ is_verified: true });
    expect(ver.body.verified_at).to.be.a('string');
    const off = await app.call('PUT', `/api/v1/admin/vendors/${v.vendor_code}/status`, { token: admin });
    expect(off.body.is_active).to.equal(false);
    const list = await app.call('GET', `/api/v1/admin/vendors?company_id=${companyId}&is_active=false&is_verified=true`, { token: admin });
    expect(list.body.items.map((x: any) => x.id)).to.deep.equal([v.id]);
    expect(list.body.items[0]).to.have.property('effective_contact_email');
  });

  it('deletes a vendor: gone by id and code, code reusable', async () => {
    const v = await createVendor(app, companyId);
    expect((await app.call('DELETE', `/api/v1/admin/vendors/${v.id}`, { token: admin })).status).to.equal(200);
    const gone = await app.call('GET', `/api/v1/admin/vendors/${v.vendor_code}`, { token: admin });
    expect(gone.status).to.equal(404);
    expect(gone.body.code).to.equal('VendorNotFoundException');
    const again = await createVendor(app, companyId, { vendor_code: v.vendor_code });
    expect(again.vendor_code).to.equal(v.vendor_code);
  });

  it('manages the vendor theme: presets, apply, change, reset', async () => {
    const v = await createVendor(app, companyId);
    const presets = await app.call('GET', '/api/v1/admin/themes/presets', { token: admin });
    expect(presets.body.presets.map((p: any) => p.name)).to.include.members(['default', 'modern', 'classic', 'minimal', 'vibrant', 'elegant', 'nature']);
    const initial = await app.call('GET', `/api/v1/admin/vendors/${v.id}/theme`, { token: admin });
    expect(initial.body).to.include({ is_default: true });
    const changed = await app.call('PUT', `/api/v1/admin/vendors/${v.id}/theme`, { token: admin, body: { branding: { logo_url: 'https://cdn.test/logo.png' }, colors: { primary: '#112233' } } });
    expect(changed.body.theme.colors.primary).to.equal('#112233');
    const applied = await app.call('POST', `/api/v1/admin/vendors/${v.vendor_code}/theme/presets/nature`, { token: admin });
    expect(applied.status).to.equal(200);
    expect(applied.body).to.include({ preset: 'nature', is_default: false });
    expect(applied.body.theme.colors.primary).to.equal('#059669');
    expect(applied.body.theme.branding.logo_url).to.equal('https://cdn.test/logo.png');
    expect((await app.call('POST', `/api/v1/admin/vendors/${v.id}/theme/presets/nope`, { token: admin })).status).to.equal(404);
    expect((await app.call('PUT', `/api/v1/admin/vendors/${v.id}/theme`, { token: admin, body: { colors: { primary: 'red' } } })).status).to.equal(422);
    const reset = await app.call('DELETE', `/api/v1/admin/vendors/${v.id}/theme`, { token: admin });
    expect(reset.body).to.include({ is_default: true });
    expect((await app.call('GET', `/api/v1/admin/vendors/${v.id}/theme`, { token: admin })).body.is_default).to.equal(true);
  });

  it('answers unknown identifiers with 404 and malformed ones with 422, never 500', async () => {
    for (const id of ['9999999999', '0', 'NO-SUCH-CODE']) {
      const res = await app.call('GET', `/api/v1/admin/vendors/${id}`, { token: admin });
      expect(res.status, id).to.equal(404);
      expect(res.body.code, id).to.equal('VendorNotFoundException');
    }
    expect((await app.call('GET', '/api/v1/admin/vendors/bad%20code', { token: admin })).status).to.equal(422);
    expect((await app.call('PUT', '/api/v1/admin/vendors/9999999999/status', { token: admin, body: {} })).status).to.equal(404);
    const bad = await app.call('POST', '/api/v1/admin/vendors', { token: admin, body: { company_id: 'x', vendor_code: '-x-', name: '', storefront_languages: ['es'] } });
    expect(bad.status).to.equal(422);
    expect(bad.body.errors.map((e: any) => e.pointer)).to.include.members(['/body/company_id', '/body/vendor_code', '/body/name']);
  });

  it('sorts the vendor list on a documented order, pages never repeating or skipping one, and names the orders on a bad one', async () => {
    const admin = await app.adminToken();
    const tag = unique('srt');
    const company = await createCompany(app);
    for (const name of ['Charlie', 'alpha', 'Bravo', 'Bravo']) await createVendor(app, company.id, { name: `${name} ${tag}` });
    const walk = async (sort: string) => {
      const seen: any[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await app.call('GET', `/api/v1/admin/vendors?search=${tag}&sort=${sort}&limit=2&page=${page}`, { token: admin });
        expect(res.status).to.equal(200);
        expect(res.body).to.include({ total: 4, page, limit: 2 });
        seen.push(...res.body.items);
      }
      return seen;
    };
    const byName = await walk('name');
    expect(byName).to.have.length(4);
    // The database's collation orders the names; ties (the two Bravos) end on the id.
    const sorted = [...byName].sort((a, b) => (a.name === b.name ? a.id - b.id : 0));
    expect(byName.map((v) => v.id)).to.deep.equal(sorted.map((v) => v.id));
    expect(new Set(byName.map((v) => v.id)).size).to.equal(4);
    const newest = await walk('-created_at');
    expect(newest.map((v) => v.id)).to.deep.equal([...newest].sort((a, b) => b.id - a.id).map((v) => v.id));
    const bad = await app.call('GET', '/api/v1/admin/vendors?sort=owner', { token: admin });
    expect(bad.status).to.equal(422);
    const message = bad.body.errors.find((e: any) => e.pointer === '/query/sort').message;
    expect(message).to.contain('name').and.contain('-created_at').and.contain('vendor_code');
  });
});
