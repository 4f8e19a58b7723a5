import { expect } from 'chai';
import { recordAddOnPurchase } from '../../../commands/billing/handlers.ts';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

const DAY = 86_400_000;

/**
 * SPEC.md 4.1 capacity planning: POST /snapshot, /subscription-capacity, /trends and
 * /recommendations, over snapshots taken on several days by moving the service clock.
 */
describe('admin capacity planning', () => {
  let app: TestApp;
  let admin: string;
  const call = (method: string, path: string) => app.call(method, `/api/v1/admin${path}`, { token: admin });
  const today = () => app.clock.now().toISOString().slice(0, 10);
  const snapshot = async () => {
    const res = await call('POST', '/snapshot');
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body;
  };

  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    // Far past any day another file's snapshots used: the windows below hold only this file's.
    app.clock.advance(900 * DAY);
  });

  it('captures a snapshot now: vendors, subscriptions by tier and status, products, orders, events, media, database size', async () => {
    const v = await createVendorWithOwner(app);
    await app.call('PUT', `/api/v1/admin/subscriptions/${v.vendorId}`, { token: admin, body: { tier_code: 'business', status: 'active' } });
    const taken = await snapshot();
    expect(taken).to.include({ day: today(), taken_by: 'manual', times_taken: 1 });
    const m = taken.metrics;
    expect(m.vendors).to.be.at.least(1);
    expect(m.subscriptions_by_tier.business).to.be.at.least(1);
    expect(m.subscriptions_by_status.active).to.be.at.least(1);
    expect(m.live_subscriptions).to.be.at.least(1);
    expect(m.events_total).to.be.greaterThan(0);
    expect(m.events_last_24h).to.be.greaterThan(0);
    expect(m.database_bytes).to.be.greaterThan(1024 * 1024);
    for (const k of ['products', 'orders_total', 'orders_last_24h', 'media_files', 'media_bytes']) expect(m[k]).to.be.a('number');

    const overview = await call('GET', '/subscription-capacity');
    expect(overview.status).to.equal(200);
    expect(overview.body.latest).to.deep.equal(taken);
    expect(overview.body.live.metrics.vendors).to.equal(m.vendors);
    expect(overview.body.capacity.database_bytes).to.be.greaterThan(0);
    expect(overview.body.database_size_method).to.match(/pg_database_size/);
  });

  it('a second snapshot the same day replaces the first: one row per day', async () => {
    await createVendorWithOwner(app);
    const again = await snapshot();
    expect(again).to.include({ day: today(), times_taken: 2 });
    const trends = await call('GET', `/trends?from=${today()}&to=${today()}&metrics=vendors`);
    expect(trends.body.points).to.have.length(1);
    expect(trends.body.points[0].values.vendors).to.equal(again.metrics.vendors);
  });

  it('forecasts by least squares over the window\'s snapshots, and says "not enough data" below three snapshots', async () => {
    app.clock.advance(400 * DAY); // a window with no snapshot yet
    const empty = await call('GET', '/recommendations?days=10');
    expect(empty.status).to.equal(200);
    expect(empty.body.window.snapshots).to.equal(0);
    for (const r of empty.body.resources) expect(r).to.include({ status: 'not_enough_data', points: 0, method: 'least_squares_linear' });

    const days: string[] = [];
    const vendorCounts: number[] = [];
    for (let i = 0; i < 4; i++) {
      if (i > 0) app.clock.advance(DAY);
      await createVendorWithOwner(app); // one vendor more each day: a line of slope 1
      const s = await snapshot();
      days.push(s.day);
      vendorCounts.push(s.metrics.vendors);
      if (i === 1) {
        const two = (await call('GET', '/recommendations?days=10')).body.resources.find((r: any) => r.metric === 'vendors');
        expect(two).to.include({ status: 'not_enough_data', points: 2 });
        expect(two.recommendation).to.match(/not enough data/i);
      }
    }
    expect(vendorCounts.map((n) => n - vendorCounts[0])).to.deep.equal([0, 1, 2, 3]);

    const rec = await call('GET', '/recommendations?days=10');
    expect(rec.status).to.equal(200);
    expect(rec.body.window).to.include({ snapshots: 4, to: days[3] });
    const vendors = rec.body.resources.find((r: any) => r.metric === 'vendors');
    expect(vendors).to.include({ points: 4, method: 'least_squares_linear', status: 'no_capacity_set', current: vendorCounts[3] });
    expect(vendors.fit).to.include({ slope_per_day: 1, intercept: vendorCounts[0], r_squared: 1, first_day: days[0], last_day: days[3] });
    const database = rec.body.resources.find((r: any) => r.metric === 'database_bytes');
    expect(database.points).to.equal(4);
    expect(database.capacity).to.be.greaterThan(0);
    expect(database.status).to.be.oneOf(['ok', 'watch', 'act', 'not_growing']);
    if (database.reaches_capacity_on !== null) expect(database.reaches_capacity_on).to.match(/^\d{4}-\d{2}-\d{2}$/);

    const trends = await call('GET', `/trends?from=${days[0]}&to=${days[3]}&metrics=vendors,database_bytes`);
    expect(trends.status).to.equal(200);
    expect(trends.body.metrics).to.deep.equal(['vendors', 'database_bytes']);
    expect(trends.body.points.map((p: any) => p.day)).to.deep.equal(days);
    expect(trends.body.points.map((p: any) => p.values.vendors)).to.deep.equal(vendorCounts);
    expect(Object.keys(trends.body.points[0].values)).to.deep.equal(['vendors', 'database_bytes']);
  });

  it('names the vendors close to a limit of their plan (add-ons included), with the tier that would allow more', async () => {
    const v = await createVendorWithOwner(app);
    await app.call('PUT', `/api/v1/admin/subscriptions/${v.vendorId}`, {
      token: admin,
      body: { tier_code: 'essential', status: 'active', custom_limits: { products: 1 } },
    });
    const created = await app.call('POST', '/api/v1/vendor/products', {
      token: v.ownerToken,
      body: { vendor_sku: unique('C'), price_cents: 500, translations: { en: { title: 'Only one' } } },
    });
    expect(created.status).to.equal(201);
    const near = (await call('GET', '/recommendations')).body.vendors_near_limits.filter((x: any) => x.vendor_id === v.vendorId);
    expect(near).to.deep.equal([
      {
        vendor_id: v.vendorId,
        vendor_name: near[0].vendor_name,
        tier_code: 'essential',
        limit_kind: 'products',
        used: 1,
        limit: 1,
        percent_used: 100,
        reaches_limit_on: null,
        suggested_tier: 'professional',
      },
    ]);
    // An add-on of 500 products takes it away from its limit.
    const bought = await recordAddOnPurchase(
      app.services.store,
      { vendor_id: v.vendorId, add_on_code: 'extra_products_500', quantity: 1, stripe_ref: null, at: app.clock.now().toISOString() },
      { userId: 'system:test', correlationId: unique('addon') },
    );
    await app.services.settle([bought]);
    expect((await call('GET', '/recommendations')).body.vendors_near_limits.filter((x: any) => x.vendor_id === v.vendorId)).to.deep.equal(
      [],
    );
  });

  it('refuses an unknown metric, a reversed or too long range, and a window under two days', async () => {
    const unknownMetric = await call('GET', '/trends?metrics=vendors,happiness');
    expect(unknownMetric.status).to.equal(422);
    expect(unknownMetric.body.errors[0].pointer).to.equal('/query/metrics');
    expect((await call('GET', '/trends?from=2027-02-01&to=2027-01-01')).status).to.equal(422);
    expect((await call('GET', '/trends?from=2020-01-01&to=2027-01-01')).status).to.equal(422);
    expect((await call('GET', '/trends?from=2027-02-30')).status).to.equal(422);
    expect((await call('GET', '/recommendations?days=1')).status).to.equal(422);
  });
});
