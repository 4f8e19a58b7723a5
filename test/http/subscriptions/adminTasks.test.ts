import { expect } from 'chai';
import pino from 'pino';
import { subscriptionsModule } from '../../../src/modules/subscriptions.ts';
import { Scheduler } from '../../../src/runtime/scheduler.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { quiet } from '../../support/tenantData.ts';
import { LU_ADDRESS, newSessionId, ok, openShop, registerShopper, stockedProduct, type ShopFixture } from '../../support/shop.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

const DAY = 86_400_000;

/**
 * The subscriptions area's scheduled tasks (SPEC.md part 6 item 5), run as the scheduler runs
 * them, with the service clock moved forward: the billing period rolls and its order count
 * starts at zero, stale subscriptions end, the capacity snapshot is taken once a day.
 */
describe('subscription scheduled tasks', () => {
  let app: TestApp;
  let admin: string;
  const task = (name: string) => subscriptionsModule.scheduledTasks!.find((t) => t.name === name)!;
  const scheduler = () => new Scheduler(app.services, subscriptionsModule.scheduledTasks!, pino({ level: 'silent' }));
  /** One tick of the task at the clock's present minute, as node-schedule would fire it. */
  const tick = (name: string) => scheduler().fire(task(name), new Date(Math.floor(app.clock.now().getTime() / 60_000) * 60_000));
  // The tasks are no requests: nothing else waits for the read models to have their changes.
  const subscription = async (vendorId: number) =>
    (await quiet(app), await app.call('GET', `/api/v1/admin/subscriptions/${vendorId}`, { token: admin })).body;
  const setPlan = async (vendorId: number, body: Record<string, unknown>) =>
    ok(app.call('PUT', `/api/v1/admin/subscriptions/${vendorId}`, { token: admin, body }), 'subscription');

  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
  });

  describe('billing period renewal', () => {
    let s: ShopFixture;
    const orderOnce = async (product: number) => {
      const shopper = await registerShopper(s); // a fresh customer session on the moved clock
      const session = newSessionId();
      await ok(s.shop('POST', `/cart/${session}/items`, { body: { product_id: product, quantity: 1 } }), 'add to cart');
      return s.shop('POST', '/orders', {
        token: shopper.token,
        body: { session_id: session, shipping_address: { ...LU_ADDRESS, country_name: undefined } },
      });
    };

    before(async () => {
      s = await openShop(app);
    });

    it('rolls an ended period of an active subscription to the next one, where the order quota starts at zero', async () => {
      await setPlan(s.vendorId, { tier_code: 'essential', status: 'active', custom_limits: { orders_per_period: 1 } });
      const before = await subscription(s.vendorId);
      const product = await stockedProduct(s, { title: 'Monthly mugs' }, 20);
      expect((await orderOnce(product)).status).to.equal(201);
      const refused = await orderOnce(product);
      expect(refused.status).to.equal(403);
      expect(refused.body).to.include({ code: 'TierLimitExceededException', count: 1, limit: 1 });

      // Mid-period: nothing to roll.
      expect(await tick('renewBillingPeriods')).to.equal(true);
      expect((await subscription(s.vendorId)).current_period_start).to.equal(before.current_period_start);

      app.clock.advance(31 * DAY);
      expect(await tick('renewBillingPeriods')).to.equal(true);
      const rolled = await subscription(s.vendorId);
      expect(rolled.current_period_start).to.equal(before.current_period_end);
      expect(Date.parse(rolled.current_period_end) - Date.parse(rolled.current_period_start)).to.equal(30 * DAY);
      expect(rolled.status).to.equal('active');
      const usage = (await app.call('GET', '/api/v1/vendor/usage', { token: s.ownerToken })).body;
      expect(usage.orders).to.include({ used: 0, limit: 1 });
      expect((await orderOnce(product)).status).to.equal(201);
      expect((await orderOnce(product)).status).to.equal(403);
    });

    it('skips the periods missed while the service was down, and a repeated run changes nothing', async () => {
      const before = await subscription(s.vendorId);
      app.clock.advance(75 * DAY); // the period ends, then one whole period more is missed
      expect(await tick('renewBillingPeriods')).to.equal(true);
      const rolled = await subscription(s.vendorId);
      const skipped = (Date.parse(rolled.current_period_start) - Date.parse(before.current_period_end)) / (30 * DAY);
      expect(skipped).to.be.oneOf([1, 2]);
      expect(Date.parse(rolled.current_period_start)).to.be.at.most(app.clock.now().getTime());
      expect(Date.parse(rolled.current_period_end)).to.be.greaterThan(app.clock.now().getTime());
      const events = await app.services.store.readStream(`subscription-${s.vendorId}`);
      await task('renewBillingPeriods').run(app.services);
      expect(await app.services.store.readStream(`subscription-${s.vendorId}`)).to.have.length(events.length);
    });

    it('leaves trialing, past-due and canceled subscriptions as they are', async () => {
      const others = await Promise.all(
        ['trialing', 'canceled'].map(async (status) => {
          const v = await createVendorWithOwner(app);
          await setPlan(v.vendorId, { status: 'trialing' });
          if (status !== 'trialing') await setPlan(v.vendorId, { status });
          return v.vendorId;
        }),
      );
      const before = await Promise.all(others.map(subscription));
      app.clock.advance(31 * DAY);
      await task('renewBillingPeriods').run(app.services);
      expect((await Promise.all(others.map(subscription))).map((x) => x.current_period_start)).to.deep.equal(
        before.map((x) => x.current_period_start),
      );
    });
  });

  describe('stale subscription cleanup', () => {
    it('expires a subscription canceled more than 30 days ago, and the subscription of a deleted vendor', async () => {
      const [canceled, recent, deleted] = await Promise.all([1, 2, 3].map(() => createVendorWithOwner(app)));
      for (const v of [canceled, recent]) {
        await setPlan(v.vendorId, { status: 'active' });
        await setPlan(v.vendorId, { status: 'canceled' });
      }
      await setPlan(deleted.vendorId, { tier_code: 'professional', status: 'active' });
      app.clock.advance(31 * DAY);
      await setPlan(recent.vendorId, { custom_limits: { products: 5 } }); // changed since: not stale
      expect((await app.call('DELETE', `/api/v1/admin/vendors/${deleted.vendorId}`, { token: admin })).status).to.equal(200);

      expect(await tick('cleanUpStaleSubscriptions')).to.equal(true);
      expect((await subscription(canceled.vendorId)).status).to.equal('expired');
      expect((await subscription(recent.vendorId)).status).to.equal('canceled');
      expect((await subscription(deleted.vendorId)).status).to.equal('expired');
      // An active one goes through canceled, as the status table wants.
      const history = await app.services.store.readStream(`subscription-${deleted.vendorId}`);
      expect(history.slice(-2).map((e) => [e.data.changes.status, e.data.reason])).to.deep.equal([
        ['canceled', 'vendor_deleted'],
        ['expired', 'vendor_deleted'],
      ]);
      const listed = await app.call('GET', '/api/v1/admin/subscriptions?status=expired&limit=100', { token: admin });
      expect(listed.body.items.find((i: any) => i.vendor_id === deleted.vendorId)).to.include({ vendor_name: null, vendor_code: null });

      const again = await task('cleanUpStaleSubscriptions').run(app.services);
      expect(again).to.equal(undefined);
      expect(await app.services.store.readStream(`subscription-${deleted.vendorId}`)).to.have.length(history.length);
    });
  });

  describe('daily capacity snapshot', () => {
    it('takes one snapshot per day, however many instances fire the tick', async () => {
      app.clock.advance(DAY);
      const day = app.clock.now().toISOString().slice(0, 10);
      const at = new Date(Math.floor(app.clock.now().getTime() / 60_000) * 60_000);
      const fired = await Promise.all([scheduler(), scheduler(), scheduler()].map((s) => s.fire(task('dailyCapacitySnapshot'), at)));
      expect(fired.filter(Boolean)).to.have.length(1);
      const trends = (d: string) => app.call('GET', `/api/v1/admin/trends?from=${d}&to=${d}&metrics=vendors`, { token: admin });
      const first = (await trends(day)).body.points;
      expect(first).to.have.length(1);
      const overview = (await app.call('GET', '/api/v1/admin/subscription-capacity', { token: admin })).body;
      expect(overview.latest).to.include({ day, taken_by: 'scheduled', times_taken: 1 });

      app.clock.advance(DAY);
      const next = app.clock.now().toISOString().slice(0, 10);
      expect(await tick('dailyCapacitySnapshot')).to.equal(true);
      const both = await app.call('GET', `/api/v1/admin/trends?from=${day}&to=${next}&metrics=vendors`, { token: admin });
      expect(both.body.points.map((p: any) => p.day)).to.deep.equal([day, next]);
    });
  });
});
