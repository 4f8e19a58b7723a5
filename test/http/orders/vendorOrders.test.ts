import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { domesticVat, seedExtmarketOrder, sellsOnExtmarket } from '../../support/orders.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

describe('vendor orders API: confirm, decline, ship, tenant isolation', () => {
  let app: TestApp;
  let a: VendorFixture;
  let b: VendorFixture;
  before(async () => {
    app = await testApp();
    [a, b] = [await createVendorWithOwner(app), await createVendorWithOwner(app)];
    // B has the extmarket features too, so its probes of A's orders meet the tenant check (404), not the plan's (403).
    await sellsOnExtmarket(app, b.vendorId);
  });

  it('lists the vendor’s extmarket orders by status and reads one with its items', async () => {
    const { orderId, itemIds } = await seedExtmarketOrder(app, a.vendorId, [{ quantity: 2 }, { quantity: 1 }]);
    const list = await app.call('GET', '/api/v1/vendor/extmarket/orders?status=unconfirmed', { token: a.ownerToken });
    expect(list.status).to.equal(200);
    expect(list.body.items.map((o: any) => o.id)).to.include(orderId);
    const detail = await app.call('GET', `/api/v1/vendor/extmarket/orders/${orderId}`, { token: a.ownerToken });
    expect(detail.body).to.include({ id: orderId, status: 'unconfirmed', vat_regime: 'domestic', vat_rate: 17 });
    expect(detail.body.items.map((i: any) => i.id)).to.deep.equal(itemIds);
    expect(detail.body.items[0]).to.include({ status: 'unconfirmed', quantity: 2, shipped_quantity: 0 });
  });

  it('confirms one item and declines another (partial confirmation), then ships in two parts', async () => {
    const {
      orderId,
      itemIds: [first, second],
    } = await seedExtmarketOrder(app, a.vendorId, [{ quantity: 3 }, { quantity: 1 }]);
    const base = `/api/v1/vendor/extmarket/orders/${orderId}`;
    const c = await app.call('POST', `${base}/items/${first}/confirm`, { token: a.ownerToken });
    expect(c.status).to.equal(200);
    expect(c.body.status).to.equal('confirmed');
    const d = await app.call('POST', `${base}/items/${second}/decline`, { token: a.ownerToken });
    expect(d.body.items.map((i: any) => i.status)).to.deep.equal(['confirmed', 'declined']);

    const ship1 = await app.call('POST', `/api/v1/vendor/orders/${orderId}/items/${first}/ship`, {
      token: a.ownerToken,
      body: { quantity: 2 },
    });
    expect(ship1.status).to.equal(200);
    expect(ship1.body).to.include({ status: 'partially_shipped', shipped_quantity: 2 });
    const over = await app.call('POST', `/api/v1/vendor/orders/${orderId}/items/${first}/ship`, {
      token: a.ownerToken,
      body: { quantity: 2 },
    });
    expect(over.status).to.equal(400);
    expect(over.body).to.include({ code: 'ShipmentQuantityException', remaining: 1 });
    const ship2 = await app.call('POST', `/api/v1/vendor/orders/${orderId}/items/${first}/ship`, {
      token: a.ownerToken,
      body: { quantity: 1 },
    });
    expect(ship2.body.status).to.equal('shipped');
    const status = await app.call('GET', `/api/v1/vendor/orders/${orderId}/shipment-status`, { token: a.ownerToken });
    expect(status.body.items[0].shipments.map((s: any) => s.quantity)).to.deep.equal([2, 1]);
    expect(status.body.items[0]).to.include({ is_fully_shipped: true, remaining_quantity: 0 });
  });

  it('refuses a move the state table does not allow with 409 naming the current state', async () => {
    const {
      orderId,
      itemIds: [item],
    } = await seedExtmarketOrder(app, a.vendorId, [{}]);
    await app.call('POST', `/api/v1/vendor/extmarket/orders/${orderId}/reject`, { token: a.ownerToken });
    const again = await app.call('POST', `/api/v1/vendor/extmarket/orders/${orderId}/items/${item}/confirm`, { token: a.ownerToken });
    expect(again.status).to.equal(409);
    expect(again.headers.get('content-type')).to.match(/problem\+json/);
    expect(again.body).to.include({ code: 'InvalidTransitionException', current_state: 'declined' });
  });

  it('never shows or changes another vendor’s order (404)', async () => {
    const {
      orderId,
      itemIds: [item],
    } = await seedExtmarketOrder(app, a.vendorId, [{}]);
    for (const [method, path] of [
      ['GET', `/api/v1/vendor/extmarket/orders/${orderId}`],
      ['GET', `/api/v1/vendor/orders/${orderId}/shipment-status`],
      ['POST', `/api/v1/vendor/extmarket/orders/${orderId}/confirm`],
      ['POST', `/api/v1/vendor/extmarket/orders/${orderId}/items/${item}/decline`],
      ['POST', `/api/v1/vendor/extmarket/orders/${orderId}/reject`],
    ]) {
      const res = await app.call(method, path, { token: b.ownerToken });
      expect(res.status, `${method} ${path}`).to.equal(404);
    }
    const list = await app.call('GET', '/api/v1/vendor/extmarket/orders', { token: b.ownerToken });
    expect(list.body.items.map((o: any) => o.id)).not.to.include(orderId);
    const mine = await app.call('GET', `/api/v1/vendor/extmarket/orders/${orderId}`, { token: a.ownerToken });
    expect(mine.body.status).to.equal('unconfirmed');
  });

  it('refuses a confirm or reject whose item_ids name another order’s item (another vendor’s) as a whole: none of the own items is decided', async () => {
    const own = await seedExtmarketOrder(app, a.vendorId, [{}, {}]);
    const foreign = await seedExtmarketOrder(app, b.vendorId, [{}]);
    for (const action of ['confirm', 'reject']) {
      for (const itemIds of [
        [own.itemIds[0], foreign.itemIds[0]],
        [own.itemIds[0], 999_999_999],
      ]) {
        const res = await app.call('POST', `/api/v1/vendor/extmarket/orders/${own.orderId}/${action}`, {
          token: a.ownerToken,
          body: { item_ids: itemIds },
        });
        expect(res.status, `${action} ${itemIds}`).to.equal(404);
        expect(res.body).to.include({ code: 'OrderItemNotFoundException', item_id: itemIds[1] });
      }
    }
    const events = await app.services.store.readStream(`order-${own.orderId}`);
    expect(events.map((e) => e.type)).to.deep.equal(['OrderImported']);
    expect((await app.call('GET', `/api/v1/vendor/extmarket/orders/${foreign.orderId}`, { token: b.ownerToken })).body.status).to.equal(
      'unconfirmed',
    );
  });

  it('loses no update when many item decisions on one order arrive at once', async () => {
    const { orderId, itemIds } = await seedExtmarketOrder(
      app,
      a.vendorId,
      Array.from({ length: 8 }, () => ({})),
    );
    const replies = await Promise.all(
      itemIds.map((id, n) =>
        app.call('POST', `/api/v1/vendor/extmarket/orders/${orderId}/items/${id}/${n % 2 ? 'decline' : 'confirm'}`, {
          token: a.ownerToken,
        }),
      ),
    );
    expect(replies.map((r) => r.status)).to.deep.equal(itemIds.map(() => 200));
    const detail = await app.call('GET', `/api/v1/vendor/extmarket/orders/${orderId}`, { token: a.ownerToken });
    expect(detail.body.items.map((i: any) => i.status)).to.deep.equal(itemIds.map((_, n) => (n % 2 ? 'declined' : 'confirmed')));
    const events = await app.services.store.readStream(`order-${orderId}`);
    expect(events.filter((e) => e.type === 'OrderItemConfirmed' || e.type === 'OrderItemDeclined')).to.have.length(8);
  });

  it('ships the last unit of an item exactly once under concurrent requests', async () => {
    const {
      orderId,
      itemIds: [item],
    } = await seedExtmarketOrder(app, a.vendorId, [{ quantity: 3 }]);
    await app.call('POST', `/api/v1/vendor/extmarket/orders/${orderId}/confirm`, { token: a.ownerToken });
    const replies = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        app.call('POST', `/api/v1/vendor/orders/${orderId}/items/${item}/ship`, { token: a.ownerToken, body: { quantity: 1 } }),
      ),
    );
    // The two late ones find the order shipped (409 naming the state) or the item exhausted (400).
    expect(replies.filter((r) => r.status === 200)).to.have.length(3);
    expect(replies.filter((r) => r.status !== 200).map((r) => r.body.code)).to.satisfy(
      (codes: string[]) =>
        codes.length === 2 && codes.every((c) => c === 'InvalidTransitionException' || c === 'ShipmentQuantityException'),
    );
    const status = await app.call('GET', `/api/v1/vendor/orders/${orderId}/shipment-status`, { token: a.ownerToken });
    expect(status.body).to.include({ status: 'shipped', shipped_quantity: 3 });
    // Each shipment at the time its event records, written as the API writes times (concurrent ones may share a time).
    const shipped = (await app.services.store.readStream(`order-${orderId}`))
      .filter((e) => e.type === 'ItemShipped')
      .map((e) => new Date((e.data as { at: string }).at).toISOString())
      .sort();
    expect(status.body.items[0].shipments.map((s: any) => s.shipped_at as string).sort()).to.deep.equal(shipped);
  });

  describe('sorted lists', () => {
    let s: VendorFixture;
    let ids: number[];
    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12)).toISOString();
    before(async () => {
      s = await createVendorWithOwner(app);
      // Ties on purpose: two orders share a date, two a total, so only the id can order them.
      const shapes = [
        [3, 5000],
        [1, 2000],
        [3, 2000],
        [2, 9000],
        [5, 2000],
        [4, 100],
      ];
      ids = [];
      for (const [d, gross] of shapes)
        ids.push((await seedExtmarketOrder(app, s.vendorId, [{}], { order_date: day(d), vat: domesticVat(gross) })).orderId);
      await app.call('POST', `/api/v1/vendor/extmarket/orders/${ids[3]}/reject`, { token: s.ownerToken });
      await app.call('POST', `/api/v1/vendor/extmarket/orders/${ids[5]}/confirm`, { token: s.ownerToken });
    });
    const list = async (path: string) => {
      const res = await app.call('GET', path, { token: s.ownerToken });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return res.body;
    };
    const byKey = (key: (o: any) => string | number, desc: boolean) => (a: any, b: any) => {
      const [x, y] = [key(a), key(b)];
      const c = x < y ? -1 : x > y ? 1 : a.id - b.id;
      return desc ? -c : c;
    };

    it('sorts by order date, total and status, either way, ties by id', async () => {
      const all = (await list('/api/v1/vendor/orders?limit=100')).items;
      expect(all.map((o: any) => o.id).sort()).to.deep.equal([...ids].sort());
      const orders: Array<[string, (o: any) => string | number]> = [
        ['order_date', (o) => o.order_date],
        ['total', (o) => o.gross_cents],
        ['status', (o) => o.status],
      ];
      for (const [sort, key] of orders) {
        for (const desc of [false, true]) {
          const got = (await list(`/api/v1/vendor/orders?limit=100&sort=${desc ? '-' : ''}${sort}`)).items.map((o: any) => o.id);
          expect(got, `${desc ? '-' : ''}${sort}`).to.deep.equal([...all].sort(byKey(key, desc)).map((o: any) => o.id));
        }
      }
      // The default is the newest order first.
      expect(all.map((o: any) => o.id)).to.deep.equal([...all].sort(byKey((o) => o.order_date, true)).map((o: any) => o.id));
      const ext = (await list('/api/v1/vendor/extmarket/orders?limit=100&sort=-total')).items.map((o: any) => o.gross_cents);
      expect(ext).to.deep.equal([9000, 5000, 2000, 2000, 2000, 100]);
    });

    it('pages through every order exactly once with limit 2, in every offered order', async () => {
      for (const sort of ['order_date', '-order_date', 'total', '-total', 'status', '-status']) {
        for (const base of ['/api/v1/vendor/orders', '/api/v1/vendor/extmarket/orders']) {
          const full = (await list(`${base}?limit=100&sort=${sort}`)).items.map((o: any) => o.id);
          const paged: number[] = [];
          for (let page = 1; page <= 4; page++) {
            const body = await list(`${base}?limit=2&page=${page}&sort=${sort}`);
            expect(body).to.include({ total: 6, page, limit: 2 });
            paged.push(...body.items.map((o: any) => o.id));
          }
          expect(paged, `${base} ${sort}`).to.deep.equal(full);
          expect(new Set(paged).size).to.equal(6);
        }
      }
    });

    it('refuses an unknown sort with 422 naming the allowed ones', async () => {
      for (const path of [
        '/api/v1/vendor/orders?sort=bogus',
        '/api/v1/vendor/extmarket/orders?sort=bogus',
        '/api/v1/vendor/orders?sort=gross_cents',
      ]) {
        const res = await app.call('GET', path, { token: s.ownerToken });
        expect(res.status, path).to.equal(422);
        const problem = res.body.errors.find((e: any) => e.pointer === '/query/sort');
        for (const allowed of ['order_date', '-order_date', 'total', '-total', 'status', '-status'])
          expect(problem.message).to.include(allowed);
      }
    });
  });

  it('answers bad input with 422, never 500', async () => {
    expect(
      (await app.call('POST', '/api/v1/vendor/orders/abc/items/1/ship', { token: a.ownerToken, body: { quantity: 1 } })).status,
    ).to.equal(422);
    expect(
      (await app.call('POST', '/api/v1/vendor/orders/1/items/1/ship', { token: a.ownerToken, body: { quantity: 'x' } })).status,
    ).to.equal(422);
    expect((await app.call('GET', '/api/v1/vendor/extmarket/orders?status=bogus', { token: a.ownerToken })).status).to.equal(422);
    expect((await app.call('GET', '/api/v1/vendor/extmarket/orders')).status).to.equal(401);
    // PostgreSQL refuses NUL in text: such input is a 422 before it reaches the database.
    expect((await app.call('GET', '/api/v1/vendor/orders?search=%00', { token: a.ownerToken })).status).to.equal(422);
    expect(
      (
        await app.call('POST', '/api/v1/vendor/extmarket/orders/1/tracking', {
          token: a.ownerToken,
          body: { tracking_number: 'T1', carrier: 'a\u0000b' },
        })
      ).status,
    ).to.equal(422);
    expect(
      (
        await app.call('PUT', '/api/v1/vendor/invoices/settings', {
          token: a.ownerToken,
          body: {
            company_name: 'x\u0000',
            company_address: 'a',
            company_postal_code: '1',
            company_city: 'c',
            company_country_iso: 'LU',
            vat_number: null,
          },
        })
      ).status,
    ).to.equal(422);
  });
});
