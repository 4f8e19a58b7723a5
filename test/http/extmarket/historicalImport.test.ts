import { expect } from 'chai';
import { eventually } from '../../support/eventually.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { connectVendor, waitForJob } from '../../support/extmarket.ts';
import { startExtmarketServer, type ExtmarketServer } from '../../support/extmarketServer.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

describe('extmarket historical import job', function () {
  // Sixty orders imported one file at a time: half a minute on a machine loaded by parallel suites.
  this.timeout(180_000);
  let app: TestApp;
  let admin: string;
  let server: ExtmarketServer;
  let v: VendorFixture;
  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    server = await startExtmarketServer(`hist-${Date.now()}`);
    v = await createVendorWithOwner(app);
    await connectVendor(app, v.ownerToken, server);
    for (let i = 1; i <= 60; i++) {
      const state = i % 3 === 0 ? 'declined' : 'confirmed';
      const unit = state === 'declined' ? 'confirmed_unavailable' : 'confirmed_available';
      server.shipments.push({
        id: `H${i}`,
        orderId: `HO${i}`,
        number: `H-${i}`,
        state,
        shipCountry: i % 4 === 0 ? 'FR' : 'LU',
        units: [{ id: `HU${i}`, ean: null, sku: `S${i}`, price: '9.99', state: unit }],
      });
    }
    // A shipment without any unit cannot become an order: one failed file.
    server.shipments.push({ id: 'H-bad', orderId: 'HO-bad', number: 'H-bad', state: 'confirmed', units: [] });
  });
  after(() => server.close());

  it('pages through past orders, imports them with the decisions the extmarket holds, and counts files', async () => {
    const started = await app.call('POST', `/api/v1/admin/vendors/${v.vendorId}/extmarket/historical-import`, { token: admin });
    expect(started.status).to.equal(202);
    const job = await waitForJob(app, admin, started.body.job_id, 'admin');
    expect(job).to.include({
      job_type: 'historical_import',
      status: 'completed',
      files_processed: 61,
      files_succeeded: 60,
      files_failed: 1,
      orders_imported: 60,
    });
    expect(job.error_details.errors).to.have.length(1);
    expect(job.error_details.errors[0]).to.match(/H-bad.*at least one item/);
    // The job's end says every order was appended; the order list projects the last decisions a
    // moment later (another consumer), so the lists are read until they hold them.
    const list = (status: string) => app.call('GET', `/api/v1/vendor/extmarket/orders?status=${status}&limit=100`, { token: v.ownerToken });
    let [declined, confirmed] = [await list('declined'), await list('confirmed')];
    await eventually(async () => {
      [declined, confirmed] = [await list('declined'), await list('confirmed')];
      return declined.body.total + confirmed.body.total >= 60;
    }, 'the 60 orders in the lists').catch(() => undefined);
    expect([declined.body.total, confirmed.body.total]).to.deep.equal([20, 40]);
    // The extmarket's own decisions are not pushed back to it.
    expect(server.calls.filter((c) => c.operation === 'ConfirmInventoryUnits')).to.have.length(0);
    const fr = confirmed.body.items.find((o: any) => o.shipping_country_iso === 'FR');
    expect(fr).to.include({ vat_regime: 'origin', vat_country_iso: 'LU' });
    const jobs = await app.call('GET', `/api/v1/admin/extmarket/jobs?job_type=historical_import&vendor_id=${v.vendorId}`, { token: admin });
    expect(jobs.body.items.map((j: any) => j.job_id)).to.deep.equal([started.body.job_id]);
  });

  it('fails the job, visibly, when the extmarket refuses the key', async () => {
    await app.call('PUT', `/api/v1/admin/vendors/${v.vendorId}/extmarket/credentials`, {
      token: admin,
      body: { api_key: 'a-wrong-key-123' },
    });
    const started = await app.call('POST', '/api/v1/vendor/extmarket/sync', { token: v.ownerToken });
    const job = await waitForJob(app, v.ownerToken, started.body.job_id);
    expect(job).to.include({ status: 'failed' });
    expect(job.error_message).to.match(/refused the API key/);
    const creds = await app.call('GET', `/api/v1/admin/vendors/${v.vendorId}/extmarket/credentials`, { token: admin });
    expect(creds.body).to.include({ configured: true, api_key_hint: '…-123' });
  });
});
