import type Router from '@koa/router';
import type { Context } from 'koa';
import { codeQualityStats } from '../../../queries/code-quality/codeQualityStats.ts';
import { activeScan, listScans, type ScanOut } from '../../../queries/code-quality/listScans.ts';
import { listViolations, type ViolationOut } from '../../../queries/code-quality/listViolations.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { pageRequest } from '../../core/pagination.ts';
import { startScan } from '../../http/admin/codeQuality.ts';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import { lineChart } from '../backOffice/charts.ts';
import {
  card,
  dataTable,
  filters,
  formatDateTime,
  pager,
  pill,
  postButton,
  progressBar,
  tiles,
  type Tone,
} from '../backOffice/components.ts';
import { setFlash } from '../backOffice/flash.ts';
import { act, formViewer, pageViewer } from '../backOffice/guard.ts';
import { seeOther } from '../forms.ts';
import { scannerAvailable } from '../../workers/code-quality/scanWorker.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { BackOfficeContribution } from '../backOffice/registry.ts';
import { html, type Html } from '../html.ts';
import { qt } from './texts.ts';

export const HTML = { description: 'The HTML page (text/html)', contentType: 'text/html' };
export const SEE_OTHER = { description: 'The sign-in page for a visitor without a session, or the page after a form (Location)' };
/** SPEC.md part 6 item 7: a running scan is polled every 3 seconds. */
const SCAN_POLL_MS = 3000;

export const codeQualityBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'admin',
      key: 'code-quality',
      href: '/admin/code-quality',
      section: 'operations',
      icon: 'code',
      order: 40,
      label: { en: 'Code quality', fr: 'Qualité du code', de: 'Codequalität', lb: 'Codequalitéit' },
    },
  ],
};

export const SEVERITY_TONE: Record<string, Tone> = { error: 'bad', warning: 'warn', info: 'info' };
export const STATUS_TONE: Record<string, Tone> = { open: 'accent', assigned: 'info', resolved: 'ok', ignored: 'neutral' };
const SCAN_TONE: Record<string, Tone> = { pending: 'neutral', running: 'info', completed: 'ok', failed: 'bad' };
const text = (ctx: Context, name: string) => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string).slice(0, 500) : undefined);
const oneOf = (ctx: Context, name: string, values: string[]) => {
  const v = text(ctx, name);
  return v && values.includes(v) ? v : undefined;
};

/** The scan's live part: a progress bar while a scan waits or runs (fetched again every 3 s), else the last scan's outcome. */
function scanProgress(l: LanguageCode, active: ScanOut | null, last: ScanOut | undefined): Html {
  if (active) {
    return progressBar({
      id: 'scan-progress',
      percent: null,
      refreshMs: SCAN_POLL_MS,
      state: 'running',
      label: qt(l, active.status === 'pending' ? 'waiting' : 'scanning', { id: active.id }),
      detail: active.progress_message ?? '',
    });
  }
  if (!last) return html`<div id="scan-progress"><p class="muted">${qt(l, 'never')}</p></div>`;
  if (last.status === 'cancelled') {
    return progressBar({
      id: 'scan-progress',
      percent: 100,
      state: 'failed',
      label: qt(l, 'scan_cancelled', { id: last.id }),
      detail: qt(l, 'cancelled_detail'),
    });
  }
  const failed = last.status === 'failed';
  return progressBar({
    id: 'scan-progress',
    percent: 100,
    state: failed ? 'failed' : 'done',
    label: qt(l, failed ? 'scan_failed' : 'scan_done', { id: last.id }),
    detail: failed
      ? (last.error_message ?? '')
      : `${last.found ?? 0} ${qt(l, 'found').toLowerCase()} · ${last.new_violations ?? 0} ${qt(l, 'new').toLowerCase()} · ${last.fixed ?? 0} ${qt(l, 'fixed').toLowerCase()} · ${formatDateTime(last.completed_at, l)}`,
  });
}

export function violationColumns(l: LanguageCode) {
  return [
    { label: qt(l, 'severity'), cell: (v: ViolationOut) => pill(v.severity, SEVERITY_TONE[v.severity]) },
    {
      label: qt(l, 'rule'),
      cell: (v: ViolationOut) => html`<a href="/admin/code-quality/violations/${v.id}"><code>${v.rule_id}</code></a>`,
    },
    {
      label: qt(l, 'file'),
      cell: (v: ViolationOut) =>
        html`<code>${v.file_path}${v.line ? `:${v.line}` : ''}</code>${v.present ? '' : html` ${pill(qt(l, 'fixed'), 'ok')}`}`,
    },
    {
      label: qt(l, 'status'),
      cell: (v: ViolationOut) =>
        html`${pill(v.status, STATUS_TONE[v.status])}${v.overdue ? html` ${pill(qt(l, 'overdue_flag'), 'bad')}` : ''}`,
    },
    { label: qt(l, 'assignee'), cell: (v: ViolationOut) => v.assignee ?? '—', narrowHide: true },
    { label: qt(l, 'due'), cell: (v: ViolationOut) => v.due_date ?? '—', narrowHide: true },
  ];
}

