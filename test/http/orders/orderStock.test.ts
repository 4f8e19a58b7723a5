import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { eventually } from '../../support/eventually.ts';
import { seedExtmarketOrder } from '../../support/orders.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

describe('shipments move stock (inventory transactions), digital products excepted', () => {
  let app: TestApp;
  let v: VendorFixture;
  const call = (method: string, path: string, body?: unknown) => app.call(method, `/api/v1/vendor${path}`, { token: v.ownerToken, body });
  before(async () => {
    app = await testApp();
    v = await createVendorWithOwner(app);
  });

  it('ships from the bin: a shipment transaction for the order, stock down by the quantity', async () => {
    const product = (await call('POST', '/products', { title: 'Kettle', price_cents: 3000 })).body;
    await call('POST', '/inventory', { product_id: product.id, bin_location: 'C-3', quantity: 4 });
    const {
      orderId,
      itemIds: [item],
    } = await seedExtmarketOrder(app, v.vendorId, [{ product_id: product.id, quantity: 3 }]);
    await call('POST', `/extmarket/orders/${orderId}/confirm`);
    await call('POST', `/orders/${orderId}/items/${item}/ship`, { quantity: 3 });
    const tx = await eventually(async () => {
      const res = await call('GET', `/inventory/transactions/order/${orderId}`);
      return res.body.items?.length > 0 && res.body.items;
    }, 'the shipment transaction');
    expect(tx[0]).to.deep.include({ quantity_change: -3, order_id: orderId });
    // The movement is the process manager's, read back as a client polls for it.
    await eventually(async () => (await call('GET', `/inventory?product_id=${product.id}`)).body.items[0].quantity === 1, 'stock 4 → 1');
  });

  it('leaves a digital product’s inventory alone', async () => {
    const product = (await call('POST', '/products', { title: 'E-book', price_cents: 900, is_digital: true })).body;
    const {
      orderId,
      itemIds: [item],
    } = await seedExtmarketOrder(app, v.vendorId, [{ product_id: product.id, is_digital: true }]);
    await call('POST', `/extmarket/orders/${orderId}/confirm`);
    expect((await call('POST', `/orders/${orderId}/items/${item}/ship`, { quantity: 1 })).body.status).to.equal('shipped');
    await new Promise((r) => setTimeout(r, 300));
    expect((await call('GET', `/inventory/transactions/order/${orderId}`)).body.items).to.deep.equal([]);
    expect((await call('GET', `/orders/${orderId}/shipment-status`)).body.items[0].stock_issues).to.deep.equal([]);
  });

  it('records a shipment the stock cannot cover as a stock issue instead of blocking', async () => {
    const product = (await call('POST', '/products', { title: 'Teapot', price_cents: 2500 })).body;
    const {
      orderId,
      itemIds: [item],
    } = await seedExtmarketOrder(app, v.vendorId, [{ product_id: product.id }]);
    await call('POST', `/extmarket/orders/${orderId}/confirm`);
    await call('POST', `/orders/${orderId}/items/${item}/ship`, { quantity: 1 });
    const issues = await eventually(async () => {
      const res = await call('GET', `/orders/${orderId}/shipment-status`);
      return res.body.items[0].stock_issues.length > 0 && res.body.items[0].stock_issues;
    }, 'the stock issue');
    expect(issues[0]).to.include({ quantity: 1 });
    expect(issues[0].error).to.match(/stock/i);
  });
});
