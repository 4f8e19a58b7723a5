import { expect } from 'chai';
import {
  notifyAdminsOfOverdueOrderItemExceptions,
  notifyAdminsOnOverdueOrderItemExceptions,
} from '../../src/processes/notifyAdminsOnOverdueOrderItemExceptions.ts';
import { testApp, type TestApp } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { listNotifications, raisedUnder } from '../support/notifications.ts';
import { seedExtmarketOrder } from '../support/orders.ts';
import { createVendorWithOwner, type VendorFixture } from '../support/tenancy.ts';

const HOUR = 3_600_000;

describe('notifyAdminsOnOverdueOrderItemExceptions (scheduled)', () => {
  let app: TestApp;
  let admin: string;
  let v: VendorFixture;
  before(async () => {
    app = await testApp();
    // Exceptions are dated when raised; "a day later" is counted from a clock at the real time.
    app.clock.reset();
    admin = await app.adminToken();
    v = await createVendorWithOwner(app);
  });
  after(() => app.clock.reset());

  async function exceptionOf(orderId: number): Promise<number> {
    return eventually(
      async () => (await app.services.db.knex('order_item_exceptions').where('order_id', orderId).first('id'))?.id,
      'the exception',
    );
  }
  const ofException = (id: number) => (n: any) => n.data.exception_id === id;
  const notified = async (id: number) => (await listNotifications(app, admin, 'kind=order_item_exception_overdue')).filter(ofException(id));

  it('notifies once per exception still pending a day after it was raised, and never for one resolved or ignored in time', async () => {
    const open = await seedExtmarketOrder(app, v.vendorId, [{ unmatched: true, ean: '4006381333931' }]);
    const ignored = await seedExtmarketOrder(app, v.vendorId, [{ unmatched: true, ean: '4006381333948' }]);
    const openId = await exceptionOf(open.orderId);
    const ignoredId = await exceptionOf(ignored.orderId);
    const ignore = await app.call('POST', `/api/v1/vendor/order-item-exceptions/${ignoredId}/ignore`, { token: v.ownerToken });
    expect(ignore.status, JSON.stringify(ignore.body)).to.equal(200);

    // Within the first day: nothing.
    app.clock.advance(23 * HOUR);
    await notifyAdminsOnOverdueOrderItemExceptions.run(app.services);
    expect(await notified(openId)).to.have.length(0);

    app.clock.advance(2 * HOUR);
    await notifyAdminsOnOverdueOrderItemExceptions.run(app.services);
    const [n] = await eventually(async () => {
      const found = await notified(openId);
      return found.length > 0 && found;
    }, 'the overdue notice');
    expect(n).to.include({ severity: 'warning', vendor_id: v.vendorId, link: `/api/v1/admin/orders/${open.orderId}`, is_read: false });
    expect(n.data).to.include({ order_id: open.orderId, exception_id: openId });
    expect(await notified(ignoredId)).to.have.length(0);

    // Later runs raise nothing new; two runs at once (two instances) raise a newly overdue one once.
    const raced = await seedExtmarketOrder(app, v.vendorId, [{ unmatched: true, ean: '4006381333955' }]);
    const racedId = await exceptionOf(raced.orderId);
    app.clock.advance(25 * HOUR);
    await Promise.all([notifyAdminsOfOverdueOrderItemExceptions(app.services), notifyAdminsOfOverdueOrderItemExceptions(app.services, 2)]);
    await notifyAdminsOnOverdueOrderItemExceptions.run(app.services);
    expect(await raisedUnder(app, `order_item_exception_overdue:${openId}`)).to.have.length(1);
    expect(await raisedUnder(app, `order_item_exception_overdue:${racedId}`)).to.have.length(1);
    expect(await raisedUnder(app, `order_item_exception_overdue:${ignoredId}`)).to.have.length(0);
    expect(await notified(openId)).to.have.length(1);
    await eventually(async () => (await notified(racedId)).length === 1, 'the raced notice');
  });
});
