import type Router from '@koa/router';
import { readPlatformHealth } from '../../http/admin/platformHealth.ts';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import { lineChart } from '../backOffice/charts.ts';
import { card, dataTable, formatDateTime, formatNumber, pill, tiles } from '../backOffice/components.ts';
import { pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { BackOfficeContribution } from '../backOffice/registry.ts';
import { html } from '../html.ts';
import { ht } from './texts.ts';
import { HTML } from '../pageRoutes.ts';

const SEE_OTHER = { description: 'The sign-in page for a visitor without a session (Location)' };
const WINDOW_MINUTES = 15;
/** The page's figures are fetched again and replaced this often (the frame's data-refresh). */
const REFRESH_MS = 10_000;

export const platformHealthBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'admin',
      key: 'platform-health',
      href: '/admin/platform-health',
      section: 'operations',
      icon: 'activity',
      order: 10,
      label: { en: 'Platform health', fr: 'Santé de la plateforme', de: 'Plattformzustand', lb: 'Plattformzoustand' },
    },
  ],
};

const bytes = (n: number) =>
  n >= 1024 ** 3
    ? `${(n / 1024 ** 3).toFixed(1)} GiB`
    : n >= 1024 ** 2
      ? `${(n / 1024 ** 2).toFixed(1)} MiB`
      : `${Math.round(n / 1024)} KiB`;
const percent = (r: number) => `${(r * 100).toFixed(r < 0.01 && r > 0 ? 2 : 1)} %`;

/**
 * /admin/platform-health: the platform health endpoint's figures as a page that refreshes itself
 * (the frame's data-refresh fetches the page again every 10 s and swaps the figures in; without
 * JavaScript a reload shows them).
 */
