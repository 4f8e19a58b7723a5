import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { eventually } from '../../support/eventually.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { FIXTURE_VIOLATIONS, scanFixtureCopy, scanToTheEnd } from '../../support/codeQuality.ts';
import { listNotifications } from '../../support/notifications.ts';
import { notifyAdminsOfOverdueViolations } from '../../../src/processes/notifyAdminsOnOverdueViolations.ts';

async function violations(app: TestApp, token: string, query = ''): Promise<any[]> {
  const res = await app.call('GET', `/api/v1/admin/code-quality/violations?limit=100${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.items;
}
const byRule = (items: any[], rule: string) => items.find((v) => v.rule_id === rule);

describe("code-quality scans: the fixture tree's violations, found, fixed and steered", function () {
  this.timeout(240_000);
  let app: TestApp;
  let token: string;
  let tree: string;
  let first: any;

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
    tree = scanFixtureCopy(app);
    first = await scanToTheEnd(app, token);
  });

  it("a scan runs in the background and finds exactly the fixture's violations, with rule, severity, file and line", async () => {
    expect(first.status, first.error_message).to.equal('completed');
    expect(first).to.include({
      files: 10,
      found: FIXTURE_VIOLATIONS.length,
      new_violations: FIXTURE_VIOLATIONS.length,
      fixed: 0,
      new_errors: 5,
    });
    expect(first.started_at).to.be.a('string');
    expect(first.completed_at).to.be.a('string');
    const items = await violations(app, token, '&present=true');
    expect(items.map((v) => [v.rule_id, v.file_path]).sort()).to.deep.equal(FIXTURE_VIOLATIONS.map((x) => [...x]).sort());
    expect(byRule(items, 'routes-never-build-error-bodies')).to.include({ severity: 'error', line: 5, status: 'open' });
    expect(byRule(items, 'oversized-file')).to.include({ severity: 'warning' });
    expect(byRule(items, 'queries-never-import-commands')).to.include({ target: 'commands/shop/decide.ts' });
    const history = await app.call('GET', '/api/v1/admin/code-quality/scans', { token });
    expect(history.body.items[0]).to.include({ id: first.id, status: 'completed' });
    const dashboard = await app.call('GET', '/api/v1/admin/dashboard', { token });
    expect(dashboard.body.violations, 'the admin dashboard counts the open violations').to.deep.include({
      open: FIXTURE_VIOLATIONS.length,
    });
    expect(dashboard.body.violations.by_severity.error).to.equal(5);
  });

  it('new error violations notify the admins once per scan', async () => {
    const notes = await listNotifications(app, token, 'kind=code_quality_new_errors');
    expect(notes.filter((n) => n.data.scan_id === first.id)).to.have.length(1);
  });

  it('the workflow: assign records assignee, priority and due date; resolve from open is refused naming the state; comments any time', async () => {
    const v = byRule(await violations(app, token), 'no-orphans');
    const refused = await app.call('POST', `/api/v1/admin/code-quality/violations/${v.id}/resolve`, { token, body: {} });
    expect(refused.status).to.equal(409);
    expect(refused.body.detail).to.match(/'open'/);
    const assigned = await app.call('POST', `/api/v1/admin/code-quality/violations/${v.id}/assign`, {
      token,
      body: { assignee: 'ada', priority: 'high', due_date: '2026-12-01' },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).to.equal(200);
    expect(assigned.body).to.include({ status: 'assigned', assignee: 'ada', priority: 'high', due_date: '2026-12-01' });
    const commented = await app.call('POST', `/api/v1/admin/code-quality/violations/${v.id}/comments`, {
      token,
      body: { text: 'delete it' },
    });
    expect(commented.body.comments.map((c: any) => c.text)).to.deep.equal(['delete it']);
    const ignored = await app.call('POST', `/api/v1/admin/code-quality/violations/${v.id}/ignore`, {
      token,
      body: { reason: 'kept for the plug-in API' },
    });
    expect(ignored.body).to.include({ status: 'ignored', resolution: 'kept for the plug-in API' });
    const again = await app.call('POST', `/api/v1/admin/code-quality/violations/${v.id}/resolve`, { token, body: {} });
    expect(again.status).to.equal(409);
    expect(again.body.detail).to.match(/'ignored'/);
    const history = await app.call('GET', `/api/v1/admin/events/streams/violation-${v.id}`, { token });
    expect(history.body.items.map((e: any) => e.type)).to.deep.equal([
      'ViolationFound',
      'ViolationAssigned',
      'ViolationCommented',
      'ViolationIgnored',
    ]);
    expect(history.body.items[1].user_id).to.equal((await app.call('GET', '/api/v1/admin/auth/me', { token })).body.id);
  });

  it("a rescan after one violation is fixed marks it fixed by that scan and keeps the others' workflow", async () => {
    const before = await violations(app, token);
    const cycle = byRule(before, 'no-circular');
    const query = byRule(before, 'queries-never-import-commands');
    await app.call('POST', `/api/v1/admin/code-quality/violations/${query.id}/assign`, {
      token,
      body: { assignee: 'grace', priority: 'critical' },
    });
    writeFileSync(join(tree, 'src/core/b.ts'), 'export const b = (): number => 0;\n');
    const second = await scanToTheEnd(app, token);
    expect(second).to.include({ status: 'completed', found: FIXTURE_VIOLATIONS.length - 1, new_violations: 0, fixed: 1, new_errors: 0 });
    const after = await violations(app, token);
    expect(byRule(after, 'no-circular')).to.include({ id: cycle.id, present: false, fixed_by_scan: second.id, status: 'open' });
    expect(byRule(after, 'queries-never-import-commands')).to.include({
      id: query.id,
      present: true,
      status: 'assigned',
      assignee: 'grace',
      fixed_by_scan: null,
    });
    expect(byRule(after, 'no-orphans')).to.include({ status: 'ignored' });
    const notes = await listNotifications(app, token, 'kind=code_quality_new_errors');
    expect(notes.filter((n) => n.data.scan_id === second.id)).to.have.length(0);
    const stats = await app.call('GET', '/api/v1/admin/code-quality/stats', { token });
    expect(stats.status).to.equal(200);
    expect(stats.body).to.include({ total: FIXTURE_VIOLATIONS.length - 1, fixed: 1 });
    expect(stats.body.by_severity).to.deep.equal({ error: 4, warning: 2, info: 0 });
    expect(stats.body.trend.slice(-2).map((t: any) => t.scan_id)).to.deep.equal([first.id, second.id]);
  });

  it('a violation past its due date is flagged in the list and notified once', async () => {
    const v = byRule(await violations(app, token), 'oversized-file');
    const yesterday = new Date(app.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    await app.call('POST', `/api/v1/admin/code-quality/violations/${v.id}/assign`, {
      token,
      body: { assignee: 'linus', due_date: yesterday },
    });
    const flagged = await violations(app, token, '&overdue=true');
    expect(flagged.map((x) => x.id)).to.include(v.id);
    expect(flagged.every((x) => x.overdue)).to.equal(true);
    await notifyAdminsOfOverdueViolations(app.services);
    await notifyAdminsOfOverdueViolations(app.services);
    // The notifications list is a projection: read until it holds the notice (it may lag the task by a moment).
    const overdueNotes = async () =>
      (await listNotifications(app, token, 'kind=code_quality_violation_overdue')).filter((n) => n.data.violation_id === v.id);
    await eventually(async () => (await overdueNotes()).length > 0, 'the overdue notice').catch(() => undefined);
    expect(await overdueNotes()).to.have.length(1);
  });

  it('filters by severity, status, rule id and file path, and pages', async () => {
    expect((await violations(app, token, '&severity=warning')).every((v) => v.severity === 'warning')).to.equal(true);
    expect((await violations(app, token, '&status=assigned')).every((v) => v.status === 'assigned')).to.equal(true);
    expect((await violations(app, token, '&rule_id=oversized-file')).map((v) => v.file_path)).to.deep.equal(['src/big.ts']);
    expect((await violations(app, token, '&file_path=shop')).every((v) => v.file_path.includes('shop'))).to.equal(true);
    const page = await app.call('GET', '/api/v1/admin/code-quality/violations?limit=2&page=2', { token });
    expect(page.body).to.include({ page: 2, limit: 2 });
    expect(page.body.items).to.have.length(2);
    const missing = await app.call('GET', '/api/v1/admin/code-quality/violations/999999', { token });
    expect(missing.status).to.equal(404);
  });
});
