import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { signedIn, signedInAdmin } from '../../support/backOffice.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

const location = (res: { headers: Record<string, unknown> }) => String(res.headers.location ?? '');

/** Polls a test run through the API until it no longer waits or runs. */
async function ended(app: TestApp, token: string, id: string | number): Promise<any> {
  for (let i = 0; i < 600; i++) {
    const res = await app.call('GET', `/api/v1/admin/test-runs/${id}`, { token });
    if (!['pending', 'running'].includes(res.body.status)) return res.body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`run ${id} did not end`);
}

/**
 * Retry from the task monitor: a failed task is started again once by the area that owns it
 * (a repeated retry answers the same new job and starts nothing), in the API and on the page;
 * a task that did not fail, or of a kind no area retries, is refused with the reason.
 */
describe('task monitor: retry of a failed task', function () {
  this.timeout(300_000);
  let app: TestApp;
  let token: string;
  let failedId: string;
  before(async function () {
    this.timeout(300_000);
    app = await testApp();
    token = await app.adminToken();
    const dir = mkdtempSync(join(tmpdir(), 'test-suite-'));
    cpSync(resolve('test/fixtures/test-suite'), dir, { recursive: true, filter: (source) => !source.endsWith('.flip') });
    app.services.config.operations.testRoot = dir;
    const kept = app.services.config.operations.testRunTimeoutMs;
    app.services.config.operations.testRunTimeoutMs = 50;
    try {
      const started = await app.call('POST', '/api/v1/admin/test-runs', { token, body: { category: 'unit' } });
      failedId = String(started.body.job_ids[0]);
      expect((await ended(app, token, failedId)).status).to.equal('failed');
    } finally {
      app.services.config.operations.testRunTimeoutMs = kept;
    }
  });

  it('retries a failed task once through the API: the same new job answers a repeated retry', async () => {
    const first = await app.call('POST', `/api/v1/admin/tasks/test_run/${failedId}/retry`, { token });
    expect(first.status, JSON.stringify(first.body)).to.equal(202);
    expect(first.body).to.deep.include({ already_retried: false });
    expect(first.body.task).to.include({ type: 'test_run', task_id: failedId, status: 'failed' });
    expect(first.body.retry.type).to.equal('test_run');
    const again = await app.call('POST', `/api/v1/admin/tasks/test_run/${failedId}/retry`, { token });
    expect(again.status).to.equal(202);
    expect(again.body).to.deep.include({ already_retried: true, retry: first.body.retry });
    const retried = await ended(app, token, first.body.retry.task_id);
    expect(retried).to.include({ status: 'completed', category: 'unit', passed: 2 });
    const history = await app.call('GET', `/api/v1/admin/events/streams/${encodeURIComponent(`task_retry-test_run.${failedId}`)}`, {
      token,
    });
    expect(JSON.stringify(history.body)).to.contain('TaskRetryRequested').and.contain('TaskRetryStarted');
    const refused = await app.call('POST', `/api/v1/admin/tasks/test_run/${first.body.retry.task_id}/retry`, { token });
    expect(refused.status).to.equal(409);
    expect(refused.body.detail).to.contain('Only a failed task can be retried');
    expect((await app.call('POST', '/api/v1/admin/tasks/test_run/999999/retry', { token })).status).to.equal(404);
  });

  it("the monitor page shows the retry button of a failed task, the task's page the job that retried it", async () => {
    const admin = await signedInAdmin(app);
    const list = await admin.get('/admin/tasks?type=test_run&status=failed');
    expect(list.body).to.contain(`/admin/tasks/test_run/${failedId}`);
    const page = await admin.get(`/admin/tasks/test_run/${failedId}`);
    expect(page.status).to.equal(200);
    expect(page.body).to.contain('Retried as').and.not.contain(`action="/admin/tasks/test_run/${failedId}/retry"`);
    const retried = await admin.post(`/admin/tasks/test_run/${failedId}/retry`, { _csrf: admin.csrf(page.body) });
    const next = location(retried);
    expect(next).to.match(/^\/admin\/tasks\/test_run\/\d+$/);
    expect((await admin.get(next)).body).to.contain('was already retried as');
  });

  it("the retry form refuses a missing or wrong form token; a vendor's session never opens the monitor", async () => {
    const admin = await signedInAdmin(app);
    await admin.get('/admin/tasks');
    for (const csrf of [undefined, 'x'.repeat(43)]) {
      expect((await admin.post(`/admin/tasks/test_run/${failedId}/retry`, csrf ? { _csrf: csrf } : {})).status).to.equal(403);
    }
    const v = await createVendorWithOwner(app);
    const member = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword);
    expect(location(await member.get(`/admin/tasks/test_run/${failedId}`))).to.match(/^\/admin\/login/);
  });
});
