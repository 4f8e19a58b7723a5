import type { Context } from 'koa';
import type { Static, TSchema } from '@sinclair/typebox';
import type Router from '@koa/router';
import { ViolationNotFoundException } from '../../../commands/code-quality/errors.ts';
import { runViolationCommand } from '../../../commands/code-quality/handlers.ts';
import type { ViolationCommand } from '../../../commands/code-quality/violation.ts';
import { getViolation, type ViolationOut } from '../../../queries/code-quality/listViolations.ts';
import {
  AssignViolationRequest,
  CommentOnViolationRequest,
  IgnoreViolationRequest,
  ResolveViolationRequest,
} from '../../http/schemas/codeQuality.ts';
import { Api } from '../../http/api.ts';
import { IdParams, validBody } from '../../http/validation.ts';
import { recordHistory } from '../../modules/history.ts';
import type { Services } from '../../runtime/services.ts';
import { card, facts, formatDateTime, input, pill, postForm, select, textarea, timeline } from '../backOffice/components.ts';
import { act, formViewer, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { formBody } from '../forms.ts';
import { html } from '../html.ts';
import { HTML, SEE_OTHER, SEVERITY_TONE, STATUS_TONE } from './codeQualityPage.ts';
import { qt } from './texts.ts';

/** The page's forms: the API's own request schemas, blank fields left out. */
const formOf = (ctx: Context) => Object.fromEntries(Object.entries(formBody(ctx)).filter(([k, v]) => k !== '_csrf' && v !== ''));

/**
 * /admin/code-quality/violations/{id}: a violation, its workflow forms (assign, resolve,
 * ignore, comment: the same command handlers as the API) and its history as the auditor sees it.
 */
export function violationPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;
  const today = () => services.clock.now().toISOString().slice(0, 10);

  api.get(
    '/admin/code-quality/violations/:id',
    {
      summary: 'Back-office page: a violation with its workflow, comments and history',
      params: IdParams,
      responses: { 200: HTML, 303: SEE_OTHER, 404: HTML },
    },
    async (ctx, { params }) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const v = await getViolation(knex, params.id, today());
      if (!v) throw new ViolationNotFoundException(`Violation ${params.id} not found`);
      const action = (path: string) => `/admin/code-quality/violations/${v.id}/${path}`;
      const workflow = html`<div class="stacked-forms">${postForm(
        ctx,
        action('assign'),
        html`<div class="form-grid">${input(l, { label: qt(l, 'assignee'), name: 'assignee', value: v.assignee ?? '', required: true })}
${select(l, {
  label: qt(l, 'priority'),
  name: 'priority',
  value: v.priority ?? 'medium',
  options: [
    ['low', 'low'],
    ['medium', 'medium'],
    ['high', 'high'],
    ['critical', 'critical'],
  ],
})}
${input(l, { label: qt(l, 'due'), name: 'due_date', type: 'date', value: v.due_date ?? '' })}</div><div class="form-actions"><button type="submit" class="primary">${qt(l, 'assign')}</button></div>`,
      )}
${
  v.status === 'assigned'
    ? html`${postForm(ctx, action('resolve'), html`${input(l, { label: qt(l, 'note'), name: 'note' })}<div class="form-actions"><button type="submit">${qt(l, 'resolve')}</button></div>`)}
${postForm(ctx, action('ignore'), html`${input(l, { label: qt(l, 'reason'), name: 'reason', required: true })}<div class="form-actions"><button type="submit">${qt(l, 'ignore')}</button></div>`)}`
    : ''
}</div>`;
      const comments = html`${v.comments.length === 0 ? html`<p class="muted">${qt(l, 'no_comments')}</p>` : timeline(v.comments.map((c: { text: string; by: string; at: string }) => ({ when: formatDateTime(c.at, l), title: c.text, detail: `#${c.by}` })))}
${postForm(ctx, action('comments'), html`${textarea(l, { label: qt(l, 'comment'), name: 'text', required: true })}<div class="form-actions"><button type="submit">${qt(l, 'add_comment')}</button></div>`)}`;
      await renderBackOffice(ctx, services, viewer, {
        title: `${v.rule_id} · #${v.id}`,
        nav: 'code-quality',
        crumbs: [{ label: qt(l, 'title'), href: '/admin/code-quality' }],
        subtitle: html`${pill(v.severity, SEVERITY_TONE[v.severity])} ${pill(v.status, STATUS_TONE[v.status])}${v.overdue ? html` ${pill(qt(l, 'overdue_flag'), 'bad')}` : ''}`,
        body: html`<div class="grid cols-2">${card(v.message, facts(details(l, v)))}${card(qt(l, 'workflow'), workflow)}</div>
${card(qt(l, 'comments'), comments)}
${await recordHistory(services, ctx, l, `violation-${v.id}`)}`,
      });
    },
  );

  const move = <S extends TSchema>(
    path: string,
    schema: S,
    done: 'assigned_ok' | 'resolved_ok' | 'ignored_ok' | 'commented_ok',
    command: (id: number, b: Static<S>, by: number, at: string) => ViolationCommand,
  ) => {
    api.post(
      `/admin/code-quality/violations/:id/${path}`,
      {
        summary: `Back-office form: ${path} a violation (the API's command), then back to it`,
        params: IdParams,
        responses: { 303: SEE_OTHER, 403: HTML },
      },
      async (ctx, { params }) => {
        const viewer = await formViewer(services, ctx, 'admin');
        if (!viewer) return;
        const back = `/admin/code-quality/violations/${params.id}`;
        await act(ctx, back, async () => {
          const body = validBody(schema, formOf(ctx));
          await services.settle([
            await runViolationCommand(
              services.store,
              params.id,
              command(params.id, body, viewer.userId, services.clock.now().toISOString()),
              viewer.context,
            ),
          ]);
          return qt(viewer.language, done);
        });
      },
    );
  };
  move('assign', AssignViolationRequest, 'assigned_ok', (id, b, by, at) => ({
    type: 'AssignViolation',
    data: { violation_id: id, assignee: b.assignee.trim(), priority: b.priority ?? 'medium', due_date: b.due_date ?? null, by, at },
  }));
  move('resolve', ResolveViolationRequest, 'resolved_ok', (id, b, by, at) => ({
    type: 'ResolveViolation',
    data: { violation_id: id, note: b.note?.trim() || null, by, at },
  }));
  move('ignore', IgnoreViolationRequest, 'ignored_ok', (id, b, by, at) => ({
    type: 'IgnoreViolation',
    data: { violation_id: id, reason: b.reason.trim(), by, at },
  }));
  move('comments', CommentOnViolationRequest, 'commented_ok', (id, b, by, at) => ({
    type: 'CommentOnViolation',
    data: { violation_id: id, text: b.text.trim(), by, at },
  }));
  return api.router;
}

function details(l: Parameters<typeof qt>[0], v: ViolationOut): [string, string | ReturnType<typeof html> | null][] {
  return [
    [qt(l, 'rule'), html`<code>${v.rule_id}</code>`],
    [qt(l, 'description'), v.description],
    [qt(l, 'file'), html`<code>${v.file_path}${v.line ? `:${v.line}` : ''}</code>`],
    // What the finding points at (an import's target), only for the rules that name one.
    ...(v.target ? [['→', html`<code>${v.target}</code>`] satisfies [string, ReturnType<typeof html>]] : []),
    [qt(l, 'assignee'), v.assignee],
    [qt(l, 'priority'), v.priority],
    [qt(l, 'due'), v.due_date],
    [qt(l, 'present'), v.present ? '✓' : qt(l, 'gone', { id: v.fixed_by_scan ?? '' })],
  ];
}
