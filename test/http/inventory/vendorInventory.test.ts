import { expect } from 'chai';
import { reserveStock, shipStock } from '../../../commands/inventory/handlers/inventory.ts';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

describe('vendor inventory: stock rows per warehouse and bin, every movement in the ledger, stock at a past date', () => {
  let app: TestApp;
  let a: VendorFixture;
  let b: VendorFixture;
  let knife: any;
  let ebook: any;
  let rowA1: any;
  let rowB2: any;

  const as = (v: VendorFixture) => (method: string, path: string, body?: unknown) =>
    app.call(method, `/api/v1/vendor${path}`, { token: v.ownerToken, body });

  before(async () => {
    app = await testApp();
    a = await createVendorWithOwner(app);
    b = await createVendorWithOwner(app);
    knife = (await as(a)('POST', '/products', { title: 'Knife', price_cents: 1000, vendor_sku: unique('K') })).body;
    ebook = (await as(a)('POST', '/products', { title: 'E-book', price_cents: 500, is_digital: true })).body;
  });

  it('opens stock rows with warehouse, bin and quantity; a second row at the same bin is a conflict', async () => {
    const res = await as(a)('POST', '/inventory', { product_id: knife.id, warehouse: 'Strassen', bin_location: 'A-01', quantity: 10 });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body).to.include({
      product_id: knife.id,
      warehouse: 'Strassen',
      bin_location: 'A-01',
      quantity: 10,
      reserved_quantity: 0,
      available_quantity: 10,
    });
    expect(res.body.product).to.include({ id: knife.id, title: 'Knife' });
    rowA1 = res.body;
    rowB2 = (await as(a)('POST', '/inventory', { product_id: knife.id, warehouse: 'Strassen', bin_location: 'B-02', quantity: 5 })).body;
    const dup = await as(a)('POST', '/inventory', { product_id: knife.id, warehouse: 'strassen', bin_location: 'a-01', quantity: 1 });
    expect(dup.status).to.equal(409);
    const product = await as(a)('GET', `/products/${knife.id}`);
    expect(product.body.inventory).to.deep.equal({ unlimited: false, quantity: 15, reserved_quantity: 0, available_quantity: 15 });
  });

  it('gives digital products unlimited inventory and no stock rows', async () => {
    const res = await as(a)('POST', '/inventory', { product_id: ebook.id, bin_location: 'X', quantity: 1 });
    expect(res.status).to.equal(400);
    expect(res.body.code).to.equal('DigitalProductInventoryException');
    const product = await as(a)('GET', `/products/${ebook.id}`);
    expect(product.body.inventory).to.deep.equal({ unlimited: true, quantity: null, reserved_quantity: null, available_quantity: null });
    // Order movements of a digital product record nothing and never run short.
    const done = await reserveStock(
      { store: app.services.store, db: app.services.db.knex, clock: app.services.clock },
      { product_id: ebook.id, order_id: 1, order_item_id: 1, quantity: 1000 },
      { userId: 'test', correlationId: 'test' },
    );
    expect(done).to.deep.equal([]);
  });

  let beforeChanges: string;
  it('records every change of quantity as a ledger movement', async () => {
    await new Promise((r) => setTimeout(r, 20));
    beforeChanges = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    const set = await as(a)('PUT', `/inventory/${rowA1.id}`, { quantity: 7, note: 'breakage' });
    expect(set.body).to.include({ quantity: 7 });
    const delta = await as(a)('PUT', `/inventory/${rowA1.id}`, { quantity_change: 3 });
    expect(delta.body).to.include({ quantity: 10 });
    expect((await as(a)('PUT', `/inventory/${rowA1.id}`, { quantity: -1 })).status).to.equal(422);
    expect((await as(a)('PUT', `/inventory/${rowA1.id}`, { quantity: 1, quantity_change: 1 })).status).to.equal(422);

    const deps = { store: app.services.store, db: app.services.db.knex, clock: app.services.clock };
    const ctx = { userId: 'system:test-orders', correlationId: unique('order') };
    await app.services.settle(await reserveStock(deps, { product_id: knife.id, order_id: 4242, order_item_id: 1, quantity: 12 }, ctx));
    await app.services.settle(await shipStock(deps, { product_id: knife.id, order_id: 4242, order_item_id: 1, quantity: 12 }, ctx));

    const ledger = await as(a)('GET', `/inventory/transactions/product/${knife.id}?limit=50`);
    const types = ledger.body.items.map((t: any) => t.transaction_type).reverse();
    expect(types).to.deep.equal(['receipt', 'receipt', 'adjustment', 'adjustment', 'reservation', 'reservation', 'shipment', 'shipment']);
    const breakage = ledger.body.items.find((t: any) => t.note === 'breakage');
    expect(breakage).to.include({ quantity_change: -3, quantity_after: 7, warehouse: 'Strassen', bin_location: 'A-01' });
    expect(breakage.product).to.include({ id: knife.id, title: 'Knife' });

    const order = await as(a)('GET', '/inventory/transactions/order/4242');
    expect(order.body.total).to.equal(4);
    expect(
      order.body.items.filter((t: any) => t.transaction_type === 'shipment').reduce((n: number, t: any) => n + t.quantity_change, 0),
    ).to.equal(-12);
    const filtered = await as(a)(
      'GET',
      `/inventory/transactions?transaction_type=adjustment&product_id=${knife.id}&date_from=${encodeURIComponent(beforeChanges)}`,
    );
    expect(filtered.body.total).to.equal(2);
    const none = await as(a)('GET', `/inventory/transactions?date_to=${encodeURIComponent('2000-01-01T00:00:00Z')}`);
    expect(none.body.total).to.equal(0);
    expect((await as(a)('GET', '/inventory/transactions?transaction_type=theft')).status).to.equal(422);
  });

  it('answers the stock of a product at a past date, per warehouse and bin, from the events', async () => {
    const then = await as(a)('GET', `/inventory/products/${knife.id}/stock-at?at=${encodeURIComponent(beforeChanges)}`);
    expect(then.status, JSON.stringify(then.body)).to.equal(200);
    expect(then.body.locations.map((l: any) => [l.bin_location, l.quantity])).to.deep.equal([
      ['A-01', 10],
      ['B-02', 5],
    ]);
    expect(then.body).to.include({ total_quantity: 15 });
    const now = await as(a)('GET', `/inventory/products/${knife.id}/stock-at?at=${encodeURIComponent(new Date().toISOString())}`);
    expect(now.body.total_quantity).to.equal(3);
    expect(now.body.by_warehouse).to.deep.equal([{ warehouse: 'Strassen', quantity: 3 }]);
    const before = await as(a)('GET', `/inventory/products/${knife.id}/stock-at?at=2000-01-01T00:00:00Z`);
    expect(before.body.locations).to.deep.equal([]);
    expect((await as(b)('GET', `/inventory/products/${knife.id}/stock-at?at=${encodeURIComponent(beforeChanges)}`)).status).to.equal(404);
  });

  it("keeps vendor B away from A's inventory, ledger and products", async () => {
    expect((await as(b)('GET', `/inventory/${rowA1.id}`)).status).to.equal(404);
    expect((await as(b)('PUT', `/inventory/${rowA1.id}`, { quantity: 999 })).status).to.equal(404);
    expect((await as(b)('DELETE', `/inventory/${rowA1.id}`)).status).to.equal(404);
    expect((await as(b)('POST', '/inventory', { product_id: knife.id, bin_location: 'Z', quantity: 1 })).status).to.equal(404);
    expect((await as(b)('GET', '/inventory')).body.total).to.equal(0);
    expect((await as(b)('GET', `/inventory/transactions/product/${knife.id}`)).body.total).to.equal(0);
    expect((await as(b)('GET', '/inventory/transactions/order/4242')).body.total).to.equal(0);
    const mine = await as(a)('GET', `/inventory/${rowA1.id}`);
    expect(mine.body.quantity).to.not.equal(999);
  });

  it('deletes a row with InventoryMessageResponse, writing off what it held', async () => {
    const res = await as(a)('DELETE', `/inventory/${rowB2.id}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ inventory_id: rowB2.id });
    expect(res.body.message).to.match(/deleted/);
    expect((await as(a)('GET', `/inventory/${rowB2.id}`)).status).to.equal(404);
    const removal = await as(a)('GET', `/inventory/transactions?transaction_type=removal`);
    expect(removal.body.items[0]).to.include({ inventory_id: rowB2.id, quantity_after: 0 });
    const list = await as(a)('GET', '/inventory');
    expect(list.body.items.map((r: any) => r.id)).to.deep.equal([rowA1.id]);
  });
});
