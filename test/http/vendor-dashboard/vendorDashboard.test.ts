import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { signedIn } from '../../support/backOffice.ts';
import { teamMember } from '../../support/messaging.ts';
import { domesticVat, seedExtmarketOrder } from '../../support/orders.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

const DAY_MS = 86_400_000;

/**
 * The vendor dashboard and analytics (SPEC.md 4.2 GET /dashboard/stats, GET /analytics): counted
 * from the vendor's own read model as orders arrive and change, the other figures from the
 * modules that own them; one vendor never sees another's; the analytics range checked; the
 * dashboard home page shows the same figures and is where /vendor lands.
 */
describe('vendor dashboard and analytics', function () {
  this.timeout(300_000);
  let app: TestApp;
  let v: VendorFixture;
  let other: VendorFixture;
  let productId: number;
  const daysAgo = (n: number) => new Date(app.services.clock.now().getTime() - n * DAY_MS).toISOString();
  const dayOf = (n: number) => daysAgo(n).slice(0, 10);

  before(async function () {
    this.timeout(600_000); // a dozen commands and settles: minutes on a loaded machine
    app = await testApp();
    v = await createVendorWithOwner(app);
    other = await createVendorWithOwner(app);
    const product = await app.call('POST', '/api/v1/vendor/products', {
      token: v.ownerToken,
      body: { title: 'Copper pan', price_cents: 1000, vendor_sku: `PAN-${Date.now()}` },
    });
    expect(product.status, JSON.stringify(product.body)).to.equal(201);
    productId = product.body.id;
    const stock = await app.call('POST', '/api/v1/vendor/inventory', {
      token: v.ownerToken,
      body: { product_id: productId, warehouse: 'main', bin_location: 'A-01', quantity: 2 },
    });
    expect(stock.status, JSON.stringify(stock.body)).to.be.oneOf([200, 201]);
    // Today: three pans, confirmed; two days ago: one pan, declined; today: an item waiting for a product; 35 days ago: the period before.
    const confirmed = await seedExtmarketOrder(app, v.vendorId, [{ product_id: productId, quantity: 3, unit_price_cents: 1000 }], {
      vat: domesticVat(3000),
      order_date: daysAgo(0),
    });
    await app.call('POST', `/api/v1/vendor/extmarket/orders/${confirmed.orderId}/confirm`, { token: v.ownerToken });
    const declined = await seedExtmarketOrder(app, v.vendorId, [{ product_id: productId, quantity: 1, unit_price_cents: 1000 }], {
      vat: domesticVat(1000),
      order_date: daysAgo(2),
    });
    await app.call('POST', `/api/v1/vendor/extmarket/orders/${declined.orderId}/reject`, { token: v.ownerToken });
    await seedExtmarketOrder(app, v.vendorId, [{ unmatched: true, quantity: 1, unit_price_cents: 1170 }], {
      vat: domesticVat(1170),
      order_date: daysAgo(0),
    });
    await seedExtmarketOrder(app, v.vendorId, [{ product_id: productId, quantity: 1, unit_price_cents: 500 }], {
      vat: domesticVat(500),
      order_date: daysAgo(35),
    });
    // Another vendor's order, which must show nowhere in v's figures.
    await seedExtmarketOrder(app, other.vendorId, [{ quantity: 9, unit_price_cents: 9999 }], {
      vat: domesticVat(89_991),
      order_date: daysAgo(0),
    });
  });

  it("counts the vendor's orders by status and channel, the revenue of the period and the one before, stock alerts and items to match", async () => {
    const res = await app.call('GET', '/api/v1/vendor/dashboard/stats', { token: v.ownerToken });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const s = res.body;
    expect(s.orders.total).to.equal(4);
    expect(s.orders.by_channel).to.deep.include({ extmarket: 4, shop: 0 });
    expect(s.orders.by_status).to.deep.include({ confirmed: 1, declined: 1, unconfirmed: 2 });
    expect(s.revenue).to.deep.include({ from: dayOf(29), to: dayOf(0), orders: 3 });
    expect(s.revenue.by_currency).to.deep.equal({ EUR: 3000 + 1170 });
    expect(s.revenue.previous_by_currency).to.deep.equal({ EUR: 500 });
    expect(s.stock_alerts).to.deep.equal({ low_stock: 1, out_of_stock: 0, threshold: 5 });
    expect(s.pending_item_exceptions).to.equal(1);
    expect(s.products.total).to.equal(1);
    expect(s.usage.products.used).to.equal(1);
    expect(s.unread_messages).to.equal(0);
  });

  it('answers the analytics of a range: orders and revenue per day, channel split, average order value, top products', async () => {
    const res = await app.call('GET', `/api/v1/vendor/analytics?from=${dayOf(6)}&to=${dayOf(0)}`, { token: v.ownerToken });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const a = res.body;
    expect(a.days).to.have.length(7);
    expect(a.days[6]).to.deep.include({ day: dayOf(0), orders: 2 });
    expect(a.days[6].revenue_cents_by_currency).to.deep.equal({ EUR: 4170 });
    expect(a.days[4]).to.deep.include({ day: dayOf(2), orders: 1 });
    expect(a.days[4].revenue_cents_by_currency, 'a declined order brings no revenue').to.deep.equal({ EUR: 0 });
    expect(a.totals).to.deep.include({ orders: 3, declined: 1 });
    expect(a.totals.average_order_value_cents_by_currency).to.deep.equal({ EUR: Math.round(4170 / 2) });
    expect(a.channels.find((c: any) => c.channel === 'extmarket')).to.deep.include({ orders: 3, share_percent: 100 });
    expect(a.top_products[0]).to.deep.include({ product_id: productId, quantity: 4 });
    expect(a.top_products.map((p: any) => p.product_id)).to.have.length(1);
  });

  it('keeps each vendor to its own figures', async () => {
    const s = (await app.call('GET', '/api/v1/vendor/dashboard/stats', { token: other.ownerToken })).body;
    expect(s.orders.total).to.equal(1);
    expect(s.revenue.by_currency).to.deep.equal({ EUR: 89_991 });
    const a = (await app.call('GET', '/api/v1/vendor/analytics', { token: other.ownerToken })).body;
    expect(a.top_products.some((p: any) => p.product_id === productId)).to.equal(false);
  });

  it('refuses a reversed or over-long range with a problem body, and a member without the permission', async () => {
    const reversed = await app.call('GET', `/api/v1/vendor/analytics?from=${dayOf(0)}&to=${dayOf(3)}`, { token: v.ownerToken });
    expect(reversed.status).to.equal(422);
    expect(reversed.body.errors[0].pointer).to.equal('/query/from');
    const long = await app.call('GET', `/api/v1/vendor/analytics?from=2020-01-01&to=${dayOf(0)}`, { token: v.ownerToken });
    expect(long.status).to.equal(422);
    const staff = await teamMember(app, v, 'staff', 'Sam');
    expect((await app.call('GET', '/api/v1/vendor/analytics', { token: staff.token })).status).to.equal(403);
    expect((await app.call('GET', '/api/v1/vendor/dashboard/stats', { token: staff.token })).status).to.equal(200);
  });

  it('shows the figures on the dashboard home, where /vendor lands, with the chart of the last 30 days', async () => {
    const owner = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword);
    const root = await owner.get('/vendor');
    expect(root.status).to.equal(303);
    expect(root.headers.location).to.equal('/vendor/dashboard');
    const page = await owner.get('/vendor/dashboard');
    expect(page.status).to.equal(200);
    expect(page.body)
      .to.contain('id="vendor-dashboard"')
      .and.contain('Orders and revenue per day')
      .and.contain(`href="/vendor/products/${productId}"`)
      .and.contain('<svg class="chart"');
    expect(page.body).to.contain('€41.70');
    await owner.get('/vendor/language?lang=de');
    expect((await owner.get('/vendor/dashboard')).body).to.contain('Bestellungen und Umsatz pro Tag');
  });
});
