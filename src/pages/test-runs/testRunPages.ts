import type Router from '@koa/router';
import type { Context } from 'koa';
import { TestRunNotFoundException } from '../../../commands/test-runs/errors.ts';
import type { TestCategory } from '../../../commands/test-runs/events.ts';
import { runTestRunCommand } from '../../../commands/test-runs/handlers.ts';
import { activeTestRun, getTestRun, listTestResults, listTestRuns, type TestRunOut } from '../../../queries/test-runs/listTestRuns.ts';
import { testRunStatistics } from '../../../queries/test-runs/testRunStatistics.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { Api } from '../../http/api.ts';
import { startTestRun, suiteCollections } from '../../http/admin/testRuns.ts';
import { IdParams } from '../../http/validation.ts';
import type { Services } from '../../runtime/services.ts';
import { testSuiteStatus } from '../../workers/test-runs/testRunWorker.ts';
import { lineChart } from '../backOffice/charts.ts';
import {
  card, dataTable, facts, filters, formatDateTime, pager, pill, postButton, postForm, progressBar, select, tiles, type Tone,
} from '../backOffice/components.ts';
import { act, formViewer, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { BackOfficeContribution } from '../backOffice/registry.ts';
import { field, seeOther } from '../forms.ts';
import { setFlash } from '../backOffice/flash.ts';
import { html, type Html } from '../html.ts';
import { HTML, SEE_OTHER, pageNumber } from '../pageRoutes.ts';
import { rt } from './texts.ts';

/** SPEC.md part 6 item 7: a running test run is polled every 2 seconds. */
const RUN_POLL_MS = 2000;
const CATEGORIES: TestCategory[] = ['unit', 'integration', 'performance'];
const RUN_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'];
export const RUN_TONE: Record<string, Tone> = { pending: 'neutral', running: 'info', completed: 'ok', failed: 'bad', cancelled: 'neutral' };
const RESULT_TONE: Record<string, Tone> = { passed: 'ok', failed: 'bad', pending: 'warn' };

export const testRunsBackOffice: BackOfficeContribution = {
  navigation: [{
    area: 'admin', key: 'test-runs', href: '/admin/test-runs', section: 'operations', icon: 'check', order: 45,
    label: { en: 'Test runs', fr: 'Exécutions de tests', de: 'Testläufe', lb: 'Testleef' },
  }],
};

const seconds = (ms: number | null) => (ms === null ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);
const percent = (rate: number | null) => (rate === null ? '—' : `${rate} %`);
const scope = (l: LanguageCode, r: TestRunOut) => (r.kind === 'collect' ? rt(l, 'collect') : r.collection ?? r.category ?? rt(l, 'all'));

/** The run's live part: a bar fetched again every 2 s while the run waits or runs, else the last run's outcome. */
export function runProgress(l: LanguageCode, run: TestRunOut | null | undefined): Html {
  if (!run) return html`<div id="run-progress"><p class="muted">${rt(l, 'never')}</p></div>`;
  const counts = rt(l, 'counts', { passed: run.passed ?? 0, failed: run.failed ?? 0, pending: run.pending ?? 0 });
  if (run.status === 'pending' || run.status === 'running') {
    return progressBar({
      id: 'run-progress', percent: null, refreshMs: RUN_POLL_MS, state: 'running',
      label: rt(l, run.status === 'pending' ? 'waiting' : 'running', { id: run.id }), detail: [run.progress_message, counts].filter(Boolean).join(' · '),
    });
  }
  const label = rt(l, run.status === 'completed' ? 'done' : run.status === 'cancelled' ? 'cancelled_run' : 'failed_run', { id: run.id });
  return progressBar({
    id: 'run-progress', percent: 100, state: run.status === 'completed' ? 'done' : 'failed', label,
    detail: run.status === 'failed' ? run.error_message ?? '' : `${counts} · ${percent(run.pass_rate)} · ${seconds(run.duration_ms)}`,
  });
}

function historyTable(ctx: Context, l: LanguageCode, runs: TestRunOut[]): Html {
  return dataTable(ctx, l, [
    { label: '#', cell: (r: TestRunOut) => html`<a href="/admin/test-runs/${r.id}">${r.id}</a>` },
    { label: rt(l, 'status'), cell: (r: TestRunOut) => pill(r.status, RUN_TONE[r.status]) },
    { label: rt(l, 'what'), cell: (r: TestRunOut) => scope(l, r) },
    { label: rt(l, 'pass_rate'), cell: (r: TestRunOut) => percent(r.pass_rate), num: true },
    { label: rt(l, 'counts', { passed: '✓', failed: '✗', pending: '…' }), cell: (r: TestRunOut) => `${r.passed ?? 0} / ${r.failed ?? 0} / ${r.pending ?? 0}`, num: true, narrowHide: true },
    { label: rt(l, 'duration'), cell: (r: TestRunOut) => seconds(r.duration_ms), num: true, narrowHide: true },
    { label: rt(l, 'requested'), cell: (r: TestRunOut) => formatDateTime(r.created_at, l) },
    { label: rt(l, 'error'), cell: (r: TestRunOut) => (r.error_message ? pill(r.error_message.slice(0, 80), 'bad') : ''), narrowHide: true },
  ], runs);
}

/**
 * The test-run dashboard (/admin/test-runs): whether this deployment can run its suite, the run
 * and collect buttons (one run at a time: the API's refusal in words), the running run's progress
 * fetched again every 2 s and its cancel button, the pass rate over time and per category, the
 * tests failing in the last run, the flaky and the slowest ones, and the history; a run's page
 * with its results per test and their failure messages.
 */
export function testRunPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;

  api.get('/admin/test-runs', {
    summary: 'Back-office page: the test-run dashboard (run button, live progress, statistics, failing and flaky tests, history with `status`)',
    responses: { 200: HTML, 303: SEE_OTHER },
  }, async (ctx) => {
    const viewer = await pageViewer(services, ctx, 'admin');
    if (!viewer) return;
    const l = viewer.language;
    const status = RUN_STATUSES.find((s) => s === ctx.query.status);
    const suite = testSuiteStatus(services);
    const collections = suite.available ? suiteCollections(services) : [];
    const [active, runs, stats, lastRun] = await Promise.all([
      activeTestRun(knex), listTestRuns(knex, { status }, { page: pageNumber(ctx), limit: 15 }), testRunStatistics(knex),
      listTestRuns(knex, { kind: 'run' }, { page: 1, limit: 1 }),
    ]);
    const last = lastRun.items[0];
    const lastCompleted = stats.pass_rate_over_time.at(-1);
    const failing = lastCompleted ? (await listTestResults(knex, lastCompleted.run_id, { status: 'failed' }, { page: 1, limit: 20 })).items : [];
    const runForm = suite.available ? postForm(ctx, '/admin/test-runs', html`<div class="form-grid">
${select(l, { label: rt(l, 'category'), name: 'category', value: '', options: [['', rt(l, 'all')], ...CATEGORIES.map((c): [string, string] => [c, c])] })}
${select(l, { label: rt(l, 'collection'), name: 'collection', value: '', options: [['', rt(l, 'all')], ...collections.map((c): [string, string] => [c.name, `${c.name} (${c.category}, ${c.files})`])] })}
</div><div class="form-actions"><button type="submit" class="primary">${rt(l, 'run')}</button></div>`)
      : html`<p class="problem" id="suite-unavailable">${rt(l, 'unavailable', { reason: suite.reason ?? '' })}</p>`;
    const body = html`<div class="grid cols-2">${card(rt(l, 'run'), html`${runProgress(l, active ?? last)}${runForm}`, {
      actions: active ? postButton(ctx, `/admin/test-runs/${active.id}/cancel`, rt(l, 'cancel'), { tone: 'danger' }) : undefined,
    })}
${card(rt(l, 'suite'), html`<p>${suite.available ? rt(l, 'suite_files', { files: suite.files, collections: collections.length }) : rt(l, 'unavailable', { reason: suite.reason ?? '' })}</p>
${suite.available ? dataTable(ctx, l, [
      { label: rt(l, 'collection'), cell: (c: (typeof collections)[number]) => html`<code>${c.name}</code>` },
      { label: rt(l, 'category'), cell: (c: (typeof collections)[number]) => c.category },
      { label: rt(l, 'file'), cell: (c: (typeof collections)[number]) => c.files, num: true },
    ], collections) : ''}`, { flush: false, actions: suite.available && !active ? postButton(ctx, '/admin/test-runs/collect', rt(l, 'collect'), { tone: 'small' }) : undefined })}</div>
${tiles([
      { label: rt(l, 'runs'), value: stats.runs },
      { label: rt(l, 'last_pass_rate'), value: percent(lastCompleted?.pass_rate ?? null), tone: lastCompleted && (lastCompleted.failed ?? 0) > 0 ? 'bad' : undefined },
      { label: rt(l, 'failing'), value: failing.length, tone: failing.length > 0 ? 'bad' : undefined },
      { label: rt(l, 'flaky'), value: stats.flaky.length, tone: stats.flaky.length > 0 ? 'warn' : undefined },
    ])}
${stats.pass_rate_over_time.length > 1 ? card(rt(l, 'over_time'), lineChart(rt(l, 'over_time'), stats.pass_rate_over_time.map((r) => `#${r.run_id}`), [
      { label: rt(l, 'pass_rate'), values: stats.pass_rate_over_time.map((r) => r.pass_rate ?? 0) },
    ])) : ''}
