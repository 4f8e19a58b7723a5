import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { sellsOnExtmarket } from '../../support/orders.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

describe("admin extmarket credentials: an admin stores, reads and removes a vendor's key", function () {
  this.timeout(60_000);
  let app: TestApp;
  let token: string;

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
  });

  it('removes the stored key: both the admin and the vendor then read the credentials as not configured', async () => {
    const vendor = await createVendorWithOwner(app);
    await sellsOnExtmarket(app, vendor.vendorId);
    const path = `/api/v1/admin/vendors/${vendor.vendorId}/extmarket/credentials`;
    const stored = await app.call('PUT', path, {
      token,
      body: { api_key: 'xm-admin-key-98765', api_endpoint: 'https://extmarket.example.test/graphql' },
    });
    expect(stored.status).to.equal(200);
    expect(stored.body).to.include({ configured: true, api_key_hint: '…8765' });

    const removed = await app.call('DELETE', path, { token });
    expect(removed.status).to.equal(200);
    expect(removed.body).to.include({ configured: false, api_key_hint: null });
    expect((await app.call('GET', path, { token })).body).to.include({ configured: false });
    const own = await app.call('GET', '/api/v1/vendor/extmarket/credentials', { token: vendor.ownerToken });
    expect(own.body).to.include({ configured: false });
  });

  it('answers 404 for a vendor that does not exist', async () => {
    const res = await app.call('DELETE', '/api/v1/admin/vendors/999999/extmarket/credentials', { token });
    expect(res.status).to.equal(404);
    expect(res.body.code).to.equal('VendorNotFoundException');
  });
});
