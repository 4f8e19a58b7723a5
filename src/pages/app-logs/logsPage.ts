import type Router from '@koa/router';
import type { Context } from 'koa';
import { LOG_LEVELS, listApplicationLogs, type LogFilter, type LogLevelName } from '../../../queries/app-logs/listApplicationLogs.ts';
import { Api } from '../../http/api.ts';
import { logTime } from '../../runtime/logTap.ts';
import type { Services } from '../../runtime/services.ts';
import { card, dataTable, filters, formatDateTime, formatNumber, pager, pill, type Tone } from '../backOffice/components.ts';
import { pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { BackOfficeContribution } from '../backOffice/registry.ts';
import { html } from '../html.ts';
import { lt } from './texts.ts';
import { HTML, pageNumber } from '../pageRoutes.ts';

const SEE_OTHER = { description: 'The sign-in page for a visitor without a session (Location)' };
const PAGE_SIZE = 50;
const TONE: Record<string, Tone> = { fatal: 'bad', error: 'bad', warn: 'warn', info: 'info' };

export const appLogsBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'admin',
      key: 'logs',
      href: '/admin/logs',
      section: 'operations',
      icon: 'list',
      order: 20,
      label: { en: 'Logs', fr: 'Journaux', de: 'Protokolle', lb: 'Protokoller' },
    },
  ],
};

/** The API's filters from the query, leniently: a value the page does not take is no filter (never a 500). */
function filterOf(ctx: Context): LogFilter {
  const text = (name: string, pattern: RegExp) =>
    typeof ctx.query[name] === 'string' && pattern.test(ctx.query[name] as string) ? (ctx.query[name] as string) : undefined;
  const day = (name: string, end: boolean) => {
    const v = text(name, /^\d{4}-\d{2}-\d{2}$/);
    return v && !Number.isNaN(Date.parse(v)) ? `${v}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : undefined;
  };
  const level = text('level', /^[a-z]+$/);
  return {
    level: level && level in LOG_LEVELS ? (level as LogLevelName) : undefined,
    from: day('from', false),
    to: day('to', true),
    search: typeof ctx.query.search === 'string' && ctx.query.search.length <= 200 ? ctx.query.search || undefined : undefined,
    request_id: text('request_id', /^[\w-]{1,64}$/),
    user_id: text('user_id', /^(customer:)?\d{1,10}$/),
  };
}

/** /admin/logs: the log store with the API's filters and pages. */
export function appLogsPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  api.get(
    '/admin/logs',
    {
      summary:
        'Back-office page: the application logs with the filters of the API (`level`, `from`, `to`, `search`, `request_id`, `user_id`, `page`)',
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const page = await listApplicationLogs(services.db.knex, filterOf(ctx), { page: pageNumber(ctx), limit: PAGE_SIZE }, logTime());
      const { retentionDays, maxRows } = services.config.logStore;
      const details = (data: Record<string, unknown>) => {
        const { method, path, status, ms, ...rest } = data as Record<string, any>;
        const head = method ? html`<code>${method} ${path}</code> → ${status} · ${ms} ms ` : '';
        const more =
          Object.keys(rest).length > 0
            ? html`<details><summary class="muted">${lt(l, 'details')}</summary><pre>${JSON.stringify(rest, null, 2)}</pre></details>`
            : '';
        return html`${head}${more}`;
      };
      await renderBackOffice(ctx, services, viewer, {
        title: lt(l, 'title'),
        nav: 'logs',
        subtitle: lt(l, 'subtitle', { days: retentionDays, rows: formatNumber(maxRows, l) }),
        body: card(
          null,
          html`${filters(ctx, l, [
            {
              name: 'level',
              label: lt(l, 'level'),
              type: 'select',
              options: ['debug', 'info', 'warn', 'error', 'fatal'].map((v) => [v, `≥ ${v}`]),
            },
            { name: 'from', label: lt(l, 'from'), type: 'date' },
            { name: 'to', label: lt(l, 'to'), type: 'date' },
            { name: 'search', label: lt(l, 'search'), type: 'search', grow: true },
            { name: 'request_id', label: lt(l, 'request'), type: 'text' },
            { name: 'user_id', label: lt(l, 'user'), type: 'text' },
          ])}${dataTable(
            ctx,
            l,
            [
              { label: lt(l, 'time'), cell: (r) => html`<span class="nowrap">${formatDateTime(r.at, l)}</span>` },
              { label: lt(l, 'level'), cell: (r) => pill(r.level, TONE[r.level] ?? 'neutral') },
              { label: lt(l, 'message'), cell: (r) => html`<div>${r.msg}</div><div class="muted">${details(r.data)}</div>` },
              {
                label: lt(l, 'request'),
                cell: (r) =>
                  r.req_id ? html`<a href="/admin/logs?request_id=${r.req_id}"><code>${r.req_id.slice(0, 13)}</code></a>` : '—',
                narrowHide: true,
              },
              {
                label: lt(l, 'user'),
                cell: (r) => (r.user_id ? html`<a href="/admin/logs?user_id=${r.user_id}">${r.user_id}</a>` : '—'),
                narrowHide: true,
              },
              { label: lt(l, 'instance'), cell: (r) => html`<code class="muted">${r.instance}</code>`, narrowHide: true },
            ],
            page.items,
            { empty: html`<p class="muted">${lt(l, 'empty')}</p>` },
          )}${pager(ctx, l, page)}`,
          { flush: true },
        ),
      });
    },
  );
  return api.router;
}