<div class="grid cols-2">${card(rt(l, 'failing'), dataTable(ctx, l, [
      { label: rt(l, 'test'), cell: (t: (typeof failing)[number]) => html`<strong>${t.title}</strong><div class="muted"><code>${t.file}</code></div>` },
      { label: rt(l, 'message'), cell: (t: (typeof failing)[number]) => html`<span class="muted">${(t.failure_message ?? '').slice(0, 200)}</span>`, narrowHide: true },
    ], failing, { empty: html`<p class="muted">${rt(l, 'no_failures')}</p>` }), { flush: true })}
${card(rt(l, 'flaky'), html`<p class="hint">${rt(l, 'flaky_hint')}</p>${dataTable(ctx, l, [
      { label: rt(l, 'test'), cell: (f: (typeof stats.flaky)[number]) => html`<strong>${f.title}</strong> <span class="muted">${f.collection}</span>` },
      { label: rt(l, 'flips'), cell: (f: (typeof stats.flaky)[number]) => f.flips, num: true },
      { label: rt(l, 'failures'), cell: (f: (typeof stats.flaky)[number]) => `${f.failures} / ${f.runs}`, num: true },
    ], stats.flaky, { empty: html`<p class="muted">${rt(l, 'no_flaky')}</p>` })}`, { flush: true })}</div>
