import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { signedIn, signedInAdmin } from '../../support/backOffice.ts';
import { visitor } from '../../support/storefront.ts';
import { createVendorWithOwner } from '../../support/tenancy.ts';

const location = (res: { headers: Record<string, unknown> }) => String(res.headers.location ?? '');
type Admin = Awaited<ReturnType<typeof signedInAdmin>>;

/** Follows a run's page (as its live part does) until the run no longer waits or runs. */
async function untilEnded(admin: Admin, id: number): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const page = await admin.get(`/admin/test-runs/${id}`);
    if (!/id="run-progress"[^>]*data-refresh="2000"/.test(page.body)) return page.body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`run ${id} did not end`);
}

/**
 * The test-run dashboard page: the run button starts the fixture suite (or one category) through
 * the API's command, the run's page shows its live progress until it ends and then its results
 * per test with the failure messages; the dashboard shows the pass rate, the failing and flaky
 * tests and the history; one run at a time and a deployment without its suite are said in words.
 */
describe('admin back office: test runs', function () {
  this.timeout(300_000);
  let app: TestApp;
  let admin: Admin;
  before(async function () {
    this.timeout(300_000);
    app = await testApp();
    const dir = mkdtempSync(join(tmpdir(), 'test-suite-'));
    cpSync(resolve('test/fixtures/test-suite'), dir, { recursive: true, filter: (source) => !source.endsWith('.flip') });
    app.services.config.operations.testRoot = dir;
    admin = await signedInAdmin(app);
  });

  it('the run button runs the suite in the background; the run page follows it to its results with the failure messages', async () => {
    const dashboard = await admin.get('/admin/test-runs');
    expect(dashboard.status).to.equal(200);
    expect(dashboard.body).to.contain('name="collection"').and.contain('<code>core</code>');
    const started = await admin.post('/admin/test-runs', { _csrf: admin.csrf(dashboard.body), category: '', collection: '' });
    expect(location(started)).to.equal('/admin/test-runs');
    const notice = (await admin.get('/admin/test-runs')).body;
    const id = Number(/Test run (\d+) started/.exec(notice)![1]);
    const ended = await untilEnded(admin, id);
    expect(ended)
      .to.contain('Run ' + id + ' completed')
      .and.contain('api refuses a wrong total')
      .and.contain('the total is wrong');
    const failedOnly = await admin.get(`/admin/test-runs/${id}?status=failed`);
    expect(failedOnly.body).to.contain('api refuses a wrong total').and.not.contain('math adds');
    const after = await admin.get('/admin/test-runs');
    expect(after.body).to.contain(`href="/admin/test-runs/${id}"`).and.contain('60 %').and.contain('api refuses a wrong total');
    const api = await app.call('GET', `/api/v1/admin/test-runs/${id}`, { token: await app.adminToken() });
    expect(api.body).to.include({ status: 'completed', total: 6, passed: 3, failed: 2 });
  });

  it('one run at a time: a second start is refused in words while the first runs, which the cancel button stops', async () => {
    const page = await admin.get('/admin/test-runs');
    const csrf = admin.csrf(page.body);
    await admin.post('/admin/test-runs', { _csrf: csrf, category: 'integration' });
    await admin.post('/admin/test-runs', { _csrf: csrf, category: 'unit' });
    const refusal = /Test run (\d+) is (pending|running): one run at a time/.exec((await admin.get('/admin/test-runs')).body);
    expect(refusal, 'the second start is refused in words').to.not.equal(null);
    const id = Number(refusal![1]);
    const cancel = await admin.post(`/admin/test-runs/${id}/cancel`, { _csrf: csrf });
    expect(location(cancel)).to.equal(`/admin/test-runs/${id}`);
    const run = await app.call('GET', `/api/v1/admin/test-runs/${id}`, { token: await app.adminToken() });
    expect(run.body.status).to.be.oneOf(['cancelled', 'completed']);
    await untilEnded(admin, id);
  });

  it('a deployment without its test suite says so on the dashboard and refuses a run in words', async () => {
    const kept = app.services.config.operations.testRoot;
    app.services.config.operations.testRoot = join(tmpdir(), 'no-such-suite-here');
    try {
      const page = await admin.get('/admin/test-runs');
      expect(page.body).to.contain('id="suite-unavailable"').and.not.contain('method="post" action="/admin/test-runs"');
      await admin.post('/admin/test-runs', { _csrf: admin.csrf(page.body) });
      expect((await admin.get('/admin/test-runs')).body).to.contain('This deployment cannot run its test suite');
    } finally {
      app.services.config.operations.testRoot = kept;
    }
  });

  it("the forms refuse a missing or wrong form token and start nothing; a vendor's session never opens the pages", async () => {
    const before = (await app.call('GET', '/api/v1/admin/test-runs', { token: await app.adminToken() })).body.total;
    for (const path of ['/admin/test-runs', '/admin/test-runs/collect', '/admin/test-runs/1/cancel']) {
      for (const token of [undefined, 'x'.repeat(43)]) {
        expect((await admin.post(path, token ? { _csrf: token } : {})).status, path).to.equal(403);
      }
    }
    expect((await app.call('GET', '/api/v1/admin/test-runs', { token: await app.adminToken() })).body.total).to.equal(before);
    const v = await createVendorWithOwner(app);
    const member = await signedIn(app, 'vendor', v.ownerEmail, v.ownerPassword);
    expect(location(await member.get('/admin/test-runs'))).to.match(/^\/admin\/login/);
    expect(location(await visitor(app).get('/admin/test-runs/1'))).to.match(/^\/admin\/login/);
  });
});
