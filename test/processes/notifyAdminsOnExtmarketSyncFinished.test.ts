import { expect } from 'chai';
import { notifyAdminsOnExtmarketSyncFinished } from '../../src/processes/notifyAdminsOnExtmarketSyncFinished.ts';
import { testApp, type TestApp } from '../support/app.ts';
import { connectVendor, extmarketWorker, waitForJob } from '../support/extmarket.ts';
import { startExtmarketServer, type ExtmarketServer } from '../support/extmarketServer.ts';
import { eventOf, handleAgain, listNotifications, notificationAppears, raisedUnder } from '../support/notifications.ts';
import { createVendorWithOwner } from '../support/tenancy.ts';

describe('notifyAdminsOnExtmarketSyncFinished', () => {
  let app: TestApp;
  let admin: string;
  let server: ExtmarketServer;

  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    extmarketWorker(app);
    server = await startExtmarketServer(`notify-${Date.now()}`);
  });
  after(() => server.close());

  async function sync(token: string) {
    const started = await app.call('POST', '/api/v1/vendor/extmarket/sync', { token });
    expect(started.status).to.equal(202);
    return waitForJob(app, token, started.body.job_id);
  }

  it('raises one error for a sync that could not run (extmarket unreachable), however often its failure is processed', async () => {
    const v = await createVendorWithOwner(app);
    const gone = await startExtmarketServer(`gone-${Date.now()}`);
    await connectVendor(app, v.ownerToken, gone);
    await gone.close();
    const job = await sync(v.ownerToken);
    expect(job.status).to.equal('failed');
    const n = await notificationAppears(app, admin, 'extmarket_sync_failed', (x) => x.data.job_id === job.id);
    expect(n).to.include({ severity: 'error', vendor_id: v.vendorId, link: `/api/v1/admin/extmarket/jobs/${job.id}` });
    expect(n.body).to.include(job.error_message);

    const failed = await eventOf(app, `extmarket_sync-${job.id}`, 'ExtmarketSyncFailed');
    await handleAgain(app, notifyAdminsOnExtmarketSyncFinished, failed);
    await handleAgain(app, notifyAdminsOnExtmarketSyncFinished, failed);
    expect(await raisedUnder(app, `extmarket_sync_failed:${job.id}`)).to.have.length(1);
  });

  it('raises one warning for a sync that finished with failed orders, and none for a clean one', async () => {
    const v = await createVendorWithOwner(app);
    await connectVendor(app, v.ownerToken, server);
    const tag = `N${Date.now()}`;
    server.shipments.push({
      id: `${tag}-1`,
      orderId: `${tag}-O1`,
      number: `${tag}-1`,
      units: [{ id: `${tag}-U1`, ean: null, sku: 'S1', price: '9.99' }],
    });
    // A shipment without any unit cannot become an order: one failed file.
    server.shipments.push({ id: `${tag}-bad`, orderId: `${tag}-Obad`, number: `${tag}-bad`, units: [] });
    const job = await sync(v.ownerToken);
    expect(job).to.include({ status: 'completed', files_failed: 1 });
    const n = await notificationAppears(app, admin, 'extmarket_sync_completed_with_errors', (x) => x.data.job_id === job.id);
    expect(n).to.include({ severity: 'warning', vendor_id: v.vendorId });
    expect(n.data).to.include({ files_failed: 1, job_type: 'order_sync' });
    await handleAgain(app, notifyAdminsOnExtmarketSyncFinished, await eventOf(app, `extmarket_sync-${job.id}`, 'ExtmarketSyncCompleted'));
    expect(await raisedUnder(app, `extmarket_sync_errors:${job.id}`)).to.have.length(1);

    server.shipments.splice(0);
    const clean = await sync(v.ownerToken);
    expect(clean).to.include({ status: 'completed', files_failed: 0 });
    await handleAgain(app, notifyAdminsOnExtmarketSyncFinished, await eventOf(app, `extmarket_sync-${clean.id}`, 'ExtmarketSyncCompleted'));
    expect(await raisedUnder(app, `extmarket_sync_errors:${clean.id}`)).to.have.length(0);
    expect(
      (await listNotifications(app, admin, `kind=extmarket_sync_completed_with_errors`)).filter((x) => x.data.job_id === clean.id),
    ).to.have.length(0);
  });
});
