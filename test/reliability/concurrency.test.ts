import { expect } from 'chai';
import { testApp, type TestApp } from '../support/app.ts';
import { seedExtmarketOrder } from '../support/orders.ts';
import { createVendorWithOwner, type VendorFixture } from '../support/tenancy.ts';

/**
 * Concurrency: 50 concurrent "ship 1 unit" commands on an item with 10 confirmed units,
 * through the vendor API. Exactly 10 succeed and 40 are refused with 409 (the order is shipped
 * by then, or the retries of a lost race ran out), the item's shipped quantity is 10, and the
 * stock ledger holds exactly 10 shipment movements of one unit (and the stock went down by 10).
 */
describe('reliability: concurrent commands on one aggregate', function () {
  this.timeout(120_000);
  let app: TestApp;
  let v: VendorFixture;
  const call = (method: string, path: string, body?: unknown) => app.call(method, `/api/v1/vendor${path}`, { token: v.ownerToken, body });

  before(async () => {
    app = await testApp();
    v = await createVendorWithOwner(app);
  });

  it('50 concurrent "ship 1 unit" on an item with 10 confirmed units: 10 succeed, 40 get 409, 10 movements', async () => {
    const product = (await call('POST', '/products', { title: 'Concurrency kettle', price_cents: 3000 })).body;
    expect((await call('POST', '/inventory', { product_id: product.id, bin_location: 'R-1', quantity: 25 })).status).to.be.oneOf([
      200, 201,
    ]);
    const {
      orderId,
      itemIds: [item],
    } = await seedExtmarketOrder(app, v.vendorId, [{ product_id: product.id, quantity: 10 }]);
    expect((await call('POST', `/extmarket/orders/${orderId}/confirm`)).status).to.equal(200);

    const replies = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', `/orders/${orderId}/items/${item}/ship`, { quantity: 1 })),
    );
    const statuses = replies.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 200),
      `statuses: ${statuses.join(',')}`,
    ).to.have.length(10);
    expect(
      statuses.filter((s) => s === 409),
      `statuses: ${statuses.join(',')}`,
    ).to.have.length(40);
    for (const r of replies.filter((x) => x.status === 409)) expect(r.headers.get('content-type')).to.match(/problem\+json/);

    const status = await call('GET', `/orders/${orderId}/shipment-status`);
    expect(status.body).to.include({ status: 'shipped', shipped_quantity: 10 });
    const shipped = (await app.services.store.readStream(`order-${orderId}`)).filter((e) => e.type === 'ItemShipped');
    expect(shipped, 'ItemShipped events').to.have.length(10);

    // The ledger: one movement of -1 per shipment, written by the process manager.
    let movements: any[] = [];
    for (let i = 0; i < 200; i++) {
      movements = (await call('GET', `/inventory/transactions/order/${orderId}?limit=100`)).body.items ?? [];
      if (movements.length >= 10) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await new Promise((r) => setTimeout(r, 200));
    movements = (await call('GET', `/inventory/transactions/order/${orderId}?limit=100`)).body.items;
    expect(movements).to.have.length(10);
    expect(movements.every((m) => m.quantity_change === -1)).to.equal(true);
    const stock = await call('GET', `/inventory?product_id=${product.id}`);
    expect(stock.body.items[0].quantity).to.equal(15);
  });
});
