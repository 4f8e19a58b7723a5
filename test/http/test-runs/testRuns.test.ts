import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';

/** Starts a run (or collect) and polls it until it ends. */
async function runToTheEnd(app: TestApp, token: string, path: string, body?: object): Promise<any> {
  const started = await app.call('POST', `/api/v1/admin/${path}`, { token, body });
  if (started.status !== 202) throw new Error(`${path}: ${started.status} ${JSON.stringify(started.body)}`);
  const id = started.body.job_ids[0];
  for (let i = 0; i < 600; i++) {
    const res = await app.call('GET', `/api/v1/admin/test-runs/${id}`, { token });
    if (!['pending', 'running'].includes(res.body.status)) return res.body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`run ${id} did not end`);
}

describe('test runs: a fixture suite run in the background, recorded, counted', function () {
  this.timeout(300_000);
  let app: TestApp;
  let token: string;
  let first: any;
  let dir: string;

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
    dir = mkdtempSync(join(tmpdir(), 'test-suite-'));
    // Without a flip flag another run of the fixture (the shared app's own) may have left behind.
    cpSync(resolve('test/fixtures/test-suite'), dir, { recursive: true, filter: (source) => !source.endsWith('.flip') });
    app.services.config.operations.testRoot = dir;
    first = await runToTheEnd(app, token, 'test-runs', {});
  });

  it("a run records its status, timings, counts and pass rate, and each test's result", async () => {
    expect(first, first.error_message).to.include({
      status: 'completed',
      kind: 'run',
      total: 6,
      passed: 3,
      failed: 2,
      pending: 1,
      pass_rate: 60,
    });
    expect(first.duration_ms).to.be.a('number');
    const results = await app.call('GET', `/api/v1/admin/test-runs/${first.id}/results?limit=100`, { token });
    const byTitle = Object.fromEntries(results.body.items.map((r: any) => [r.title, r]));
    expect(byTitle['math adds']).to.include({ status: 'passed', collection: 'core', file: 'test/core/math.spec.ts' });
    expect(byTitle['api refuses a wrong total']).to.include({ status: 'failed', collection: 'http' });
    expect(byTitle['api refuses a wrong total'].failure_message).to.match(/the total is wrong/);
    expect(byTitle['api is not written yet']).to.include({ status: 'pending' });
    const failed = await app.call('GET', `/api/v1/admin/test-runs/${first.id}/results?status=failed`, { token });
    expect(failed.body.items.map((r: any) => r.title).sort()).to.deep.equal(['api flips', 'api refuses a wrong total']);
  });

  it('one category runs alone; statistics show pass rate over time, per category, the slowest and the flaky tests', async () => {
    const unit = await runToTheEnd(app, token, 'test-runs', { category: 'unit' });
    expect(unit).to.include({ status: 'completed', category: 'unit', total: 2, passed: 2, failed: 0, pass_rate: 100 });
    const again = await runToTheEnd(app, token, 'test-runs', { collection: 'http' });
    expect(again).to.include({ status: 'completed', collection: 'http', passed: 2, failed: 1 });
    const stats = (await app.call('GET', '/api/v1/admin/test-runs/statistics', { token })).body;
    expect(stats.pass_rate_over_time.map((r: any) => r.run_id)).to.include.members([first.id, unit.id, again.id]);
    expect(stats.per_category.map((c: any) => c.category)).to.include.members(['unit', 'all']);
    expect(stats.slowest[0]).to.include({ title: 'api answers' });
    expect(stats.flaky.map((f: any) => f.title)).to.deep.equal(['api flips']);
    expect(stats.flaky[0]).to.include({ flips: 1, failures: 1 });
  });

  it("collect finds the suite's collections without running them", async () => {
    const collect = await runToTheEnd(app, token, 'test-runs/collect');
    expect(collect).to.include({ status: 'completed', kind: 'collect', passed: 0, failed: 0 });
    const collections = (await app.call('GET', '/api/v1/admin/test-runs/collections', { token })).body.items;
    expect(collections.map((c: any) => [c.name, c.category, c.files, c.tests])).to.deep.equal([
      ['core', 'unit', 1, 2],
      ['http', 'integration', 1, 4],
    ]);
  });

  it('one run at a time; a run is cancelled on request; a finished run cannot be cancelled', async () => {
    // A test that outlasts the requests below, so the run is still under way when they come, however slow the host.
    const waits = join(dir, 'test/core/waits.spec.ts');
    writeFileSync(
      waits,
      "it('waits to be cancelled', function () { this.timeout(0); return new Promise((r) => setTimeout(r, 120_000)); });\n",
    );
    try {
      const started = await app.call('POST', '/api/v1/admin/test-runs', { token, body: {} });
      expect(started.status).to.equal(202);
      const second = await app.call('POST', '/api/v1/admin/test-runs', { token, body: {} });
      expect(second.status).to.equal(409);
      expect(second.body.code).to.equal('TestRunInProgressException');
      const id = started.body.job_ids[0];
      const cancelled = await app.call('POST', `/api/v1/admin/test-runs/${id}/cancel`, { token });
      expect(cancelled.status, JSON.stringify(cancelled.body)).to.equal(200);
      expect(cancelled.body.status).to.equal('cancelled');
      const refused = await app.call('POST', `/api/v1/admin/test-runs/${first.id}/cancel`, { token });
      expect(refused.status).to.equal(409);
      expect(refused.body.detail).to.match(/'completed'/);
    } finally {
      rmSync(waits, { force: true });
    }
  });

  it('a run bounded in time is stopped and marked failed, never left running', async () => {
    await new Promise((r) => setTimeout(r, 1500));
    app.services.config.operations.testRunTimeoutMs = 50;
    try {
      const run = await runToTheEnd(app, token, 'test-runs', {});
      expect(run.status).to.equal('failed');
      expect(run.error_message).to.match(/longer than/);
    } finally {
      app.services.config.operations.testRunTimeoutMs = 30 * 60_000;
    }
  });

  it('a deployment without the suite says so: the suite status and a 503 problem body', async () => {
    const saved = app.services.config.operations.testRoot;
    app.services.config.operations.testRoot = join(tmpdir(), 'no-such-suite');
    try {
      const status = (await app.call('GET', '/api/v1/admin/test-runs/suite', { token })).body;
      expect(status).to.include({ available: false, files: 0 });
      expect(status.reason).to.match(/no test files/);
      const refused = await app.call('POST', '/api/v1/admin/test-runs', { token, body: {} });
      expect(refused.status).to.equal(503);
      expect(refused.body.code).to.equal('TestSuiteUnavailableException');
    } finally {
      app.services.config.operations.testRoot = saved;
    }
  });
});
