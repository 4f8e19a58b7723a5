import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { domesticVat, seedExtmarketOrder } from '../../support/orders.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

describe('admin order management: list, detail, decisions, history', () => {
  let app: TestApp;
  let admin: string;
  let a: VendorFixture;
  let b: VendorFixture;
  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    [a, b] = [await createVendorWithOwner(app), await createVendorWithOwner(app)];
  });

  it('lists orders with a vendor filter and shows vendor_name and vendor_code in the detail', async () => {
    const { orderId } = await seedExtmarketOrder(app, a.vendorId, [{}]);
    const { orderId: otherId } = await seedExtmarketOrder(app, b.vendorId, [{}]);
    const list = await app.call('GET', `/api/v1/admin/orders?vendor_id=${a.vendorId}`, { token: admin });
    expect(list.status).to.equal(200);
    expect(list.body.items.map((o: any) => o.id))
      .to.include(orderId)
      .and.not.include(otherId);
    expect(list.body.items.every((o: any) => o.vendor_id === a.vendorId)).to.equal(true);
    const detail = await app.call('GET', `/api/v1/admin/orders/${orderId}`, { token: admin });
    expect(detail.body).to.include({ vendor_id: a.vendorId, vendor_code: a.vendorCode });
    expect(detail.body.vendor_name).to.be.a('string');
  });

  it('confirms and declines items and whole orders of a vendor; the wrong vendor in the path is 404', async () => {
    const {
      orderId,
      itemIds: [i1, i2],
    } = await seedExtmarketOrder(app, a.vendorId, [{}, {}]);
    const base = `/api/v1/admin/vendors/${a.vendorId}/orders/${orderId}`;
    expect((await app.call('POST', `/api/v1/admin/vendors/${b.vendorId}/orders/${orderId}/confirm`, { token: admin })).status).to.equal(
      404,
    );
    const c = await app.call('POST', `${base}/items/${i1}/confirm`, { token: admin });
    expect(c.body.status).to.equal('confirmed');
    const d = await app.call('POST', `${base}/items/${i2}/decline`, { token: admin });
    expect(d.body.items.map((i: any) => i.status)).to.deep.equal(['confirmed', 'declined']);
    const reject = await app.call('POST', `${base}/reject`, { token: admin });
    expect(reject.status).to.equal(409);
    expect(reject.body.current_state).to.equal('confirmed');

    const { orderId: o2 } = await seedExtmarketOrder(app, a.vendorId, [{}, {}]);
    const all = await app.call('POST', `/api/v1/admin/vendors/${a.vendorId}/orders/${o2}/confirm`, { token: admin });
    expect(all.body.items.map((i: any) => i.status)).to.deep.equal(['confirmed', 'confirmed']);
    const { orderId: o3 } = await seedExtmarketOrder(app, a.vendorId, [{}]);
    const rej = await app.call('POST', `/api/v1/admin/vendors/${a.vendorId}/orders/${o3}/reject`, { token: admin });
    expect(rej.body.status).to.equal('declined');
  });

  it('sorts the list by order date, total or status (ties by id), pages without a repeat or a gap, and refuses an unknown sort', async () => {
    const c = await createVendorWithOwner(app);
    const day = (d: number) => new Date(Date.UTC(2025, 5, d, 8)).toISOString();
    const ids: number[] = [];
    for (const [d, gross] of [
      [2, 700],
      [1, 700],
      [2, 300],
      [3, 1500],
      [1, 1500],
    ]) {
      ids.push((await seedExtmarketOrder(app, c.vendorId, [{}], { order_date: day(d), vat: domesticVat(gross) })).orderId);
    }
    await app.call('POST', `/api/v1/admin/vendors/${c.vendorId}/orders/${ids[2]}/reject`, { token: admin });
    const get = async (query: string) => {
      const res = await app.call('GET', `/api/v1/admin/orders?vendor_id=${c.vendorId}&${query}`, { token: admin });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return res.body;
    };
    // By hand: [id, day, total] → the expected orders.
    const [o1, o2, o3, o4, o5] = ids;
    expect((await get('limit=100&sort=order_date')).items.map((o: any) => o.id)).to.deep.equal([o2, o5, o1, o3, o4]);
    expect((await get('limit=100&sort=-order_date')).items.map((o: any) => o.id)).to.deep.equal([o4, o3, o1, o5, o2]);
    expect((await get('limit=100&sort=total')).items.map((o: any) => o.id)).to.deep.equal([o3, o1, o2, o4, o5]);
    expect((await get('limit=100&sort=-total')).items.map((o: any) => o.id)).to.deep.equal([o5, o4, o2, o1, o3]);
    expect((await get('limit=100&sort=status')).items.map((o: any) => o.id)).to.deep.equal([o3, o1, o2, o4, o5]);
    expect((await get('limit=100&sort=-status')).items.map((o: any) => o.id)).to.deep.equal([o5, o4, o2, o1, o3]);
    expect((await get('limit=100')).items.map((o: any) => o.id)).to.deep.equal([o4, o3, o1, o5, o2]);
    for (const sort of ['order_date', '-order_date', 'total', '-total', 'status', '-status']) {
      const full = (await get(`limit=100&sort=${sort}`)).items.map((o: any) => o.id);
      const paged: number[] = [];
      for (let page = 1; page <= 3; page++) {
        const body = await get(`limit=2&page=${page}&sort=${sort}`);
        expect(body).to.include({ total: 5, page, limit: 2 });
        paged.push(...body.items.map((o: any) => o.id));
      }
      expect(paged, sort).to.deep.equal(full);
    }
    const bogus = await app.call('GET', '/api/v1/admin/orders?sort=bogus', { token: admin });
    expect(bogus.status).to.equal(422);
    expect(bogus.body.errors[0]).to.include({ pointer: '/query/sort' });
    expect(bogus.body.errors[0].message).to.include('order_date, -order_date, total, -total, status, -status');
  });

  it('replays the order history with who and when, and the state at any past time', async () => {
    const {
      orderId,
      itemIds: [i1],
    } = await seedExtmarketOrder(app, a.vendorId, [{ quantity: 2 }]);
    await app.call('POST', `/api/v1/vendor/extmarket/orders/${orderId}/items/${i1}/confirm`, { token: a.ownerToken });
    const between = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await app.call('POST', `/api/v1/vendor/orders/${orderId}/items/${i1}/ship`, { token: a.ownerToken, body: { quantity: 1 } });
    const h = await app.call('GET', `/api/v1/admin/orders/${orderId}/history?at=${encodeURIComponent(between)}`, { token: admin });
    expect(h.status).to.equal(200);
    // The vendor has no extmarket key here: the push of the confirmation is recorded as failed, in the history too.
    const events = h.body.events.filter((e: any) => !e.type.startsWith('ExtmarketPush'));
    expect(events.map((e: any) => e.type)).to.deep.equal([
      'OrderImported',
      'OrderItemConfirmed',
      'OrderConfirmed',
      'ItemShipped',
      'OrderPartiallyShipped',
    ]);
    expect(events[1]).to.include({ user_id: a.ownerUserId, vendor_id: a.vendorId });
    expect(events[1].recorded_at).to.be.a('string');
    expect(h.body.state_at.status).to.equal('confirmed');
    expect(h.body.state_at.items[0].shipped_quantity).to.equal(0);
    expect(h.body.current_state).to.include({ status: 'partially_shipped' });
    expect(events[3].state_after.items[0].shipped_quantity).to.equal(1);
    expect((await app.call('GET', '/api/v1/admin/orders/999999/history', { token: admin })).status).to.equal(404);
    expect((await app.call('GET', `/api/v1/admin/orders/${orderId}/history?at=yesterday`, { token: admin })).status).to.equal(422);
    expect((await app.call('GET', `/api/v1/admin/orders/${orderId}/history`, { token: a.ownerToken })).status).to.equal(401);
  });
});
