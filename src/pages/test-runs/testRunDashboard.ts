/**
 * The test-run dashboard (/admin/test-runs): whether this deployment can run its suite, the run
 * and collect buttons, the running run's progress and its cancel button, the pass rate over time
 * and per category, the tests failing in the last run, the flaky and the slowest ones, and the
 * history of runs.
 */
import type { Context } from 'koa';
import { activeTestRun, listTestResults, listTestRuns, type TestRunOut } from '../../../queries/test-runs/listTestRuns.ts';
import { testRunStatistics } from '../../../queries/test-runs/testRunStatistics.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import type { Api } from '../../http/api.ts';
import { suiteCollections } from '../../http/admin/testRuns.ts';
import type { Services } from '../../runtime/services.ts';
import { testSuiteStatus } from '../../workers/test-runs/testRunWorker.ts';
import { lineChart } from '../backOffice/charts.ts';
import { card, dataTable, filters, formatDateTime, pager, pill, postButton, postForm, select, tiles } from '../backOffice/components.ts';
import { pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { html, type Html } from '../html.ts';
import { HTML, SEE_OTHER, pageNumber } from '../pageRoutes.ts';
import { rt } from './texts.ts';
import { CATEGORIES, percent, RESULT_TONE, RUN_STATUSES, RUN_TONE, runProgress, scope, seconds } from './testRunViews.ts';

function historyTable(ctx: Context, l: LanguageCode, runs: TestRunOut[]): Html {
  return dataTable(
    ctx,
    l,
    [
      { label: '#', cell: (r: TestRunOut) => html`<a href="/admin/test-runs/${r.id}">${r.id}</a>` },
      { label: rt(l, 'status'), cell: (r: TestRunOut) => pill(r.status, RUN_TONE[r.status]) },
      { label: rt(l, 'what'), cell: (r: TestRunOut) => scope(l, r) },
      { label: rt(l, 'pass_rate'), cell: (r: TestRunOut) => percent(r.pass_rate), num: true },
      {
        label: rt(l, 'counts', { passed: '✓', failed: '✗', pending: '…' }),
        cell: (r: TestRunOut) => `${r.passed ?? 0} / ${r.failed ?? 0} / ${r.pending ?? 0}`,
        num: true,
        narrowHide: true,
      },
      { label: rt(l, 'duration'), cell: (r: TestRunOut) => seconds(r.duration_ms), num: true, narrowHide: true },
      { label: rt(l, 'requested'), cell: (r: TestRunOut) => formatDateTime(r.created_at, l) },
      {
        label: rt(l, 'error'),
        cell: (r: TestRunOut) => (r.error_message ? pill(r.error_message.slice(0, 80), 'bad') : ''),
        narrowHide: true,
      },
    ],
    runs,
  );
}

/** The dashboard's page (GET /admin/test-runs). */
export function testRunDashboard(api: Api, services: Services) {
  const knex = services.db.knex;

  api.get(
    '/admin/test-runs',
    {
      summary:
        'Back-office page: the test-run dashboard (run button, live progress, statistics, failing and flaky tests, history with `status`)',
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const status = RUN_STATUSES.find((s) => s === ctx.query.status);
      const suite = testSuiteStatus(services);
      const collections = suite.available ? suiteCollections(services) : [];
      const [active, runs, stats, lastRun] = await Promise.all([
        activeTestRun(knex),
        listTestRuns(knex, { status }, { page: pageNumber(ctx), limit: 15 }),
        testRunStatistics(knex),
        listTestRuns(knex, { kind: 'run' }, { page: 1, limit: 1 }),
      ]);
      const last = lastRun.items[0];
      const lastCompleted = stats.pass_rate_over_time.at(-1);
      const failing = lastCompleted
        ? (await listTestResults(knex, lastCompleted.run_id, { status: 'failed' }, { page: 1, limit: 20 })).items
        : [];
      const runForm = suite.available
        ? postForm(
            ctx,
            '/admin/test-runs',
            html`<div class="form-grid">
${select(l, { label: rt(l, 'category'), name: 'category', value: '', options: [['', rt(l, 'all')], ...CATEGORIES.map((c): [string, string] => [c, c])] })}
${select(l, { label: rt(l, 'collection'), name: 'collection', value: '', options: [['', rt(l, 'all')], ...collections.map((c): [string, string] => [c.name, `${c.name} (${c.category}, ${c.files})`])] })}
</div><div class="form-actions"><button type="submit" class="primary">${rt(l, 'run')}</button></div>`,
          )
        : html`<p class="problem" id="suite-unavailable">${rt(l, 'unavailable', { reason: suite.reason ?? '' })}</p>`;
      const body = html`<div class="grid cols-2">${card(rt(l, 'run'), html`${runProgress(l, active ?? last)}${runForm}`, {
        actions: active ? postButton(ctx, `/admin/test-runs/${active.id}/cancel`, rt(l, 'cancel'), { tone: 'danger' }) : undefined,
      })}
${card(
  rt(l, 'suite'),
  html`<p>${suite.available ? rt(l, 'suite_files', { files: suite.files, collections: collections.length }) : rt(l, 'unavailable', { reason: suite.reason ?? '' })}</p>
${
  suite.available
    ? dataTable(
        ctx,
        l,
        [
          { label: rt(l, 'collection'), cell: (c: (typeof collections)[number]) => html`<code>${c.name}</code>` },
          { label: rt(l, 'category'), cell: (c: (typeof collections)[number]) => c.category },
          { label: rt(l, 'file'), cell: (c: (typeof collections)[number]) => c.files, num: true },
        ],
        collections,
      )
    : ''
}`,
  {
    flush: false,
    actions: suite.available && !active ? postButton(ctx, '/admin/test-runs/collect', rt(l, 'collect'), { tone: 'small' }) : undefined,
  },
)}</div>
${tiles([
  { label: rt(l, 'runs'), value: stats.runs },
  {
    label: rt(l, 'last_pass_rate'),
    value: percent(lastCompleted?.pass_rate ?? null),
    tone: lastCompleted && (lastCompleted.failed ?? 0) > 0 ? 'bad' : undefined,
  },
  { label: rt(l, 'failing'), value: failing.length, tone: failing.length > 0 ? 'bad' : undefined },
  { label: rt(l, 'flaky'), value: stats.flaky.length, tone: stats.flaky.length > 0 ? 'warn' : undefined },
])}
${
  stats.pass_rate_over_time.length > 1
    ? card(
        rt(l, 'over_time'),
        lineChart(
          rt(l, 'over_time'),
          stats.pass_rate_over_time.map((r) => `#${r.run_id}`),
          [{ label: rt(l, 'pass_rate'), values: stats.pass_rate_over_time.map((r) => r.pass_rate ?? 0) }],
        ),
      )
    : ''
}
<div class="grid cols-2">${card(
        rt(l, 'failing'),
        dataTable(
          ctx,
          l,
          [
            {
              label: rt(l, 'test'),
              cell: (t: (typeof failing)[number]) => html`<strong>${t.title}</strong><div class="muted"><code>${t.file}</code></div>`,
            },
            {
              label: rt(l, 'message'),
              cell: (t: (typeof failing)[number]) => html`<span class="muted">${(t.failure_message ?? '').slice(0, 200)}</span>`,
              narrowHide: true,
            },
          ],
          failing,
          { empty: html`<p class="muted">${rt(l, 'no_failures')}</p>` },
        ),
        { flush: true },
      )}
${card(
  rt(l, 'flaky'),
  html`<p class="hint">${rt(l, 'flaky_hint')}</p>${dataTable(
    ctx,
    l,
    [
      {
        label: rt(l, 'test'),
        cell: (f: (typeof stats.flaky)[number]) => html`<strong>${f.title}</strong> <span class="muted">${f.collection}</span>`,
      },
      { label: rt(l, 'flips'), cell: (f: (typeof stats.flaky)[number]) => f.flips, num: true },
      { label: rt(l, 'failures'), cell: (f: (typeof stats.flaky)[number]) => `${f.failures} / ${f.runs}`, num: true },
    ],
    stats.flaky,
    { empty: html`<p class="muted">${rt(l, 'no_flaky')}</p>` },
  )}`,
  { flush: true },
)}</div>
<div class="grid cols-2">${card(
        rt(l, 'per_category'),
        dataTable(
          ctx,
          l,
          [
            { label: rt(l, 'category'), cell: (c: (typeof stats.per_category)[number]) => c.category },
            { label: rt(l, 'ran'), cell: (c: (typeof stats.per_category)[number]) => c.ran, num: true },
            { label: rt(l, 'pass_rate'), cell: (c: (typeof stats.per_category)[number]) => percent(c.pass_rate), num: true },
          ],
          stats.per_category,
        ),
        { flush: true },
      )}
${card(
  rt(l, 'slowest'),
  dataTable(
    ctx,
    l,
    [
      { label: rt(l, 'test'), cell: (s: (typeof stats.slowest)[number]) => html`${s.title} <span class="muted">${s.collection}</span>` },
      { label: rt(l, 'duration'), cell: (s: (typeof stats.slowest)[number]) => seconds(s.duration_ms), num: true },
      { label: rt(l, 'status'), cell: (s: (typeof stats.slowest)[number]) => pill(s.status, RESULT_TONE[s.status]) },
    ],
    stats.slowest,
  ),
  { flush: true },
)}</div>
${card(
  rt(l, 'history'),
  html`${filters(ctx, l, [
    { name: 'status', label: rt(l, 'status'), type: 'select', options: RUN_STATUSES.map((s) => [s, s]) },
  ])}${historyTable(ctx, l, runs.items)}${pager(ctx, l, runs)}`,
  { flush: true },
)}`;
      await renderBackOffice(ctx, services, viewer, { title: rt(l, 'title'), nav: 'test-runs', subtitle: rt(l, 'subtitle'), body });
    },
  );
}