/**
 * /admin/code-quality: the dashboard's figures, the scan button with the running scan's
 * progress (refreshed every 3 s by the frame, a reload without JavaScript), the trend, the
 * violations with the API's filters, and the scan history.
 */
export function codeQualityPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;
  const today = () => services.clock.now().toISOString().slice(0, 10);

  api.get(
    '/admin/code-quality',
    {
      summary: 'Back-office page: code-quality figures, the scan button and its live progress, violations with filters, scan history',
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const filter = {
        severity: oneOf(ctx, 'severity', ['error', 'warning', 'info']),
        status: oneOf(ctx, 'status', ['open', 'assigned', 'resolved', 'ignored']),
        rule_id: text(ctx, 'rule_id'),
        file_path: text(ctx, 'file_path'),
        present: ctx.query.fixed === '1' ? false : true,
      };
      const [stats, active, scans, page] = await Promise.all([
        codeQualityStats(knex, today()),
        activeScan(knex),
        listScans(knex, {}, { page: 1, limit: 8 }),
        listViolations(knex, filter, pageRequest(ctx.query), today()),
      ]);
      const body = html`${card(qt(l, 'last_scan'), scanProgress(l, active, scans.items[0]))}
${tiles([
  { label: qt(l, 'total'), value: stats.total },
  {
    label: qt(l, 'errors'),
    value: stats.by_severity.error,
    tone: stats.by_severity.error > 0 ? 'bad' : undefined,
    href: '/admin/code-quality?severity=error',
  },
  {
    label: qt(l, 'warnings'),
    value: stats.by_severity.warning,
    tone: stats.by_severity.warning > 0 ? 'warn' : undefined,
    href: '/admin/code-quality?severity=warning',
  },
  { label: qt(l, 'overdue'), value: stats.overdue, tone: stats.overdue > 0 ? 'bad' : undefined },
  { label: qt(l, 'fixed'), value: stats.fixed, href: '/admin/code-quality?fixed=1' },
])}
${
  stats.trend.length > 1
    ? card(
        qt(l, 'trend'),
        lineChart(
          qt(l, 'trend'),
          stats.trend.map((t) => `#${t.scan_id}`),
          [
            { label: qt(l, 'found'), values: stats.trend.map((t) => t.found) },
            { label: qt(l, 'fixed'), values: stats.trend.map((t) => t.fixed) },
          ],
        ),
      )
    : ''
}
${card(
  qt(l, 'violations'),
  html`${filters(ctx, l, [
    {
      name: 'severity',
      label: qt(l, 'severity'),
      type: 'select',
      options: [
        ['error', 'error'],
        ['warning', 'warning'],
        ['info', 'info'],
      ],
    },
    {
      name: 'status',
      label: qt(l, 'status'),
      type: 'select',
      options: [
        ['open', 'open'],
        ['assigned', 'assigned'],
        ['resolved', 'resolved'],
        ['ignored', 'ignored'],
      ],
    },
    { name: 'rule_id', label: qt(l, 'rule'), type: 'text' },
    { name: 'file_path', label: qt(l, 'file'), type: 'search', grow: true },
  ])}${dataTable(ctx, l, violationColumns(l), page.items)}${pager(ctx, l, page)}`,
  { flush: true },
)}
${card(
  qt(l, 'scans'),
  dataTable(
    ctx,
    l,
    [
      { label: '#', cell: (s: ScanOut) => s.id },
      { label: qt(l, 'status'), cell: (s: ScanOut) => pill(s.status, SCAN_TONE[s.status]) },
      { label: qt(l, 'started'), cell: (s: ScanOut) => formatDateTime(s.started_at ?? s.created_at, l) },
      { label: qt(l, 'found'), cell: (s: ScanOut) => s.found ?? '—', num: true },
      { label: qt(l, 'new'), cell: (s: ScanOut) => s.new_violations ?? '—', num: true, narrowHide: true },
      { label: qt(l, 'fixed'), cell: (s: ScanOut) => s.fixed ?? '—', num: true, narrowHide: true },
      { label: qt(l, 'message'), cell: (s: ScanOut) => s.error_message ?? s.progress_message ?? '', narrowHide: true },
    ],
    scans.items,
  ),
  { flush: true },
)}`;
      await renderBackOffice(ctx, services, viewer, {
        title: qt(l, 'title'),
        nav: 'code-quality',
        subtitle: qt(l, 'subtitle'),
        actions: postButton(ctx, '/admin/code-quality/scan', qt(l, 'scan'), { tone: 'primary' }),
        body,
      });
    },
  );

  api.post(
    '/admin/code-quality/scan',
    {
      summary: 'Back-office form: start a scan (or join the one running), then back to the dashboard',
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      if (!scannerAvailable()) {
        setFlash(
          ctx,
          'error',
          'This deployment was installed without its development dependencies: the analyser (dependency-cruiser) is missing, so no scan can run',
        );
        return seeOther(ctx, '/admin/code-quality');
      }
      await act(ctx, '/admin/code-quality', async () => {
        const started = await startScan(services, viewer.userId, viewer.context);
        return qt(viewer.language, started.joined ? 'scanning' : 'scan_started', { id: started.scan.id });
      });
    },
  );

  return api.router;
}
