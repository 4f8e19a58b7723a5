import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { createCompany, createVendor, createVendorWithOwner } from '../../support/tenancy.ts';

/** SPEC.md 4.1 companies: CRUD, flags, ownership transfer, deletion rules. */
describe('admin companies API', () => {
  let app: TestApp;
  let admin: string;
  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
  });

  it('reuses an existing account as owner (no temporary password) and lists with filters', async () => {
    const first = await createCompany(app);
    const second = await createCompany(app, { owner_email: first.owner.email.toUpperCase() });
    expect(second.owner_user_id).to.equal(first.owner_user_id);
    expect(second.temporary_password).to.equal(null);
    const list = await app.call('GET', `/api/v1/admin/companies?owner_user_id=${first.owner_user_id}`, { token: admin });
    expect(list.body.total).to.equal(2);
    expect(list.body).to.include({ page: 1, limit: 20 });
  });

  it('updates details, toggles verification and status', async () => {
    const c = await createCompany(app);
    const upd = await app.call('PUT', `/api/v1/admin/companies/${c.id}`, { token: admin, body: { tax_number: 'LU99999999', website: '' } });
    expect(upd.body).to.include({ tax_number: 'LU99999999', website: null });
    const verified = await app.call('PUT', `/api/v1/admin/companies/${c.id}/verification`, { token: admin });
    expect(verified.body.is_verified).to.equal(true);
    const unverified = await app.call('PUT', `/api/v1/admin/companies/${c.id}/verification`, {
      token: admin,
      body: { is_verified: false },
    });
    expect(unverified.body.is_verified).to.equal(false);
    const off = await app.call('PUT', `/api/v1/admin/companies/${c.id}/status`, { token: admin, body: { is_active: false } });
    expect(off.body.is_active).to.equal(false);
    const filtered = await app.call('GET', `/api/v1/admin/companies?is_active=false&search=${encodeURIComponent(off.body.name)}`, {
      token: admin,
    });
    expect(filtered.body.items.map((x: any) => x.id)).to.deep.equal([c.id]);
  });

  it('transfers ownership: the new owner runs the vendors and the old owner can be deleted', async () => {
    const f = await createVendorWithOwner(app);
    const newOwner = await app.call('POST', '/api/v1/admin/users', {
      token: admin,
      body: { email: `${unique('no')}@owner.test`, username: unique('no'), password: 'new-owner-password', role: 'vendor' },
    });
    const missing = await app.call('POST', `/api/v1/admin/companies/${f.companyId}/transfer-ownership`, {
      token: admin,
      body: { new_owner_user_id: newOwner.body.id },
    });
    expect(missing.status).to.equal(422); // confirm_transfer is required
    const same = await app.call('POST', `/api/v1/admin/companies/${f.companyId}/transfer-ownership`, {
      token: admin,
      body: { new_owner_user_id: f.ownerUserId, confirm_transfer: true },
    });
    expect(same.status).to.equal(400);
    expect(same.body.code).to.equal('CompanyException');
    const nobody = await app.call('POST', `/api/v1/admin/companies/${f.companyId}/transfer-ownership`, {
      token: admin,
      body: { new_owner_user_id: 999999, confirm_transfer: true },
    });
    expect(nobody.status).to.equal(404);
    const moved = await app.call('POST', `/api/v1/admin/companies/${f.companyId}/transfer-ownership`, {
      token: admin,
      body: { new_owner_user_id: newOwner.body.id, confirm_transfer: true, transfer_reason: 'sale of the business' },
    });
    expect(moved.status).to.equal(200);
    expect(moved.body.owner_user_id).to.equal(newOwner.body.id);
    // The former owner's token stops working; the new owner signs in as owner.
    const old = await app.call('GET', '/api/v1/vendor/settings', { token: f.ownerToken });
    expect(old.status).to.equal(403);
    expect(old.body.code).to.equal('VendorAccessDeniedException');
    const login = await app.call('POST', '/api/v1/vendor/auth/login', {
      body: { email_or_username: newOwner.body.username, password: 'new-owner-password' },
    });
    expect(login.status).to.equal(200);
    expect(login.body.user.role).to.equal('owner');
    const vendor = await app.call('GET', `/api/v1/admin/vendors/${f.vendorId}`, { token: admin });
    expect(vendor.body.owner_user_id).to.equal(newOwner.body.id);
    expect((await app.call('DELETE', `/api/v1/admin/users/${f.ownerUserId}`, { token: admin })).status).to.equal(200);
  });

  it('deletes a company once its vendors are gone; the vendor count follows', async () => {
    const c = await createCompany(app);
    const v = await createVendor(app, c.id);
    expect((await app.call('GET', `/api/v1/admin/companies/${c.id}`, { token: admin })).body.vendor_count).to.equal(1);
    expect((await app.call('DELETE', `/api/v1/admin/companies/${c.id}`, { token: admin })).body.code).to.equal(
      'CompanyHasVendorsException',
    );
    expect((await app.call('DELETE', `/api/v1/admin/vendors/${v.vendor_code}`, { token: admin })).status).to.equal(200);
    expect((await app.call('GET', `/api/v1/admin/companies/${c.id}`, { token: admin })).body.vendor_count).to.equal(0);
    expect((await app.call('DELETE', `/api/v1/admin/companies/${c.id}`, { token: admin })).status).to.equal(200);
    const gone = await app.call('GET', `/api/v1/admin/companies/${c.id}`, { token: admin });
    expect(gone.status).to.equal(404);
    expect(gone.body.code).to.equal('CompanyNotFoundException');
  });

  it('answers bad input with 422 and unknown ids with 404, never 500', async () => {
    const bad = await app.call('POST', '/api/v1/admin/companies', {
      token: admin,
      body: { name: '', owner_email: 'nope', contact_email: 'x', website: 'ftp://x' },
    });
    expect(bad.status).to.equal(422);
    expect(bad.body.errors.map((e: any) => e.pointer)).to.include.members([
      '/body/name',
      '/body/owner_email',
      '/body/contact_email',
      '/body/website',
    ]);
    expect((await app.call('GET', '/api/v1/admin/companies/abc', { token: admin })).status).to.equal(422);
    expect((await app.call('PUT', '/api/v1/admin/companies/999999', { token: admin, body: { name: 'x' } })).status).to.equal(404);
    expect((await app.call('GET', '/api/v1/admin/companies')).status).to.equal(401);
  });

  it('sorts the company list on a documented order with the id as tie-break, and names the orders on a bad one', async () => {
    const tag = unique('csrt');
    const made: number[] = [];
    for (const name of ['Delta', 'Echo', 'Delta']) made.push((await createCompany(app, { name: `${name} ${tag}` })).id);
    const [delta1, echo, delta2] = made;
    const walk = async (sort: string) => {
      const ids: number[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await app.call('GET', `/api/v1/admin/companies?search=${tag}&sort=${sort}&limit=1&page=${page}`, { token: admin });
        expect(res.body).to.include({ total: 3, page, limit: 1 });
        ids.push(...res.body.items.map((c: any) => c.id));
      }
      return ids;
    };
    expect(await walk('name')).to.deep.equal([delta1, delta2, echo]);
    expect(await walk('-name')).to.deep.equal([echo, delta2, delta1]);
    expect(await walk('created_at')).to.deep.equal([delta1, echo, delta2]);
    const bad = await app.call('GET', '/api/v1/admin/companies?sort=bogus', { token: admin });
    expect(bad.status).to.equal(422);
    const message = bad.body.errors.find((e: any) => e.pointer === '/query/sort').message;
    for (const allowed of ['name', '-name', 'created_at', '-created_at']) expect(message).to.contain(allowed);
  });
});
