import { expect } from 'chai';
import pino from 'pino';
import type { VendorSubscriptionTerms } from '../../../commands/subscriptions/events.ts';
import { vendorSubscription } from '../../../commands/subscriptions/vendorSubscription.ts';
import { handleCommand } from '../../../src/runtime/commandHandler.ts';
import type { Projection } from '../../../src/runtime/consumer.ts';
import { rebuildProjection } from '../../../src/runtime/rebuild.ts';
import { testApp, unique, type TestApp } from '../../support/app.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

/**
 * ARCHITECTURE.md "Rebuild": vendor_subscriptions rebuilt from the feed equals the live table,
 * the billing interval included; a record whose events predate the interval (none in its events)
 * is monthly, live and rebuilt alike.
 */
describe('vendor subscriptions projection rebuilt from the feed equals the live one', () => {
  let app: TestApp;
  before(async function () {
    this.timeout(60_000);
    app = await testApp();
  });

  it("keeps each record's billing interval: yearly as set, monthly for a record started before intervals were recorded", async () => {
    const admin = await app.adminToken();
    const [older, yearly] = [await createVendorWithOwner(app), await createVendorWithOwner(app)];
    // The shape of the events recorded before the interval existed: terms without billing_interval.
    const at = app.clock.now().toISOString();
    const terms: VendorSubscriptionTerms = {
      tier_code: 'professional',
      status: 'active',
      current_period_start: at,
      current_period_end: new Date(Date.parse(at) + 30 * 86_400_000).toISOString(),
      custom_limits: null,
    };
    await app.services.settle([
      await handleCommand(
        app.services.store,
        vendorSubscription,
        older.vendorId,
        { type: 'SetVendorSubscription', data: { vendor_id: older.vendorId, terms, at } },
        { userId: 'system:test', correlationId: unique('old') },
      ),
    ]);
    const put = await app.call('PUT', `/api/v1/admin/subscriptions/${yearly.vendorId}`, {
      token: admin,
      body: { tier_code: 'business', status: 'active', billing_interval: 'year' },
    });
    expect(put.status, JSON.stringify(put.body)).to.equal(200);
    expect(put.body.billing_interval).to.equal('year');
    const old = await app.call('GET', `/api/v1/admin/subscriptions/${older.vendorId}`, { token: admin });
    expect(old.body).to.include({ tier_code: 'professional', billing_interval: 'month' });

    const knex = app.services.db.knex;
    const snapshot = async () => (await knex.raw('SELECT * FROM vendor_subscriptions ORDER BY vendor_id')).rows;
    const live = await snapshot();
    const projection = app.services.runner.consumers.find((c) => c.name === 'vendor_subscriptions') as Projection;
    await rebuildProjection(knex, app.services.store, projection, pino({ level: 'silent' }));
    expect(await snapshot()).to.deep.equal(live);
    const intervals = Object.fromEntries(live.map((r: any) => [r.vendor_id, r.billing_interval]));
    expect([intervals[older.vendorId], intervals[yearly.vendorId]]).to.deep.equal(['month', 'year']);
  });
});
