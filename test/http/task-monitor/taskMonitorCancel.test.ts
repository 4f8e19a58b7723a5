import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'chai';
import { Scheduler } from '../../../src/runtime/scheduler.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { signedInAdmin } from '../../support/backOffice.ts';
import { scanEndedOf } from '../../support/codeQuality.ts';

const cancel = (app: TestApp, token: string, type: string, id: string | number) =>
  app.call('POST', `/api/v1/admin/tasks/${type}/${id}/cancel`, { token });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls a task until it is in one of the states, and answers it. */
async function taskIn(app: TestApp, token: string, path: string, states: string[]): Promise<any> {
  for (let i = 0; i < 600; i++) {
    const res = await app.call('GET', path, { token });
    if (states.includes(res.body.status)) return res.body;
    await sleep(100);
  }
  throw new Error(`${path} never reached ${states.join(' or ')}`);
}

/** Waits until the application log holds a line with this text (an instance writes its lines every second). */
async function logLine(app: TestApp, token: string, text: string): Promise<any> {
  for (let i = 0; i < 300; i++) {
    const res = await app.call('GET', `/api/v1/admin/logs?search=${encodeURIComponent(text)}&limit=5`, { token });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const line = res.body.items.find((l: any) => l.msg === text);
    if (line) return line;
    await sleep(100);
  }
  throw new Error(`no log line "${text}"`);
}

/** A scan of its own: one started while another file's scan runs joins it, so that one is waited out first. */
async function ownScan(app: TestApp, token: string): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const started = await app.call('POST', '/api/v1/admin/code-quality/scan', { token });
    expect(started.status, JSON.stringify(started.body)).to.equal(202);
    if (!started.body.joined) return started.body.job_ids[0];
    await scanEndedOf(app, token, started.body.job_ids[0]);
  }
  throw new Error('every scan start joined a scan already under way');
}

/**
 * The task monitor cancels a waiting or running task whose work stops cleanly part-way: a
 * code-quality scan (its analyser runs in a child process, its findings are recorded only when it
 * completes) and a test run (its test process). The cancel is recorded on the task's own stream
 * with who and when; the worker of whichever instance runs it stops the child. An ended task, and
 * a kind of work that cannot stop part-way, are refused with 409 and the reason.
 */
