import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { runOrderCommand } from '../../commands/orders/handlers/order.ts';
import { notifyAdminsOnExtmarketPushFailing, PUSH_FAILURES_BEFORE_NOTICE } from '../../src/processes/notifyAdminsOnExtmarketPushFailing.ts';
import { testApp, unique, type TestApp } from '../support/app.ts';
import { handleAgain, listNotifications, notificationAppears, raisedUnder } from '../support/notifications.ts';
import { seedExtmarketOrder } from '../support/orders.ts';
import { createVendorWithOwner } from '../support/tenancy.ts';

describe('notifyAdminsOnExtmarketPushFailing', () => {
  let app: TestApp;
  let admin: string;
  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
  });

  it(`raises one error once a push failed ${PUSH_FAILURES_BEFORE_NOTICE} times in a row, not before and not again`, async () => {
    const v = await createVendorWithOwner(app);
    const order = await seedExtmarketOrder(app, v.vendorId, [{ quantity: 1 }]);
    const key = randomUUID();
    const deps = { store: app.services.store, db: app.services.db.knex, clock: app.services.clock };
    // What the push worker records after each refused attempt (src/workers/extmarket/retryExtmarketPushes.ts).
    const fail = (attempt: number) =>
      runOrderCommand(
        deps,
        order.orderId,
        {
          type: 'RecordExtmarketPush',
          data: {
            key,
            vendor_id: v.vendorId,
            operation: 'confirm_item',
            item_id: order.itemIds[0],
            inventory_unit_ids: ['u1'],
            external_shipment_id: null,
            tracking_number: null,
            carrier: null,
            attempt,
            ok: false,
            error: 'HTTP 503',
            retry_at: new Date().toISOString(),
            at: new Date().toISOString(),
          },
        },
        { userId: 'system:test', vendorId: v.vendorId, correlationId: unique('push') },
      );
    const ofOrder = (n: any) => n.data.order_id === order.orderId;

    for (let attempt = 1; attempt < PUSH_FAILURES_BEFORE_NOTICE; attempt++) await fail(attempt);
    const early = (await app.services.store.readStream(`order-${order.orderId}`)).filter((e) => e.type === 'ExtmarketPushFailed');
    for (const e of early) await handleAgain(app, notifyAdminsOnExtmarketPushFailing, e);
    expect(await raisedUnder(app, `extmarket_push_failing:${key}`)).to.have.length(0);
    await fail(PUSH_FAILURES_BEFORE_NOTICE);
    const n = await notificationAppears(app, admin, 'extmarket_push_failing', ofOrder);
    expect(n).to.include({ severity: 'error', vendor_id: v.vendorId, link: `/api/v1/admin/orders/${order.orderId}` });
    expect(n.data).to.include({ attempts: PUSH_FAILURES_BEFORE_NOTICE, operation: 'confirm_item', push_key: key });

    await fail(PUSH_FAILURES_BEFORE_NOTICE + 1);
    const stream = await app.services.store.readStream(`order-${order.orderId}`);
    const failures = stream.filter((e) => e.type === 'ExtmarketPushFailed');
    expect(failures).to.have.length(PUSH_FAILURES_BEFORE_NOTICE + 1);
    for (const e of failures) await handleAgain(app, notifyAdminsOnExtmarketPushFailing, e);
    expect(await raisedUnder(app, `extmarket_push_failing:${key}`)).to.have.length(1);
    expect((await listNotifications(app, admin, 'kind=extmarket_push_failing')).filter(ofOrder)).to.have.length(1);
  });
});
