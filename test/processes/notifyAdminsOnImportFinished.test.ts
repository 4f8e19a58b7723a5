import { expect } from 'chai';
import { notifyAdminsOnImportFinished } from '../../src/processes/notifyAdminsOnImportFinished.ts';
import { testApp, type TestApp } from '../support/app.ts';
import { newBase, productCsv, serveFiles, waitForJob, type FileServer } from '../support/catalogueFiles.ts';
import { eventOf, handleAgain, listNotifications, notificationAppears, raisedUnder } from '../support/notifications.ts';
import { createVendorWithOwner, type VendorFixture } from '../support/tenancy.ts';

describe('notifyAdminsOnImportFinished', () => {
  let app: TestApp;
  let admin: string;
  let vendor: VendorFixture;
  let files: FileServer;

  before(async () => {
    app = await testApp();
    admin = await app.adminToken();
    vendor = await createVendorWithOwner(app);
    files = await serveFiles({
      '/good.csv': productCsv({ base: newBase(), count: 2 }),
      '/gone.csv': (_req, res) => {
        res.writeHead(404).end();
      },
    });
  });
  after(() => files.close());

  async function importFrom(path: string) {
    const res = await app.call('POST', '/api/v1/admin/marketplace-import-jobs', {
      token: admin,
      body: { vendor_id: vendor.vendorId, language: 'en', source_url: files.url + path },
    });
    expect(res.status).to.equal(202);
    return waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, admin);
  }

  it('raises one error for a failed import, however often its failure is processed', async () => {
    const job = await importFrom('/gone.csv');
    expect(job.status).to.equal('failed');
    const n = await notificationAppears(app, admin, 'marketplace_import_failed', (x) => x.data.job_id === job.id);
    expect(n).to.include({ severity: 'error', vendor_id: vendor.vendorId, link: `/api/v1/admin/marketplace-import-jobs/${job.id}` });
    expect(n.data).to.include({ error_code: 'source_unreachable' });
    expect(n.body).to.match(/HTTP 404/);

    const failed = await eventOf(app, `marketplace_import-${job.id}`, 'MarketplaceImportFailed');
    await handleAgain(app, notifyAdminsOnImportFinished, failed);
    await handleAgain(app, notifyAdminsOnImportFinished, failed);
    expect(await raisedUnder(app, `marketplace_import_failed:${job.id}`)).to.have.length(1);
    expect((await listNotifications(app, admin, 'kind=marketplace_import_failed')).filter((x) => x.data.job_id === job.id)).to.have.length(
      1,
    );
  });

  it('raises nothing for an import that completed without rejected rows', async () => {
    const job = await importFrom('/good.csv');
    expect(job.status).to.equal('completed');
    await handleAgain(app, notifyAdminsOnImportFinished, await eventOf(app, `marketplace_import-${job.id}`, 'MarketplaceImportCompleted'));
    expect(await raisedUnder(app, `marketplace_import_errors:${job.id}`)).to.have.length(0);
    expect(await raisedUnder(app, `marketplace_import_failed:${job.id}`)).to.have.length(0);
  });
});
