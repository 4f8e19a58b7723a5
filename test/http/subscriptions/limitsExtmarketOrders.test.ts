import { expect } from 'chai';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { connectVendor, extmarketWorker, waitForJob } from '../../support/extmarket.ts';
import { startExtmarketServer, type ExtmarketServer } from '../../support/extmarketServer.ts';
import { putOnTier } from '../../support/plans.ts';
import { LU_ADDRESS, newSessionId, ok, openShop, registerShopper, stockedProduct, type ShopFixture } from '../../support/shop.ts';

/**
 * SPEC.md part 8: orders are limited per tier, for shop orders and extmarket syncs alike. An
 * extmarket order already exists on the marketplace: past the limit it is still recorded, counted,
 * and reported once (ExtmarketOrderOverLimit) for the vendor and the admins to hear of it.
 */
describe('order limit and the extmarket: orders past the limit are recorded and reported once', () => {
  let app: TestApp;
  let server: ExtmarketServer;
  let s: ShopFixture;
  let periodStart: string;

  const ship = (completedAt = app.clock.now().toISOString()) => {
    const id = unique('o');
    server.shipments.push({
      id: `SH-${id}`,
      orderId: `OR-${id}`,
      number: `R-${id}`,
      completedAt,
      units: [{ id: `IU-${id}`, ean: null, sku: 'X', price: '11.70' }],
    });
    return `OR-${id}`;
  };
  const sync = async () => {
    const started = await app.call('POST', '/api/v1/vendor/extmarket/sync', { token: s.ownerToken });
    expect(started.status, JSON.stringify(started.body)).to.equal(202);
    return waitForJob(app, s.ownerToken, started.body.job_id);
  };
  const overLimitEvents = async () =>
    (
      await app.services.db
        .knex('events')
        .where({ type: 'ExtmarketOrderOverLimit' })
        .whereRaw("(data->>'vendor_id')::int = ?", [s.vendorId])
        .orderBy('position')
    ).map((e: any) => (typeof e.data === 'string' ? JSON.parse(e.data) : e.data));
  const orderIdOf = async (external: string) => {
    const list = await app.call('GET', '/api/v1/vendor/extmarket/orders?limit=100', { token: s.ownerToken });
    return list.body.items.find((o: any) => o.external_order_id === external)?.id as number | undefined;
  };

  before(async () => {
    app = await testApp();
    extmarketWorker(app);
    server = await startExtmarketServer(`key-${Date.now()}`);
    s = await openShop(app);
    await connectVendor(app, s.ownerToken, server);
    const plan = await putOnTier(app, s.vendorId, 'professional', { custom_limits: { orders_per_period: 2 } });
    periodStart = plan.current_period_start;
  });
  after(() => server.close());

  it('records extmarket orders up to the limit without a report', async () => {
    ship();
    ship();
    const job = await sync();
    expect(job).to.include({ status: 'completed', orders_imported: 2, files_failed: 0 });
    expect(await overLimitEvents()).to.deep.equal([]);
  });

  it('records the order past the limit and reports it once, naming the limit, the count and the period', async () => {
    const external = ship();
    const job = await sync();
    expect(job).to.include({ status: 'completed', orders_imported: 1, files_failed: 0 });
    const orderId = await orderIdOf(external);
    expect(orderId, 'the order past the limit is recorded').to.be.a('number');
    const events = await overLimitEvents();
    expect(events).to.have.length(1);
    expect(events[0]).to.include({ vendor_id: s.vendorId, order_id: orderId, limit: 2, count: 3 });
    expect(new Date(events[0].period_start).toISOString()).to.equal(new Date(periodStart).toISOString());
    expect(events[0].at).to.be.a('string');

    // A repeated sync meets the same order: nothing new is recorded or reported.
    const again = await sync();
    expect(again).to.include({ orders_imported: 0 });
    expect(await overLimitEvents()).to.have.length(1);
  });

  it('does not count an order of an earlier period (a historical order)', async () => {
    const external = ship('2020-03-01T10:00:00.000Z');
    const job = await sync();
    expect(job).to.include({ orders_imported: 1 });
    expect(await orderIdOf(external)).to.be.a('number');
    expect(await overLimitEvents()).to.have.length(1);
  });

  it("counts extmarket orders in the shop's quota: the shop then refuses an order with the limit reached", async () => {
    const shopper = await registerShopper(s);
    const product = await stockedProduct(s, { title: 'Pots' }, 10);
    const session = newSessionId();
    await ok(s.shop('POST', `/cart/${session}/items`, { body: { product_id: product, quantity: 1 } }), 'add to cart');
    const refused = await s.shop('POST', '/orders', {
      token: shopper.token,
      body: { session_id: session, shipping_address: { ...LU_ADDRESS, country_name: undefined } },
    });
    expect(refused.status).to.equal(403);
    expect(refused.body).to.include({ code: 'TierLimitExceededException', limit_kind: 'orders', limit: 2, count: 3 });
  });
});
