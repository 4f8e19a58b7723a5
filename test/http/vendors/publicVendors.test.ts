import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/** SPEC.md 4.4 and part 9: three public vendor lookups, and nothing else under /public/vendors. */
describe('public vendor lookups', () => {
  let app: TestApp;
  let v: VendorFixture;
  before(async () => {
    app = await testApp();
    v = await createVendorWithOwner(app);
  });

  it('finds an active vendor by code (any case), by subdomain and by id, with public fields only', async () => {
    const byCode = await app.call('GET', `/api/v1/public/vendors/by-code/${v.vendorCode.toLowerCase()}`);
    expect(byCode.status).to.equal(200);
    expect(byCode.body).to.include({ id: v.vendorId, vendor_code: v.vendorCode });
    expect(byCode.body).to.have.property('contact_email'); // the effective (inherited) value
    expect(byCode.body).not.to.have.any.keys('company_id', 'owner_user_id', 'tax_number', 'extmarket_vendor_id');
    const bySub = await app.call('GET', `/api/v1/public/vendors/by-subdomain/${v.subdomain}`);
    expect(bySub.body.id).to.equal(v.vendorId);
    const info = await app.call('GET', `/api/v1/public/vendors/${v.vendorId}/info`);
    expect(info.body.vendor_code).to.equal(v.vendorCode);
  });

  it('answers 404 VendorNotFoundException for unknown and inactive vendors, 422 for a bad id', async () => {
    const unknown = await app.call('GET', '/api/v1/public/vendors/by-code/NOPE-NOPE');
    expect(unknown.status).to.equal(404);
    expect(unknown.body.code).to.equal('VendorNotFoundException');
    expect((await app.call('GET', '/api/v1/public/vendors/by-subdomain/nope-nope')).status).to.equal(404);
    expect((await app.call('GET', '/api/v1/public/vendors/999999/info')).status).to.equal(404);
    expect((await app.call('GET', '/api/v1/public/vendors/abc/info')).status).to.equal(422);
    const off = await createVendorWithOwner(app);
    await app.call('PUT', `/api/v1/admin/vendors/${off.vendorId}/status`, { token: await app.adminToken(), body: { is_active: false } });
    expect((await app.call('GET', `/api/v1/public/vendors/${off.vendorId}/info`)).status).to.equal(404);
  });

  it('has none of the old shop endpoints under /api/v1/public/vendors', async () => {
    for (const path of [
      '/api/v1/public/vendors',
      `/api/v1/public/vendors/${v.vendorId}`,
      `/api/v1/public/vendors/${v.vendorId}/products`,
      `/api/v1/public/vendors/${v.vendorId}/cart/abc`,
      `/api/v1/public/vendors/${v.vendorCode}/shop/products`,
    ]) {
      const res = await app.call('GET', path);
      expect(res.status, path).to.equal(404);
      expect(res.body.code, path).to.equal('RouteNotFound');
    }
  });
});