describe('task monitor: cancel of a waiting or running task', function () {
  this.timeout(240_000);
  let app: TestApp;
  let token: string;

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
  });

  it('a running scan is cancelled through the API: its analyser stops, nothing it found is recorded, and the next scan starts at once', async () => {
    // The test app scans a small fixture tree; the analyser's start alone takes seconds, long enough to catch it running.
    const id = await ownScan(app, token);
    await taskIn(app, token, `/api/v1/admin/code-quality/scans/${id}`, ['running']);
    const cancelled = await cancel(app, token, 'code_quality_scan', id);
    expect(cancelled.status, JSON.stringify(cancelled.body)).to.equal(200);
    expect(cancelled.body).to.include({ id: `code_quality_scan:${id}`, status: 'cancelled', progress: 'Cancelled' });
    expect(cancelled.body.completed_at).to.be.a('string');

    // The worker stopped the analyser (it says so in the application log) rather than letting it
    // run to its end, and is free again: the next scan is not joined to the cancelled one, and runs.
    await logLine(app, token, `code-quality scan ${id} cancelled: its analyser was stopped`);
    const next = await app.call('POST', '/api/v1/admin/code-quality/scan', { token });
    expect(next.body.joined, JSON.stringify(next.body)).to.equal(false);
    await taskIn(app, token, `/api/v1/admin/code-quality/scans/${next.body.job_ids[0]}`, ['running']);
    expect((await cancel(app, token, 'code_quality_scan', next.body.job_ids[0])).body.status).to.equal('cancelled');

    await sleep(2000);
    const scan = (await app.call('GET', `/api/v1/admin/code-quality/scans/${id}`, { token })).body;
    expect(scan).to.include({ status: 'cancelled', found: null, new_violations: null });
    // The next scan's cancel can land while its findings are recorded (the cancel then stands, its
    // findings stay): what the cancelled scan itself found is never recorded.
    const listed = (await app.call('GET', '/api/v1/admin/code-quality/violations?limit=100', { token })).body;
    const foundSince = new Set(
      listed.items.map((v: { first_found_scan: number }) => v.first_found_scan).filter((scan: number) => scan >= id),
    );
    expect(
      [...foundSince].filter((scan) => scan !== next.body.job_ids[0]),
      'violations recorded by the cancelled scan',
    ).to.deep.equal([]);
    const history = await app.call('GET', `/api/v1/admin/events/streams/code_quality_scan-${id}?limit=100`, { token });
    expect(history.status, JSON.stringify(history.body)).to.equal(200);
    const last = history.body.items[history.body.items.length - 1];
    expect(last.type, JSON.stringify(last)).to.equal('CodeQualityScanCancelled');
  });

  it('refuses to cancel an ended task, naming its state, and a kind of work that does not stop part-way', async () => {
    const id = await ownScan(app, token);
    await cancel(app, token, 'code_quality_scan', id);
    const again = await cancel(app, token, 'code_quality_scan', id);
    expect(again.status).to.equal(409);
    expect(again.headers.get('content-type')).to.match(/application\/problem\+json/);
    expect(again.body.detail).to.equal(`Only a waiting or running task can be cancelled: code_quality_scan:${id} is cancelled`);

    const failing = {
      name: 'alwaysFailsForCancel',
      cron: '0 0 1 1 *',
      run: async () => {
        throw new Error('the task broke');
      },
    };
    const tick = new Date(Date.UTC(2020, 0, 1));
    await new Scheduler(app.services, [failing], app.services.logger).fire(failing, tick);
    const scheduled = await cancel(
      app,
      token,
      'scheduled_task',
      encodeURIComponent(`alwaysFailsForCancel@${tick.toISOString().replace('.000', '')}`),
    );
    expect(scheduled.status).to.equal(409);
    expect(scheduled.body.detail).to.equal(
      'A scheduled_task task cannot be cancelled from the monitor: its work does not stop cleanly part-way',
    );
    expect((await cancel(app, token, 'code_quality_scan', 999_999)).status).to.equal(404);
  });

  it("a test run is cancelled from the monitor page's button, which returns to the task, cancelled", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'test-suite-'));
    cpSync(resolve('test/fixtures/test-suite'), dir, { recursive: true, filter: (source) => !source.endsWith('.flip') });
    // A test that outlasts the page's round trips, so the run is still running when the button is
    // pressed however slow the host (a run that ended first would be refused, and its results would
    // count in the statistics other files read).
    writeFileSync(
      join(dir, 'test/core/waits.spec.ts'),
      "it('waits to be cancelled', function () { this.timeout(0); return new Promise((r) => setTimeout(r, 120_000)); });\n",
    );
    const keptRoot = app.services.config.operations.testRoot;
    app.services.config.operations.testRoot = dir;
    try {
      const started = await app.call('POST', '/api/v1/admin/test-runs', { token, body: {} });
      expect(started.status, JSON.stringify(started.body)).to.equal(202);
      const id = started.body.job_ids[0];
      const admin = await signedInAdmin(app);
      const list = await admin.get('/admin/tasks?type=test_run');
      expect(list.body).to.contain(`action="/admin/tasks/test_run/${id}/cancel"`);
      const page = await admin.get(`/admin/tasks/test_run/${id}`);
      expect(page.body).to.contain(`action="/admin/tasks/test_run/${id}/cancel"`);
      const posted = await admin.post(`/admin/tasks/test_run/${id}/cancel`, { _csrf: admin.csrf(page.body) });
      expect(posted.status).to.equal(303);
      expect(posted.headers.location).to.equal(`/admin/tasks/test_run/${id}`);
      const after = await admin.get(`/admin/tasks/test_run/${id}`);
      expect(after.body).to.contain(`Task test_run:${id} is cancelled.`).and.not.contain(`/admin/tasks/test_run/${id}/cancel"`);
      expect((await app.call('GET', `/api/v1/admin/test-runs/${id}`, { token })).body.status).to.equal('cancelled');
    } finally {
      app.services.config.operations.testRoot = keptRoot;
    }
  });
});
