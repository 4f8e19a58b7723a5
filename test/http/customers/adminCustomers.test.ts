import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { ADDRESS, registerCustomer, shopClient, type Customer, type ShopClient } from '../../support/customers.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

/** The admin's view of shop customers across vendors (AdminCustomerService): a vendor filter, search, detail. */
describe('admin customers', () => {
  let app: TestApp;
  let admin: string;
  let shopA: ShopClient;
  let shopB: ShopClient;
  let a: Customer;
  let b: Customer;
  const tag = unique('ac');

  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    shopA = shopClient(app, await createVendorWithOwner(app));
    shopB = shopClient(app, await createVendorWithOwner(app));
    a = await registerCustomer(shopA, { email: `same.${tag}@shopper.test`, last_name: 'Aaronson' });
    b = await registerCustomer(shopB, { email: `same.${tag}@shopper.test`, last_name: 'Bernard' });
  });

  const get = (path: string, token = admin) => app.call('GET', `/api/v1/admin${path}`, { token });

  it('lists customers of every shop with their vendor; a search finds one e-mail at two shops', async () => {
    const res = await get(`/customers?search=same.${tag}&sort=last_name`);
    expect(res.status).to.equal(200);
    expect(res.body.total).to.equal(2);
    expect(res.body.items.map((c: any) => [c.id, c.vendor_id, c.vendor_code])).to.deep.equal([
      [a.id, shopA.vendor.vendorId, shopA.vendor.vendorCode],
      [b.id, shopB.vendor.vendorId, shopB.vendor.vendorCode],
    ]);
  });

  it('filters by vendor', async () => {
    const res = await get(`/customers?vendor_id=${shopB.vendor.vendorId}`);
    expect(res.body.items.map((c: any) => c.id)).to.deep.equal([b.id]);
  });

  it('shows a customer of any shop with addresses; an unknown id is a 404', async () => {
    await shopB.call('POST', '/addresses', { token: b.token, body: { ...ADDRESS, type: 'billing' } });
    const res = await get(`/customers/${b.id}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ id: b.id, vendor_id: shopB.vendor.vendorId, vendor_code: shopB.vendor.vendorCode, last_name: 'Bernard' });
    expect(res.body.addresses.map((x: any) => [x.type, x.is_default])).to.deep.equal([['billing', true]]);
    const missing = await get('/customers/2147483000');
    expect(missing.status).to.equal(404);
    expect(missing.body.code).to.equal('CustomerNotFoundException');
  });

  it('is for admins only: a vendor token is refused', async () => {
    expect((await get('/customers', shopA.vendor.ownerToken)).status).to.equal(401);
  });
});
