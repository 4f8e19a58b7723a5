import { expect } from 'chai';
import { testApp, type TestApp } from '../../support/app.ts';
import { signedInAdmin } from '../../support/backOffice.ts';

describe("task monitor: every background task in one list, and the consumers' lag", function () {
  this.timeout(120_000);
  let app: TestApp;
  let token: string;
  let scanId: number;

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
    const started = await app.call('POST', '/api/v1/admin/code-quality/scan', { token });
    expect(started.status).to.equal(202);
    scanId = started.body.job_ids[0];
  });

  it('lists a scan with its type, status and times, filtered by type and found by its id', async () => {
    const list = await app.call('GET', '/api/v1/admin/tasks?type=code_quality_scan&limit=100', { token });
    expect(list.status, JSON.stringify(list.body)).to.equal(200);
    expect(list.body.items.map((t: any) => t.task_id)).to.include(String(scanId));
    expect(list.body.items.every((t: any) => t.type === 'code_quality_scan')).to.equal(true);
    const one = await app.call('GET', `/api/v1/admin/tasks/code_quality_scan/${scanId}`, { token });
    expect(one.body).to.include({ id: `code_quality_scan:${scanId}`, type: 'code_quality_scan' });
    expect(one.body.created_at).to.be.a('string');
    const missing = await app.call('GET', '/api/v1/admin/tasks/code_quality_scan/999999', { token });
    expect(missing.status).to.equal(404);
  });

  it('pages over every type, newest first, and lists the consumers with their lag', async () => {
    const page = await app.call('GET', '/api/v1/admin/tasks?limit=5', { token });
    expect(page.body).to.include({ page: 1, limit: 5 });
    const times = page.body.items.map((t: any) => t.created_at);
    expect([...times].sort().reverse()).to.deep.equal(times);
    const consumers = await app.call('GET', '/api/v1/admin/tasks/consumers', { token });
    const names = consumers.body.items.map((c: any) => c.name);
    expect(names).to.include.members(['code_quality_violations', 'test_runs', 'runCodeQualityScanOnRequested']);
    expect(consumers.body.items.every((c: any) => Number.isInteger(c.lag))).to.equal(true);
  });

  it('the page shows the list and the consumers to a signed-in admin', async () => {
    const admin = await signedInAdmin(app);
    const res = await admin.get('/admin/tasks?type=code_quality_scan');
    expect(res.status).to.equal(200);
    expect(res.body).to.include('code_quality_scan').and.to.include('id="task-list"').and.to.include('code_quality_violations');
  });
});
