import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { Scheduler } from '../../../src/runtime/scheduler.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { signedInAdmin } from '../../support/backOffice.ts';
import { newBase, productCsv, serveFiles, upload, waitForJob, type FileServer } from '../../support/catalogueFiles.ts';
import { scanEndedOf as scanEnded, scanFixtureCopy, scanToTheEnd } from '../../support/codeQuality.ts';
import { createVendorWithOwner, type VendorFixture } from '../../support/tenancy.ts';

const retry = (app: TestApp, token: string, type: string, id: string | number) =>
  app.call('POST', `/api/v1/admin/tasks/${type}/${id}/retry`, { token });

/**
 * The task monitor retries a failed code-quality scan and a failed marketplace import: a new
 * job of the same work through the same command as starting one, linked to the failed one by its
 * retry record; a task that did not fail is refused with 409 and the reason, and so is an
 * uploaded file the failed import no longer keeps.
 */
describe('task monitor: retry of a failed scan and of a failed marketplace import', function () {
  this.timeout(240_000);
  let app: TestApp;
  let token: string;
  let keptRoot: string;

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
    keptRoot = app.services.config.operations.sourceRoot;
  });
  after(() => {
    app.services.config.operations.sourceRoot = keptRoot;
  });

  describe('a scan', () => {
    let failed: any;

    before(async () => {
      // A source root with none of the scanned folders cannot be scanned: the scan fails.
      app.services.config.operations.sourceRoot = mkdtempSync(join(tmpdir(), 'no-source-'));
      failed = await scanToTheEnd(app, token);
    });

    it('of a source root that cannot be scanned fails, saying why', () => {
      expect(failed.status).to.equal('failed');
      expect(failed.error_message).to.match(/cannot be scanned: it holds none of the folders src, commands/);
    });

    it('retried through the API is scanned again and completes; a repeated retry starts nothing', async () => {
      scanFixtureCopy(app);
      const first = await retry(app, token, 'code_quality_scan', failed.id);
      expect(first.status, JSON.stringify(first.body)).to.equal(202);
      expect(first.body).to.deep.include({ already_retried: false });
      expect(first.body.task).to.include({ type: 'code_quality_scan', task_id: String(failed.id), status: 'failed' });
      expect(first.body.retry.type).to.equal('code_quality_scan');
      expect(Number(first.body.retry.task_id)).to.be.greaterThan(failed.id);
      const again = await retry(app, token, 'code_quality_scan', failed.id);
      expect(again.body).to.deep.include({ already_retried: true, retry: first.body.retry });
      const scan = await scanEnded(app, token, first.body.retry.task_id);
      expect(scan.status, scan.error_message).to.equal('completed');
      expect(scan.found).to.be.greaterThan(0);
      const refused = await retry(app, token, 'code_quality_scan', scan.id);
      expect(refused.status).to.equal(409);
      expect(refused.headers.get('content-type')).to.match(/application\/problem\+json/);
      expect(refused.body.detail).to.contain('Only a failed task can be retried');
    });

    it("has a retry button in the monitor's list, and its page links the scan that retried it", async () => {
      const admin = await signedInAdmin(app);
      const list = await admin.get('/admin/tasks?type=code_quality_scan&status=failed');
      expect(list.body).to.contain(`action="/admin/tasks/code_quality_scan/${failed.id}/retry"`);
      const retried = await retry(app, token, 'code_quality_scan', failed.id);
      const page = await admin.get(`/admin/tasks/code_quality_scan/${failed.id}`);
      expect(page.status).to.equal(200);
      expect(page.body)
        .to.contain(`href="/admin/tasks/code_quality_scan/${retried.body.retry.task_id}"`)
        .and.not.contain('not retried from the monitor');
    });
  });

  describe('a marketplace import', () => {
    let vendor: VendorFixture;
    let files: FileServer;
    const served: Record<string, string> = {};
    const base = newBase();
    const opts = { base, count: 5, marketplace: `Retry${base}` };

    before(async () => {
      vendor = await createVendorWithOwner(app);
      files = await serveFiles(served);
    });
    after(() => files.close());

    /** An import of a URL that answers 404 until the file is put there. */
    async function failedImport(path: string): Promise<any> {
      const res = await app.call('POST', '/api/v1/admin/marketplace-import-jobs', {
        token,
        body: { vendor_id: vendor.vendorId, language: 'fr', source_url: files.url + path, marketplace: opts.marketplace },
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(202);
      const job = await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
      expect(job.status).to.equal('failed');
      expect(job.error_details.error_code).to.equal('source_unreachable');
      return job;
    }

    it('of a URL that became reachable, retried through the API, is imported by a new job of the same request', async () => {
      const failed = await failedImport('/later.csv');
      served['/later.csv'] = productCsv(opts);
      const first = await retry(app, token, 'marketplace_import', failed.id);
      expect(first.status, JSON.stringify(first.body)).to.equal(202);
      expect(first.body.retry.type).to.equal('marketplace_import');
      const job = await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${first.body.retry.task_id}`, token);
      expect(job.status, JSON.stringify(job)).to.equal('completed');
      expect(job).to.include({
        vendor_id: vendor.vendorId,
        language: 'fr',
        marketplace: opts.marketplace,
        source_url: `${files.url}/later.csv`,
        imported_count: 5,
      });
      const again = await retry(app, token, 'marketplace_import', failed.id);
      expect(again.body).to.deep.include({ already_retried: true, retry: first.body.retry });
      const refused = await retry(app, token, 'marketplace_import', job.id);
      expect(refused.status).to.equal(409);
      expect(refused.body.detail).to.contain('Only a failed task can be retried');
    });

    it("is retried from the monitor page's button, which leads to the new job", async () => {
      const failed = await failedImport('/page.csv');
      served['/page.csv'] = productCsv({ ...opts, base: base + 100 });
      const admin = await signedInAdmin(app);
      const list = await admin.get('/admin/tasks?type=marketplace_import&status=failed');
      expect(list.body).to.contain(`action="/admin/tasks/marketplace_import/${failed.id}/retry"`);
      const page = await admin.get(`/admin/tasks/marketplace_import/${failed.id}`);
      const posted = await admin.post(`/admin/tasks/marketplace_import/${failed.id}/retry`, { _csrf: admin.csrf(page.body) });
      const next = String(posted.headers.location ?? '');
      expect(next).to.match(/^\/admin\/tasks\/marketplace_import\/\d+$/);
      const job = await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${next.split('/').pop()}`, token);
      expect(job.status, JSON.stringify(job)).to.equal('completed');
      expect((await admin.get(`/admin/tasks/marketplace_import/${failed.id}`)).body).to.contain('Retried as');
    });

    it('of an uploaded file it has read is refused with 409: the file is no longer kept', async () => {
      const res = await upload(
        app,
        '/api/v1/admin/marketplace-import-jobs',
        token,
        { vendor_id: String(vendor.vendorId) },
        { name: 'empty.csv', data: '' },
      );
      expect(res.status).to.equal(202);
      const failed = await waitForJob(app, `/api/v1/admin/marketplace-import-jobs/${res.body.id}`, token);
      expect(failed.status).to.equal('failed');
      const refused = await retry(app, token, 'marketplace_import', failed.id);
      expect(refused.status, JSON.stringify(refused.body)).to.equal(409);
      expect(refused.headers.get('content-type')).to.match(/application\/problem\+json/);
      expect(refused.body.detail).to.match(/no longer kept.*upload it again/);
    });
  });

  it("refuses a failed task of a kind no area retries (a scheduled task's run), naming the kind", async () => {
    const failing = {
      name: 'alwaysFailsForRetry',
      cron: '0 0 1 1 *',
      run: async () => {
        throw new Error('the task broke');
      },
    };
    const tick = new Date(Date.UTC(2020, 0, 1));
    expect(await new Scheduler(app.services, [failing], app.services.logger).fire(failing, tick)).to.equal(true);
    const id = `alwaysFailsForRetry@${tick.toISOString().replace('.000', '')}`;
    const task = await app.call('GET', `/api/v1/admin/tasks/scheduled_task/${encodeURIComponent(id)}`, { token });
    expect(task.body, JSON.stringify(task.body)).to.include({ status: 'failed', error: 'the task broke' });
    const refused = await retry(app, token, 'scheduled_task', encodeURIComponent(id));
    expect(refused.status).to.equal(409);
    expect(refused.headers.get('content-type')).to.match(/application\/problem\+json/);
    expect(refused.body.detail).to.equal('A scheduled_task task cannot be retried from the monitor');
  });
});
