/**
 * One test run's admin page (/admin/test-runs/:id): its progress and facts, its cancel button
 * while it waits or runs, and its results per test with their failure messages.
 */
import { TestRunNotFoundException } from '../../../commands/test-runs/errors.ts';
import { getTestRun, listTestResults } from '../../../queries/test-runs/listTestRuns.ts';
import type { Api } from '../../http/api.ts';
import { IdParams } from '../../http/validation.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, facts, filters, formatDateTime, pager, pill, postButton } from '../backOffice/components.ts';
import { pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { html } from '../html.ts';
import { HTML, SEE_OTHER, pageNumber } from '../pageRoutes.ts';
import { rt } from './texts.ts';
import { percent, RESULT_TONE, RUN_TONE, runProgress, scope, seconds } from './testRunViews.ts';

/** A run's page (GET /admin/test-runs/:id). */
export function testRunPage(api: Api, services: Services) {
  const knex = services.db.knex;

  api.get(
    '/admin/test-runs/:id',
    {
      summary: 'Back-office page: one test run with its progress and its results per test (`status` filter, pages)',
      params: IdParams,
      responses: { 200: HTML, 303: SEE_OTHER, 404: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const run = await getTestRun(knex, params.id);
      if (!run) throw new TestRunNotFoundException(`Test run ${params.id} not found`);
      const status = ['passed', 'failed', 'pending'].find((s) => s === ctx.query.status);
      const results = await listTestResults(knex, run.id, { status }, { page: pageNumber(ctx), limit: 50 });
      const running = run.status === 'pending' || run.status === 'running';
      await renderBackOffice(ctx, services, viewer, {
        title: `${rt(l, 'title')} #${run.id}`,
        nav: 'test-runs',
        crumbs: [{ label: rt(l, 'title'), href: '/admin/test-runs' }],
        subtitle: html`${pill(run.status, RUN_TONE[run.status])} ${scope(l, run)}`,
        actions: running ? postButton(ctx, `/admin/test-runs/${run.id}/cancel`, rt(l, 'cancel'), { tone: 'danger' }) : undefined,
        body: html`<div class="grid cols-2">${card(rt(l, 'run'), runProgress(l, run))}${card(
          null,
          facts([
            [rt(l, 'kind'), run.kind],
            [rt(l, 'what'), scope(l, run)],
            [rt(l, 'total'), run.total],
            [rt(l, 'passed'), run.passed],
            [rt(l, 'failed'), run.failed],
            [rt(l, 'pending'), run.pending],
            [rt(l, 'pass_rate'), percent(run.pass_rate)],
            [rt(l, 'duration'), seconds(run.duration_ms)],
            [rt(l, 'requested'), formatDateTime(run.created_at, l)],
            [rt(l, 'completed'), run.completed_at ? formatDateTime(run.completed_at, l) : null],
            [rt(l, 'error'), run.error_message],
          ]),
        )}</div>
${card(
  rt(l, 'results'),
  html`${filters(ctx, l, [
    {
      name: 'status',
      label: rt(l, 'status'),
      type: 'select',
      options: [
        ['passed', rt(l, 'passed')],
        ['failed', rt(l, 'failed')],
        ['pending', rt(l, 'pending')],
      ],
    },
  ])}${dataTable(
    ctx,
    l,
    [
      { label: '#', cell: (t: (typeof results.items)[number]) => t.seq, num: true },
      {
        label: rt(l, 'test'),
        cell: (t: (typeof results.items)[number]) =>
          html`<strong>${t.title}</strong><div class="muted">${t.collection} · <code>${t.file}</code></div>`,
      },
      { label: rt(l, 'status'), cell: (t: (typeof results.items)[number]) => pill(t.status, RESULT_TONE[t.status]) },
      { label: rt(l, 'duration'), cell: (t: (typeof results.items)[number]) => seconds(t.duration_ms), num: true, narrowHide: true },
      {
        label: rt(l, 'message'),
        cell: (t: (typeof results.items)[number]) =>
          t.failure_message ? html`<pre class="failure">${t.failure_message.slice(0, 2000)}</pre>` : '',
        narrowHide: true,
      },
    ],
    results.items,
  )}${pager(ctx, l, results)}`,
  { flush: true },
)}`,
      });
    },
  );
}