export function platformHealthPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  api.get(
    '/admin/platform-health',
    {
      summary:
        'Back-office page: platform health (requests per API area, feed, consumers, jobs, tasks, database, instances), refreshing itself',
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const h = await readPlatformHealth(services, WINDOW_MINUTES);
      const all = h.api_areas.reduce((a, x) => ({ requests: a.requests + x.requests, server: a.server + x.server_errors }), {
        requests: 0,
        server: 0,
      });
      const worstP95 = Math.max(0, ...h.api_areas.map((a) => a.latency_ms.p95));
      const lagging = h.consumers.filter((c) => c.status !== 'ok');
      const minute = (iso: string) => iso.slice(11, 16);
      const consumerTable = (rows: typeof h.consumers) =>
        dataTable(
          ctx,
          l,
          [
            { label: ht(l, 'consumers'), cell: (c) => html`<code>${c.name}</code>` },
            { label: ht(l, 'lag'), cell: (c) => `${formatNumber(c.lag, l)}${c.lag_capped ? '+' : ''}` },
            { label: ht(l, 'status'), cell: (c) => pill(c.status, c.status === 'ok' ? 'ok' : c.status === 'behind' ? 'warn' : 'bad') },
          ],
          rows,
        );
      const figures = html`${tiles([
        { label: ht(l, 'requests'), value: formatNumber(Math.round((all.requests / WINDOW_MINUTES) * 10) / 10, l) },
        {
          label: ht(l, 'error_rate'),
          value: percent(all.requests ? all.server / all.requests : 0),
          tone: all.server > 0 ? 'bad' : undefined,
        },
        { label: ht(l, 'p95'), value: `${worstP95} ms`, tone: worstP95 > 1000 ? 'warn' : undefined },
        { label: ht(l, 'events_per_minute'), value: h.feed.events_per_minute === null ? '—' : formatNumber(h.feed.events_per_minute, l) },
        {
          label: ht(l, 'consumers'),
          value: `${h.consumers.length - lagging.length}/${h.consumers.length}`,
          tone: lagging.length > 0 ? 'warn' : undefined,
        },
        { label: ht(l, 'instances'), value: h.instances.length },
      ])}
${card(
  ht(l, 'traffic'),
  lineChart(
    ht(l, 'traffic'),
    h.series.map((s) => minute(s.minute)),
    [
      { label: ht(l, 'requests'), values: h.series.map((s) => s.requests) },
      { label: ht(l, 'p95'), values: h.series.map((s) => s.p95_ms), format: (v) => `${Math.round(v)} ms` },
    ],
  ),
)}
${card(
  ht(l, 'area'),
  dataTable(
    ctx,
    l,
    [
      { label: ht(l, 'area'), cell: (a) => html`<code>${a.api_area}</code>` },
      { label: ht(l, 'rate'), cell: (a) => formatNumber(a.requests_per_minute, l) },
      { label: ht(l, 'p50'), cell: (a) => `${a.latency_ms.p50} ms` },
      { label: ht(l, 'p95'), cell: (a) => `${a.latency_ms.p95} ms` },
      { label: ht(l, 'p99'), cell: (a) => `${a.latency_ms.p99} ms`, narrowHide: true },
      { label: ht(l, 'client_errors'), cell: (a) => formatNumber(a.client_errors, l), narrowHide: true },
      {
        label: ht(l, 'server_errors'),
        cell: (a) => (a.server_errors > 0 ? pill(`${a.server_errors} · ${percent(a.error_rate)}`, 'bad') : '0'),
      },
    ],
    h.api_areas,
    { empty: html`<p class="muted">${ht(l, 'none')}</p>` },
  ),
  { flush: true },
)}
<div class="grid cols-2">
${card(
  ht(l, 'consumers'),
  html`${
    lagging.length === 0
      ? html`<p class="muted" style="padding:12px 16px;margin:0">${ht(l, 'all_current', { count: h.consumers.length })}</p>`
      : consumerTable(lagging)
  }<details style="padding:8px 16px"><summary>${ht(l, 'every_consumer', { count: h.consumers.length })}</summary>${consumerTable(h.consumers)}</details>`,
  { flush: true },
)}
<div>
${card(
  ht(l, 'jobs'),
  dataTable(
    ctx,
    l,
    [
      { label: ht(l, 'kind'), cell: (j) => html`<code>${j.kind}</code>` },
      { label: ht(l, 'queued'), cell: (j) => formatNumber(j.queued, l) },
      { label: ht(l, 'running'), cell: (j) => formatNumber(j.running, l) },
    ],
    h.background_jobs,
  ),
  { flush: true },
)}
${card(
  ht(l, 'database'),
  html`<dl class="facts"><dt>${ht(l, 'size')}</dt><dd>${bytes(h.database.size_bytes)} (${h.database.kind})</dd>
<dt>${ht(l, 'connections')}</dt><dd>${h.database.connections}</dd><dt>${ht(l, 'head')}</dt><dd><code>${h.feed.head ? `${h.feed.head.a}/${h.feed.head.b}` : '—'}</code></dd>
<dt>${ht(l, 'media')}</dt><dd>${h.media ? `${bytes(h.media.bytes)} · ${formatNumber(h.media.files, l)} ${ht(l, 'files')}` : '—'}</dd></dl>`,
)}
</div>
</div>
${card(
  ht(l, 'instances'),
  dataTable(
    ctx,
    l,
    [
      { label: ht(l, 'instances'), cell: (i) => html`<code>${i.instance}</code>` },
      { label: ht(l, 'memory'), cell: (i) => bytes(i.rss_bytes) },
      { label: ht(l, 'cpu'), cell: (i) => `${i.cpu_percent} %` },
      { label: ht(l, 'seen'), cell: (i) => formatDateTime(i.seen_at, l), narrowHide: true },
    ],
    h.instances,
  ),
  { flush: true },
)}
${card(
  ht(l, 'tasks'),
  dataTable(
    ctx,
    l,
    [
      {
        label: ht(l, 'task'),
        cell: (t) =>
          html`<code>${t.name}</code> <span class="muted">${t.module}</span>${t.enabled ? '' : html` ${pill(ht(l, 'off'), 'neutral')}`}`,
      },
      { label: ht(l, 'schedule'), cell: (t) => html`<code>${t.cron}</code>`, narrowHide: true },
      { label: ht(l, 'last_run'), cell: (t) => (t.last_tick ? formatDateTime(t.last_tick, l) : '—') },
      { label: ht(l, 'error'), cell: (t) => (t.last_error ? pill(t.last_error.slice(0, 80), 'bad') : '—'), narrowHide: true },
    ],
    h.scheduled_tasks,
  ),
  { flush: true },
)}`;
      await renderBackOffice(ctx, services, viewer, {
        title: ht(l, 'title'),
        nav: 'platform-health',
        subtitle: ht(l, 'subtitle', { minutes: WINDOW_MINUTES }),
        body: html`<div id="platform-health-figures" data-refresh="${REFRESH_MS}">${figures}</div>`,
      });
    },
  );
  return api.router;
}
