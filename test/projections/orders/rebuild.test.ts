import { expect } from 'chai';
import pino from 'pino';
import { ORDER_EVENT_TYPES } from '../../../commands/orders/events.ts';
import { withCheckDigit } from '../../../src/core/gtin.ts';
import type { Projection } from '../../../src/runtime/consumer.ts';
import { sql } from '../../../src/runtime/database.ts';
import { rebuildProjection } from '../../../src/runtime/rebuild.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { seedExtmarketOrder } from '../../support/orders.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

const silent = pino({ level: 'silent' });
const TABLES = ['order_list', 'order_items', 'order_shipments', 'order_item_exceptions', 'extmarket_pushes'];

/**
 * ARCHITECTURE.md "Rebuild": the orders area's read models rebuilt from the feed equal the live
 * ones, row for row, after orders went through the service's routes: partial confirmation and a
 * decline, shipments in parts, tracking set twice, a rejected order, exceptions resolved by hand
 * and ignored, and the extmarket pushes those decisions caused. Each rebuild runs twice: in one
 * window, and in windows of a few events whose rows are forgotten and read back between them.
 */
describe('orders projections rebuilt from the feed equal the live ones', function () {
  this.timeout(120_000);
  let app: TestApp;
  before(async () => {
    app = await testApp();
  });

  it('order_list, order_items, order_shipments, order_item_exceptions, extmarket_pushes', async () => {
    const v = await createVendorWithOwner(app);
    const token = v.ownerToken;
    const call = async (path: string, body?: object) => {
      const res = await app.call('POST', path, { token, body });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).to.be.within(200, 299);
      return res.body;
    };
    const code = () => withCheckDigit(`41${String(Date.now()).slice(-9)}${Math.floor(Math.random() * 10)}`.slice(0, 12));

    const partial = await seedExtmarketOrder(app, v.vendorId, [{ quantity: 3 }, { quantity: 1 }]);
    await call(`/api/v1/vendor/extmarket/orders/${partial.orderId}/items/${partial.itemIds[0]}/confirm`);
    await call(`/api/v1/vendor/extmarket/orders/${partial.orderId}/items/${partial.itemIds[1]}/decline`);
    await call(`/api/v1/vendor/orders/${partial.orderId}/items/${partial.itemIds[0]}/ship`, { quantity: 2 });
    await call(`/api/v1/vendor/extmarket/orders/${partial.orderId}/tracking`, { tracking_number: 'TRK-1', carrier: 'DHL' });
    await call(`/api/v1/vendor/orders/${partial.orderId}/items/${partial.itemIds[0]}/ship`, { quantity: 1 });
    await call(`/api/v1/vendor/extmarket/orders/${partial.orderId}/tracking`, { tracking_number: 'TRK-2', carrier: 'UPS' });

    const rejected = await seedExtmarketOrder(app, v.vendorId, [{}, { quantity: 2 }]);
    await call(`/api/v1/vendor/extmarket/orders/${rejected.orderId}/reject`);

    const unmatched = await seedExtmarketOrder(app, v.vendorId, [{ unmatched: true, ean: code() }, { unmatched: true, ean: code() }, {}]);
    const product = await call('/api/v1/vendor/products', { title: 'Rebuild match', price_cents: 990, gtin: code() });
    const pending = await app.call('GET', `/api/v1/vendor/order-item-exceptions?status=pending&order_id=${unmatched.orderId}`, { token });
    expect(pending.body.items).to.have.length(2);
    await call(`/api/v1/vendor/order-item-exceptions/${pending.body.items[0].id}/resolve`, { product_id: product.id });
    await call(`/api/v1/vendor/order-item-exceptions/${pending.body.items[1].id}/ignore`);
    await call(`/api/v1/vendor/extmarket/orders/${unmatched.orderId}/confirm`);
    for (const item of unmatched.itemIds) await call(`/api/v1/vendor/orders/${unmatched.orderId}/items/${item}/ship`, { quantity: 1 });

    const knex = app.services.db.knex;
    const snapshot = async () =>
      Object.fromEntries(
        await Promise.all(
          TABLES.map(
            async (t) =>
              [
                t,
                (await sql<{ r: string }>(knex, `SELECT to_jsonb(x)::text AS r FROM "${t}" x ORDER BY 1`)).map((r: { r: string }) => r.r),
              ] as const,
          ),
        ),
      );
    await app.services.runner.waitFor(await app.services.store.head(), [...ORDER_EVENT_TYPES], 5000);
    const live = await snapshot();
    const mine = (t: string) => live[t].filter((r: string) => JSON.parse(r).vendor_id === v.vendorId);
    expect(mine('order_list')).to.have.length(3);
    expect(mine('order_shipments')).to.have.length(5);
    expect(
      mine('order_item_exceptions')
        .map((r: string) => JSON.parse(r).status)
        .sort(),
    ).to.deep.equal(['ignored', 'resolved']);
    expect(mine('extmarket_pushes').length).to.be.greaterThan(3);

    for (const options of [{}, { readLimit: 3, windowEvents: 5, windowRows: 4, cachedRows: 3 }]) {
      for (const name of TABLES) {
        const projection = app.services.runner.consumers.find((c) => c.name === name) as Projection;
        await rebuildProjection(knex, app.services.store, projection, silent, undefined, options);
      }
      const rebuilt = await snapshot();
      for (const t of TABLES) expect(rebuilt[t], `${t} ${JSON.stringify(options)}`).to.deep.equal(live[t]);
    }
  });
});
