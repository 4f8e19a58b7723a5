import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

/**
 * The catalogue asks the areas above it what they keep of a product (the inventory: its stock
 * rows) before it deletes the product or makes it digital, without importing them.
 */
describe('a product the inventory holds: no deletion with units in stock, not digital while it has stock rows', () => {
  let app: TestApp;
  let a: VendorFixture;
  const as = (method: string, path: string, body?: unknown) => app.call(method, `/api/v1/vendor${path}`, { token: a.ownerToken, body });

  before(async () => {
    app = await testApp();
    a = await createVendorWithOwner(app);
  });

  it('refuses to delete a product with units in stock, naming them, and deletes it once the stock row is gone', async () => {
    const product = (await as('POST', '/products', { title: 'Kettle', price_cents: 2500, vendor_sku: unique('KT') })).body;
    const row = (await as('POST', '/inventory', { product_id: product.id, warehouse: 'Strassen', bin_location: 'C-03', quantity: 4 })).body;
    const refused = await as('DELETE', `/products/${product.id}`);
    expect(refused.status, JSON.stringify(refused.body)).to.equal(400);
    expect(refused.body.code).to.equal('ProductException');
    expect(refused.body.detail).to.contain('4 units in stock');
    expect((await as('DELETE', `/inventory/${row.id}`)).status).to.equal(200);
    expect((await as('DELETE', `/products/${product.id}`)).status).to.equal(200);
  });

  it('refuses to make a product with a stock row digital, even an empty row, and allows it once the row is gone', async () => {
    const product = (await as('POST', '/products', { title: 'Manual', price_cents: 900, vendor_sku: unique('MN') })).body;
    const row = (await as('POST', '/inventory', { product_id: product.id, warehouse: 'Strassen', bin_location: 'D-04', quantity: 0 })).body;
    const refused = await as('PATCH', `/products/${product.id}`, { is_digital: true });
    expect(refused.status, JSON.stringify(refused.body)).to.equal(400);
    expect(refused.body.detail).to.contain('Remove the inventory rows');
    expect((await as('DELETE', `/inventory/${row.id}`)).status).to.equal(200);
    const changed = await as('PATCH', `/products/${product.id}`, { is_digital: true });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    expect(changed.body.is_digital).to.equal(true);
  });
});
