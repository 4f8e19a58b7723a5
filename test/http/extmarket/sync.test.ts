import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { connectVendor, extmarketWorker, waitForJob } from '../../support/extmarket.ts';
import { eventually } from '../../support/eventually.ts';
import { sellsOnExtmarket } from '../../support/orders.ts';
import { startExtmarketServer, type ExtmarketServer } from '../../support/extmarketServer.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

describe('extmarket credentials, order sync and pushes', () => {
  let app: TestApp;
  let server: ExtmarketServer;
  let v: VendorFixture;
  before(async () => {
    app = await testApp();
    extmarketWorker(app);
    server = await startExtmarketServer(`key-${Date.now()}`);
    v = await createVendorWithOwner(app);
  });
  after(() => server.close());

  it('stores the API key sealed, answers with its hint only, and tests the connection', async () => {
    const saved = await connectVendor(app, v.ownerToken, server);
    expect(saved).to.include({ configured: true, api_endpoint: server.url, api_key_hint: `…${server.apiKey.slice(-4)}` });
    expect(JSON.stringify(saved)).not.to.include(server.apiKey);
    const events = await app.services.store.readStream(`extmarket_credentials-${v.vendorId}`);
    expect(JSON.stringify(events)).not.to.include(server.apiKey);
    const read = await app.call('GET', '/api/v1/vendor/extmarket/credentials', { token: v.ownerToken });
    expect(JSON.stringify(read.body)).not.to.include(server.apiKey);
    const test = await app.call('POST', '/api/v1/vendor/extmarket/credentials/test', { token: v.ownerToken });
    expect(test.body).to.include({ success: true, vendor_name: 'Local extmarket vendor' });
  });

  it('refuses an endpoint that is not https (outside this machine) with 422', async () => {
    const res = await app.call('PUT', '/api/v1/vendor/extmarket/credentials', {
      token: v.ownerToken,
      body: { api_endpoint: 'http://10.0.0.1/graphql' },
    });
    expect(res.status).to.equal(422);
  });

  it('imports unconfirmed orders once, counting files in the sync log; a repeated sync skips them', async () => {
    server.shipments.push({
      id: 'SH-1',
      orderId: 'OR-1',
      number: 'R-1001',
      units: [
        { id: 'IU-1', ean: '4006381333931', price: '11.70' },
        { id: 'IU-2', ean: '4006381333931', price: '11.70' },
        { id: 'IU-3', ean: null, sku: 'X', price: '5.00' },
      ],
    });
    const started = await app.call('POST', '/api/v1/vendor/extmarket/sync', { token: v.ownerToken });
    expect(started.status).to.equal(202);
    const job = await waitForJob(app, v.ownerToken, started.body.job_id);
    expect(job).to.include({
      status: 'completed',
      job_type: 'order_sync',
      files_processed: 1,
      files_succeeded: 1,
      files_failed: 0,
      orders_imported: 1,
    });
    const list = await app.call('GET', '/api/v1/vendor/extmarket/orders', { token: v.ownerToken });
    const order = list.body.items.find((o: any) => o.external_order_id === 'OR-1');
    expect(order).to.include({
      status: 'unconfirmed',
      external_shipment_id: 'SH-1',
      order_number: 'R-1001',
      vat_regime: 'domestic',
      gross_cents: 2840,
    });
    const detail = await app.call('GET', `/api/v1/vendor/extmarket/orders/${order.id}`, { token: v.ownerToken });
    expect(detail.body.items.map((i: any) => [i.quantity, i.needs_product_match])).to.deep.equal([
      [2, true],
      [1, true],
    ]);
    expect(detail.body.exceptions).to.have.length(2);

    const again = await app.call('POST', '/api/v1/vendor/extmarket/sync', { token: v.ownerToken });
    const second = await waitForJob(app, v.ownerToken, again.body.job_id);
    expect(second).to.include({ files_processed: 1, files_succeeded: 1, orders_imported: 0 });
    const jobs = await app.call('GET', '/api/v1/vendor/extmarket/jobs?job_type=order_sync', { token: v.ownerToken });
    expect(jobs.body.total).to.equal(2);

    // Another vendor sees none of it.
    const other = await createVendorWithOwner(app);
    await sellsOnExtmarket(app, other.vendorId);
    expect((await app.call('GET', `/api/v1/vendor/extmarket/jobs/${started.body.job_id}`, { token: other.ownerToken })).status).to.equal(
      404,
    );
    expect((await app.call('GET', '/api/v1/vendor/extmarket/jobs', { token: other.ownerToken })).body.total).to.equal(0);
    expect((await app.call('GET', `/api/v1/vendor/extmarket/orders/${order.id}`, { token: other.ownerToken })).status).to.equal(404);
    expect((await app.call('GET', '/api/v1/vendor/extmarket/credentials', { token: other.ownerToken })).body).to.include({
      configured: false,
    });
    const refused = await app.call('POST', '/api/v1/vendor/extmarket/sync', { token: other.ownerToken });
    expect(refused.status).to.equal(400);
    expect(refused.body.code).to.equal('ExtmarketCredentialsException');
  });

  it('pushes a decline to the extmarket; a failed push is recorded and retried until it lands', async () => {
    const list = await app.call('GET', '/api/v1/vendor/extmarket/orders', { token: v.ownerToken });
    const order = list.body.items.find((o: any) => o.external_order_id === 'OR-1');
    const detail = await app.call('GET', `/api/v1/vendor/extmarket/orders/${order.id}`, { token: v.ownerToken });
    server.failNext(1);
    await app.call('POST', `/api/v1/vendor/extmarket/orders/${order.id}/items/${detail.body.items[1].id}/decline`, { token: v.ownerToken });
    const failed = await eventually(async () => {
      const d = await app.call('GET', `/api/v1/vendor/extmarket/orders/${order.id}`, { token: v.ownerToken });
      return d.body.extmarket_sync_status === 'failed' && d.body;
    }, 'the failed push');
    expect(failed.extmarket_pushes[0]).to.include({ operation: 'decline_item', status: 'failed', attempts: 1 });
    expect(server.shipments[0].units[2].state ?? 'unconfirmed').to.equal('unconfirmed');
    // The retry task's run, made due now.
    await app.services.db
      .knex('extmarket_pushes')
      .where('order_id', order.id)
      .update({ retry_at: new Date(Date.now() - 1000) });
    const { retryExtmarketPushes } = await import('../../../src/workers/extmarket/retryExtmarketPushes.ts');
    expect(
      await retryExtmarketPushes({
        knex: app.services.db.knex,
        store: app.services.store,
        dataDir: app.services.config.dataDir,
        clock: app.services.clock,
      }),
    ).to.be.greaterThan(0);
    expect(server.shipments[0].units[2].state).to.equal('confirmed_unavailable');
    const synced = await eventually(async () => {
      const d = await app.call('GET', `/api/v1/vendor/extmarket/orders/${order.id}`, { token: v.ownerToken });
      return d.body.extmarket_sync_status === 'in_sync' && d.body;
    }, 'the retried push');
    expect(synced.extmarket_pushes[0]).to.include({ status: 'succeeded', attempts: 2 });
    const calls = server.calls.filter((c) => c.operation === 'ConfirmInventoryUnits');
    expect(calls.at(-1)!.idempotencyKey).to.equal(calls.at(-2)!.idempotencyKey);
  });
});