<div class="grid cols-2">${card(rt(l, 'per_category'), dataTable(ctx, l, [
      { label: rt(l, 'category'), cell: (c: (typeof stats.per_category)[number]) => c.category },
      { label: rt(l, 'ran'), cell: (c: (typeof stats.per_category)[number]) => c.ran, num: true },
      { label: rt(l, 'pass_rate'), cell: (c: (typeof stats.per_category)[number]) => percent(c.pass_rate), num: true },
    ], stats.per_category), { flush: true })}
${card(rt(l, 'slowest'), dataTable(ctx, l, [
      { label: rt(l, 'test'), cell: (s: (typeof stats.slowest)[number]) => html`${s.title} <span class="muted">${s.collection}</span>` },
      { label: rt(l, 'duration'), cell: (s: (typeof stats.slowest)[number]) => seconds(s.duration_ms), num: true },
      { label: rt(l, 'status'), cell: (s: (typeof stats.slowest)[number]) => pill(s.status, RESULT_TONE[s.status]) },
    ], stats.slowest), { flush: true })}</div>
${card(rt(l, 'history'), html`${filters(ctx, l, [
      { name: 'status', label: rt(l, 'status'), type: 'select', options: RUN_STATUSES.map((s) => [s, s]) },
    ])}${historyTable(ctx, l, runs.items)}${pager(ctx, l, runs)}`, { flush: true })}`;
    await renderBackOffice(ctx, services, viewer, { title: rt(l, 'title'), nav: 'test-runs', subtitle: rt(l, 'subtitle'), body });
  });

  api.get('/admin/test-runs/:id', {
    summary: 'Back-office page: one test run with its progress and its results per test (`status` filter, pages)', params: IdParams,
    responses: { 200: HTML, 303: SEE_OTHER, 404: HTML },
  }, async (ctx, { params }) => {
    const viewer = await pageViewer(services, ctx, 'admin');
    if (!viewer) return;
    const l = viewer.language;
    const run = await getTestRun(knex, params.id);
    if (!run) throw new TestRunNotFoundException(`Test run ${params.id} not found`);
    const status = ['passed', 'failed', 'pending'].find((s) => s === ctx.query.status);
    const results = await listTestResults(knex, run.id, { status }, { page: pageNumber(ctx), limit: 50 });
    const running = run.status === 'pending' || run.status === 'running';
    await renderBackOffice(ctx, services, viewer, {
      title: `${rt(l, 'title')} #${run.id}`, nav: 'test-runs', crumbs: [{ label: rt(l, 'title'), href: '/admin/test-runs' }],
      subtitle: html`${pill(run.status, RUN_TONE[run.status])} ${scope(l, run)}`,
      actions: running ? postButton(ctx, `/admin/test-runs/${run.id}/cancel`, rt(l, 'cancel'), { tone: 'danger' }) : undefined,
      body: html`<div class="grid cols-2">${card(rt(l, 'run'), runProgress(l, run))}${card(null, facts([
        [rt(l, 'kind'), run.kind], [rt(l, 'what'), scope(l, run)], [rt(l, 'total'), run.total], [rt(l, 'passed'), run.passed], [rt(l, 'failed'), run.failed],
        [rt(l, 'pending'), run.pending], [rt(l, 'pass_rate'), percent(run.pass_rate)], [rt(l, 'duration'), seconds(run.duration_ms)],
        [rt(l, 'requested'), formatDateTime(run.created_at, l)], [rt(l, 'completed'), run.completed_at ? formatDateTime(run.completed_at, l) : null],
        [rt(l, 'error'), run.error_message],
      ]))}</div>
${card(rt(l, 'results'), html`${filters(ctx, l, [
        { name: 'status', label: rt(l, 'status'), type: 'select', options: [['passed', rt(l, 'passed')], ['failed', rt(l, 'failed')], ['pending', rt(l, 'pending')]] },
      ])}${dataTable(ctx, l, [
        { label: '#', cell: (t: (typeof results.items)[number]) => t.seq, num: true },
        { label: rt(l, 'test'), cell: (t: (typeof results.items)[number]) => html`<strong>${t.title}</strong><div class="muted">${t.collection} · <code>${t.file}</code></div>` },
        { label: rt(l, 'status'), cell: (t: (typeof results.items)[number]) => pill(t.status, RESULT_TONE[t.status]) },
        { label: rt(l, 'duration'), cell: (t: (typeof results.items)[number]) => seconds(t.duration_ms), num: true, narrowHide: true },
        { label: rt(l, 'message'), cell: (t: (typeof results.items)[number]) => (t.failure_message ? html`<pre class="failure">${t.failure_message.slice(0, 2000)}</pre>` : ''), narrowHide: true },
      ], results.items)}${pager(ctx, l, results)}`, { flush: true })}`,
    });
  });

  /** A deployment without its suite: said on the dashboard (the API's 503 is no refusal of a rule, so `act` would not say it). */
  const suiteMissing = (ctx: Context, l: LanguageCode): boolean => {
    const suite = testSuiteStatus(services);
    if (suite.available) return false;
    setFlash(ctx, 'error', rt(l, 'unavailable', { reason: suite.reason ?? '' }));
    seeOther(ctx, '/admin/test-runs');
    return true;
  };

  api.post('/admin/test-runs', {
    summary: 'Back-office form: run the suite, one `category` or one `collection` in the background, then back to the dashboard',
    responses: { 303: SEE_OTHER, 403: HTML },
  }, async (ctx) => {
    const viewer = await formViewer(services, ctx, 'admin');
    if (!viewer) return;
    if (suiteMissing(ctx, viewer.language)) return;
    await act(ctx, '/admin/test-runs', async () => {
      const category = CATEGORIES.find((c) => c === field(ctx, 'category')) ?? null;
      const collection = /^[A-Za-z0-9_.-]{1,100}$/.test(field(ctx, 'collection')) ? field(ctx, 'collection') : null;
      const id = await startTestRun(services, { kind: 'run', category, collection }, viewer.userId, viewer.context);
      return rt(viewer.language, 'started', { id });
    });
  });

  api.post('/admin/test-runs/collect', {
    summary: 'Back-office form: collect the suite\'s collections in the background, then back to the dashboard', responses: { 303: SEE_OTHER, 403: HTML },
  }, async (ctx) => {
    const viewer = await formViewer(services, ctx, 'admin');
    if (!viewer) return;
    if (suiteMissing(ctx, viewer.language)) return;
    await act(ctx, '/admin/test-runs', async () => {
      const id = await startTestRun(services, { kind: 'collect', category: null, collection: null }, viewer.userId, viewer.context);
      return rt(viewer.language, 'started', { id });
    });
  });

  api.post('/admin/test-runs/:id/cancel', {
    summary: 'Back-office form: cancel a waiting or running test run, then back to it', params: IdParams, responses: { 303: SEE_OTHER, 403: HTML },
  }, async (ctx, { params }) => {
    const viewer = await formViewer(services, ctx, 'admin');
    if (!viewer) return;
    await act(ctx, `/admin/test-runs/${params.id}`, async () => {
      if (!(await getTestRun(knex, params.id))) throw new TestRunNotFoundException(`Test run ${params.id} not found`);
      await services.settle([await runTestRunCommand(services.store, params.id, {
        type: 'CancelTestRun', data: { run_id: params.id, by: viewer.userId, at: services.clock.now().toISOString() },
      }, viewer.context)]);
      return rt(viewer.language, 'cancelled', { id: params.id });
    });
  });

  return api.router;
}
