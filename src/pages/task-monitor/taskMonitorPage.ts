import type Router from '@koa/router';
import type { Context } from 'koa';
import { listBackgroundTasks, type TaskOut } from '../../../queries/task-monitor/listBackgroundTasks.ts';
import { pageRequest } from '../../core/pagination.ts';
import { Api } from '../../http/api.ts';
import { cancelTask, cancellable, consumerLags, findTask, isActive, retryTask, taskSources } from '../../http/admin/taskMonitor.ts';
import { retryOf } from '../../../commands/task-monitor/handlers.ts';
import { registeredModules } from '../../modules/registry.ts';
import { Type } from '@sinclair/typebox';
import { seeOther } from '../forms.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, facts, filters, formatDateTime, pager, pill, postButton, type Tone } from '../backOffice/components.ts';
import { act, formViewer, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { BackOfficeContribution } from '../backOffice/registry.ts';
import { html } from '../html.ts';
import { HTML } from '../pageRoutes.ts';
import { T } from './texts.ts';

const SEE_OTHER = { description: 'The sign-in page for a visitor without a session (Location)' };
const TONE: Record<string, Tone> = {
  completed: 'ok',
  failed: 'bad',
  running: 'info',
  processing: 'info',
  pending: 'neutral',
  cancelled: 'neutral',
};
/** An error in a table cell: two wrapped lines at most, the whole text on hover and on the task's page (a pill would push the row's buttons off a 1280 px screen). */
const errorText = (error: string) => html`<span class="error-text" title="${error}">${error}</span>`;

export const taskMonitorBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'admin',
      key: 'task-monitor',
      href: '/admin/tasks',
      section: 'operations',
      icon: 'clock',
      order: 30,
      label: { en: 'Task monitor', fr: 'Moniteur des tâches', de: 'Aufgabenmonitor', lb: 'Aufgabemonitor' },
    },
  ],
};

/** Whether an area can start a task of this type again (its module's backgroundTaskRetry). */
const retryable = (type: string) => registeredModules().some((m) => m.backgroundTaskRetry?.canRetry(type));
const taskHref = (x: { type: string; task_id: string }) => `/admin/tasks/${encodeURIComponent(x.type)}/${encodeURIComponent(x.task_id)}`;
const TaskParams = Type.Object({ type: Type.String({ maxLength: 60 }), task_id: Type.String({ maxLength: 200 }) });

const q = (ctx: Context, name: string) =>
  typeof ctx.query[name] === 'string' ? (ctx.query[name] as string).slice(0, 200) || undefined : undefined;
