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
    const replies = await Promise.all(
      [1, 2, 3].map(() =>
        app.call('POST', '/api/v1/admin/vendors', { token: admin, body: { company_id: companyId, vendor_code: code, name: 'x' } }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).to.deep.equal([201, 409, 409]);
    const lower = await app.call('POST', '/api/v1/admin/vendors', {
      token: admin,
      body: { company_id: companyId, vendor_code: code.toLowerCase(), name: 'x' },
    });
    expect(lower.status).to.equal(409);
    const sub = await app.call('POST', '/api/v1/admin/vendors', {
      token: admin,
      body: { company_id: companyId, vendor_code: unique('w'), subdomain: code.toLowerCase(), name: 'x' },
    });
    expect(sub.status).to.equal(409);
    const reserved = await app.call('POST', '/api/v1/admin/vendors', {
      token: admin,
      body: { company_id: companyId, vendor_code: unique('w'), subdomain: 'admin', name: 'x' },
    });
    expect(reserved.status).to.equal(422);
  });

  it('opens several vendors of one company at the same time', async () => {
    const c = await createCompany(app);
    const replies = await Promise.all(
      [1, 2, 3, 4].map(() =>
        app.call('POST', '/api/v1/admin/vendors', { token: admin, body: { company_id: c.id, vendor_code: unique('par'), name: 'x' } }),
      ),
    );
    expect(replies.map((r) => r.status)).to.deep.equal([201, 201, 201, 201]);
    expect((await app.call('GET', `/api/v1/admin/companies/${c.id}`, { token: admin })).body.vendor_count).to.equal(4);
  });

  it('refuses a vendor for an unknown company and leaves its code free', async () => {
    const code = unique('nc');
    const res = await app.call('POST', '/api/v1/admin/vendors', {
      token: admin,
      body: { company_id: 999999, vendor_code: code, name: 'x' },
    });
    expect(res.status).to.equal(404);
    expect(res.body.code).to.equal('CompanyNotFoundException');
    const again = await app.call('POST', '/api/v1/admin/vendors', {
      token: admin,
      body: { company_id: companyId, vendor_code: code, name: 'x' },
    });
    expect(again.status).to.equal(201);
  });

  it('changes the subdomain, languages and extmarket identity, and frees the old subdomain', async () => {
    const v = await createVendor(app, companyId);
    const next = unique('sub');
    const res = await app.call('PUT', `/api/v1/admin/vendors/${v.id}`, {
      token: admin,
      body: {
        subdomain: next,
        storefront_languages: ['fr', 'lb'],
        storefront_language: 'lb',
        dashboard_language: 'de',
        storefront_locale: 'fr-LU',
        extmarket_vendor_slug: 'my-shop',
      },
    });
    expect(res.status).to.equal(200);
    expect(res.body).to.include({
      subdomain: next,
      storefront_language: 'lb',
      dashboard_language: 'de',
      storefront_locale: 'fr-LU',
      extmarket_vendor_slug: 'my-shop',
    });
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
    expect(presets.body.presets.map((p: any) => p.name)).to.include.members([
      'default',
      'modern',
      'classic',
      'minimal',
      'vibrant',
      'elegant',
      'nature',
    ]);
    const initial = await app.call('GET', `/api/v1/admin/vendors/${v.id}/theme`, { token: admin });
    expect(initial.body).to.include({ is_default: true });
    const changed = await app.call('PUT', `/api/v1/admin/vendors/${v.id}/theme`, {
      token: admin,
      body: { branding: { logo_url: 'https://cdn.test/logo.png' }, colors: { primary: '#112233' } },
    });
    expect(changed.body.theme.colors.primary).to.equal('#112233');
    const applied = await app.call('POST', `/api/v1/admin/vendors/${v.vendor_code}/theme/presets/nature`, { token: admin });
    expect(applied.status).to.equal(200);
    expect(applied.body).to.include({ preset: 'nature', is_default: false });
    expect(applied.body.theme.colors.primary).to.equal('#059669');
    expect(applied.body.theme.branding.logo_url).to.equal('https://cdn.test/logo.png');
    expect((await app.call('POST', `/api/v1/admin/vendors/${v.id}/theme/presets/nope`, { token: admin })).status).to.equal(404);
    expect(
      (await app.call('PUT', `/api/v1/admin/vendors/${v.id}/theme`, { token: admin, body: { colors: { primary: 'red' } } })).status,
    ).to.equal(422);
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
    const bad = await app.call('POST', '/api/v1/admin/vendors', {
      token: admin,
      body: { company_id: 'x', vendor_code: '-x-', name: '', storefront_languages: ['es'] },
    });
    expect(bad.status).to.equal(422);
    expect(bad.body.errors.map((e: any) => e.pointer)).to.include.members(['/body/company_id', '/body/vendor_code', '/body/name']);
  });

  it('sorts the vendor list on a documented order, pages never repeating or skipping one, and names the orders on a bad one', async () => {
    const admin = await app.adminToken();
    const tag = unique('srt');
    const company = await createCompany(app);
    // One letter case throughout, so that any collation orders the names alike; the two Bravos tie on the name.
    const made: { id: number; name: string; vendor_code: string }[] = [];
    for (const name of ['Charlie', 'Alpha', 'Bravo', 'Bravo']) made.push(await createVendor(app, company.id, { name: `${name} ${tag}` }));
    const [charlie, alpha, bravo1, bravo2] = made.map((v) => v.id);
    const walk = async (sort: string) => {
      const seen: any[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await app.call('GET', `/api/v1/admin/vendors?search=${tag}&sort=${sort}&limit=2&page=${page}`, { token: admin });
        expect(res.status).to.equal(200);
        expect(res.body).to.include({ total: 4, page, limit: 2 });
        expect(res.body.items).to.have.length(page <= 2 ? 2 : 0);
        seen.push(...res.body.items.map((v: any) => v.id));
      }
      return seen;
    };
    // Ties end on the id, in the order's direction: pages never repeat or skip a vendor.
    expect(await walk('name')).to.deep.equal([alpha, bravo1, bravo2, charlie]);
    expect(await walk('-name')).to.deep.equal([charlie, bravo2, bravo1, alpha]);
    expect(await walk('-created_at')).to.deep.equal([bravo2, bravo1, alpha, charlie]);
    const byCode = [...made].sort((a, b) => (a.vendor_code < b.vendor_code ? -1 : 1)).map((v) => v.id);
    expect(await walk('vendor_code')).to.deep.equal(byCode);
    expect(await walk('-vendor_code')).to.deep.equal([...byCode].reverse());
    const bad = await app.call('GET', '/api/v1/admin/vendors?sort=bogus', { token: admin });
    expect(bad.status).to.equal(422);
    const message = bad.body.errors.find((e: any) => e.pointer === '/query/sort').message;
    for (const allowed of ['name', '-name', 'vendor_code', '-vendor_code', 'created_at', '-created_at'])
      expect(message).to.contain(allowed);
  });
});