const seconds = (ms: number | null) => (ms === null ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** The task's button: retry a failed one, cancel one that waits or runs, where its area can. */
function actionFor(ctx: Context, t: (typeof T)[keyof typeof T], task: TaskOut, place: 'row' | 'page') {
  if (task.status === 'failed' && retryable(task.type))
    return postButton(ctx, `${taskHref(task)}/retry`, t.retry, { tone: place === 'row' ? 'small' : 'primary' });
  if (isActive(task.status) && cancellable(task.type))
    return postButton(ctx, `${taskHref(task)}/cancel`, t.cancel, { tone: place === 'row' ? 'small' : 'danger', confirm: t.cancel_confirm });
  return '';
}

/** /admin/tasks: the task monitor's list with its filters, and the consumers' lag; refreshes itself. */
export function taskMonitorPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  api.get(
    '/admin/tasks',
    {
      summary: 'Back-office page: every background task with filters, and the consumers with their lag, refreshing itself',
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const t = T[l];
      const [page, lags] = await Promise.all([
        listBackgroundTasks(
          services.db.knex,
          taskSources(services),
          { type: q(ctx, 'type'), status: q(ctx, 'status'), search: q(ctx, 'search') },
          pageRequest(ctx.query),
        ),
        consumerLags(services),
      ]);
      // A consumer behind or failing is what an operator looks for: shown at once; the whole list, all caught up as a rule, is folded.
      const behind = lags.filter((c) => c.lag > 0 || c.last_error);
      const lagTable = (rows: typeof lags) =>
        dataTable(
          ctx,
          l,
          [
            { label: t.consumers, cell: (c: (typeof lags)[number]) => html`<code>${c.name}</code> <span class="muted">${c.kind}</span>` },
            { label: t.lag, cell: (c: (typeof lags)[number]) => `${c.lag}${c.lag_capped ? '+' : ''}`, num: true },
            { label: t.error, cell: (c: (typeof lags)[number]) => (c.last_error ? errorText(c.last_error) : ''), narrowHide: true },
          ],
          rows,
        );
      const body = html`${card(
        t.tasks,
        html`${filters(ctx, l, [
          { name: 'type', label: t.type, type: 'text' },
          { name: 'status', label: t.status, type: 'select', options: Object.keys(TONE).map((v) => [v, v] as [string, string]) },
          { name: 'search', label: t.search, type: 'search', grow: true },
        ])}<div id="task-list" data-refresh="5000">${dataTable(
          ctx,
          l,
          [
            {
              label: t.type,
              cell: (x: TaskOut) =>
                html`<a href="${taskHref(x)}"><code>${x.type}</code></a> <span class="muted breakable">${x.task_id}</span>`,
            },
            { label: t.status, cell: (x: TaskOut) => pill(x.status, TONE[x.status] ?? 'neutral') },
            { label: t.progress, cell: (x: TaskOut) => html`<span class="breakable">${x.progress ?? ''}</span>`, narrowHide: true },
            { label: t.started, cell: (x: TaskOut) => formatDateTime(x.started_at ?? x.created_at, l) },
            { label: t.duration, cell: (x: TaskOut) => seconds(x.duration_ms), num: true, narrowHide: true },
            { label: t.error, cell: (x: TaskOut) => (x.error ? errorText(x.error) : ''), narrowHide: true },
            { label: '', cell: (x: TaskOut) => actionFor(ctx, t, x, 'row') },
          ],
          page.items,
        )}${pager(ctx, l, page)}</div>`,
        { flush: true },
      )}
${card(
  `${t.consumers} (${lags.length - behind.length}/${lags.length})`,
  html`${behind.length > 0 ? lagTable(behind) : ''}<details class="all-consumers"><summary>${t.all_consumers.replace('{n}', String(lags.length))}</summary>${lagTable(lags)}</details>`,
  { flush: true, id: 'consumer-lags', refreshMs: 5000 },
)}`;
      await renderBackOffice(ctx, services, viewer, { title: t.title, nav: 'task-monitor', subtitle: t.subtitle, body });
    },
  );

  api.get(
    '/admin/tasks/:type/:task_id',
    {
      summary:
        'Back-office page: one background task with its error, the job that retried it, the retry button of a failed one and the cancel button of a running one',
      params: TaskParams,
      responses: { 200: HTML, 303: SEE_OTHER, 404: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const t = T[l];
      const task = await findTask(services, params.type, params.task_id);
      const retry = await retryOf(services.store, task);
      const running = isActive(task.status);
      await renderBackOffice(ctx, services, viewer, {
        title: `${t.task} ${task.type}:${task.task_id}`,
        nav: 'task-monitor',
        crumbs: [{ label: t.title, href: '/admin/tasks' }],
        subtitle: pill(task.status, TONE[task.status] ?? 'neutral'),
        actions: retry ? undefined : actionFor(ctx, t, task, 'page') || undefined,
        body: card(
          null,
          html`<div id="task-detail"${running ? html` data-refresh="5000"` : ''}>${facts([
            [t.type, html`<code>${task.type}</code>`],
            [t.status, pill(task.status, TONE[task.status] ?? 'neutral')],
            [t.progress, task.progress],
            [t.created, formatDateTime(task.created_at, l)],
            [t.started, task.started_at ? formatDateTime(task.started_at, l) : null],
            [t.completed, task.completed_at ? formatDateTime(task.completed_at, l) : null],
            [t.duration, seconds(task.duration_ms)],
            [t.error, task.error ? html`<pre class="failure">${task.error}</pre>` : null],
            [t.retried_as, retry ? html`<a href="${taskHref(retry)}"><code>${retry.type}:${retry.task_id}</code></a>` : null],
          ])}${task.status === 'failed' && !retryable(task.type) ? html`<p class="muted">${t.not_retryable}</p>` : ''}</div>`,
        ),
      });
    },
  );

  api.post(
    '/admin/tasks/:type/:task_id/retry',
    {
      summary: "Back-office form: retry a failed task once (its area starts a new job like it), then to the new job's task",
      params: TaskParams,
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      const t = T[viewer.language];
      let next: string | undefined;
      await act(ctx, taskHref(params), async () => {
        const outcome = await retryTask(services, params.type, params.task_id, { context: viewer.context, name: viewer.userName });
        next = taskHref(outcome.retry);
        const names = { task: `${params.type}:${params.task_id}`, retry: `${outcome.retry.type}:${outcome.retry.task_id}` };
        return (outcome.already_retried ? t.retry_already : t.retry_started).replace(/\{(\w+)\}/g, (_m, k: 'task' | 'retry') => names[k]);
      });
      if (next) seeOther(ctx, next);
    },
  );
  api.post(
    '/admin/tasks/:type/:task_id/cancel',
    {
      summary: 'Back-office form: cancel a waiting or running task whose work stops cleanly part-way, then back to the task',
      params: TaskParams,
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      const t = T[viewer.language];
      await act(ctx, taskHref(params), async () => {
        await cancelTask(services, params.type, params.task_id, { context: viewer.context, name: viewer.userName });
        return t.cancelled.replace('{task}', `${params.type}:${params.task_id}`);
      });
    },
  );
  return api.router;
}
