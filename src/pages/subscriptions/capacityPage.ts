import type Router from '@koa/router';
import { snapshotDay } from '../../../commands/subscriptions/capacitySnapshot.ts';
import { latestSnapshot, measureCapacity, snapshotsBetween } from '../../../queries/subscriptions/capacity.ts';
import { capacityRecommendations } from '../../../queries/subscriptions/capacityForecast.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import { addOnLimits } from '../../http/admin/subscriptionOverview.ts';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import { captureCapacitySnapshot } from '../../workers/subscriptions/capacitySnapshot.ts';
import { lineChart } from '../backOffice/charts.ts';
import {
  card,
  dataTable,
  emptyState,
  formatDate,
  formatDateTime,
  formatNumber,
  pill,
  postButton,
  tiles,
  type Tone,
} from '../backOffice/components.ts';
import { act, formViewer, pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { html } from '../html.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { isSubscriptionsKey, sut } from './texts.ts';

const DAY_MS = 86_400_000;
const WINDOW_DAYS = 30;
const STATUS_TONE: Record<string, Tone> = {
  ok: 'ok',
  not_growing: 'ok',
  watch: 'warn',
  act: 'bad',
  reached: 'bad',
  not_enough_data: 'neutral',
  no_capacity_set: 'neutral',
};

const bytes = (n: number, l: LanguageCode) =>
  n >= 1e9
    ? `${formatNumber((n / 1e9).toFixed(2), l)} GB`
    : n >= 1e6
      ? `${formatNumber((n / 1e6).toFixed(1), l)} MB`
      : `${formatNumber(n, l)} B`;
/** A measured resource by its name in the page's language (the metric's key when it has none). */
const metricName = (l: LanguageCode, metric: string) => {
  const key = `metric_${metric}`;
  return isSubscriptionsKey(key) ? sut(l, key) : metric;
};

const figure = (metric: string, v: number | null, l: LanguageCode) =>
  v === null ? '—' : metric.endsWith('_bytes') ? bytes(v, l) : formatNumber(Math.round(v), l);

/**
 * The admins' capacity page: the platform measured now beside the latest daily snapshot, the
 * trend of the last 30 days of snapshots, each resource's forecast (when it reaches its configured
 * capacity at the fitted trend) with its recommendation, and the vendors near a limit of their
 * tier with the tier that would fit — the admin API's capacity queries; a snapshot on demand.
 */
export function capacityPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  const knex = services.db.knex;
  const capacities = () => ({ database_bytes: services.config.capacity.databaseBytes, media_bytes: services.config.capacity.mediaBytes });

  api.get(
    '/admin/capacity',
    {
      summary: 'Back-office page: capacity measured now, the 30-day trend, forecasts and recommendations, vendors near their limits',
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const now = services.clock.now();
      const live = await measureCapacity(knex, now, services.store.kind !== 'eventstoredb');
      const latest = await latestSnapshot(knex);
      const advice = await capacityRecommendations(knex, now, WINDOW_DAYS, capacities(), addOnLimits(services));
      const tooFew = advice.resources.find((r) => r.status === 'not_enough_data');
      const to = snapshotDay(now);
      const points = await snapshotsBetween(knex, new Date(Date.parse(to) - (WINDOW_DAYS - 1) * DAY_MS).toISOString().slice(0, 10), to);
      const trend =
        points.length < 2
          ? emptyState(sut(l, 'window', { snapshots: points.length, from: advice.window.from, to: advice.window.to }), undefined, 'chart')
          : lineChart(
              sut(l, 'trend', { days: WINDOW_DAYS }),
              points.map((p) => p.day.slice(5)),
              [
                { label: 'products', values: points.map((p) => Number(p.metrics.products ?? 0)) },
                { label: 'orders_total', values: points.map((p) => Number(p.metrics.orders_total ?? 0)) },
                { label: 'vendors', values: points.map((p) => Number(p.metrics.vendors ?? 0)) },
              ],
            );
      await renderBackOffice(ctx, services, viewer, {
        title: sut(l, 'capacity'),
        nav: 'capacity',
        subtitle: sut(l, 'capacity_lead'),
        actions: postButton(ctx, '/admin/capacity/snapshot', sut(l, 'snapshot_now'), { tone: 'primary' }),
        body: html`${tiles([
          {
            label: metricName(l, 'vendors'),
            value: formatNumber(live.vendors, l),
            hint: sut(l, 'active', { count: formatNumber(live.active_vendors, l) }),
          },
          { label: metricName(l, 'products'), value: formatNumber(live.products, l) },
          {
            label: metricName(l, 'orders_total'),
            value: formatNumber(live.orders_total, l),
            hint: `${formatNumber(live.orders_last_24h, l)} / 24 h`,
          },
          {
            label: metricName(l, 'database_bytes'),
            value: figure('database_bytes', live.database_bytes ?? null, l),
            hint: `/ ${bytes(capacities().database_bytes, l)}`,
          },
          {
            label: metricName(l, 'media_bytes'),
            value: figure('media_bytes', live.media_bytes ?? null, l),
            hint: `/ ${bytes(capacities().media_bytes, l)}`,
          },
        ])}
<p class="muted">${sut(l, 'measured_now')}: ${formatDateTime(now, l)} · ${sut(l, 'latest_snapshot')}: ${latest ? formatDateTime(latest.taken_at, l) : sut(l, 'none_yet')}</p>
${card(
  sut(l, 'recommendations'),
  html`<p class="muted" style="margin:12px 18px">${sut(l, 'window', { snapshots: advice.window.snapshots, from: advice.window.from, to: advice.window.to })}${
    // Too few snapshots is said once for every resource, not on each row.
    tooFew ? ` ${tooFew.recommendation}` : ''
  }</p>${dataTable(
    ctx,
    l,
    [
      { label: sut(l, 'resource'), cell: (r) => html`${metricName(l, r.metric)}<br><code class="muted">${r.metric}</code>` },
      { label: sut(l, 'status'), cell: (r) => pill(r.status.replace(/_/g, ' '), STATUS_TONE[r.status]) },
      { label: sut(l, 'current'), cell: (r) => figure(r.metric, r.current, l), num: true },
      { label: sut(l, 'capacity_col'), cell: (r) => figure(r.metric, r.capacity, l), num: true, narrowHide: true },
      { label: sut(l, 'reaches'), cell: (r) => formatDate(r.reaches_capacity_on, l), narrowHide: true },
      { label: sut(l, 'days_left'), cell: (r) => r.days_left, num: true },
      { label: sut(l, 'recommendation'), cell: (r) => (r.status === 'not_enough_data' ? '—' : r.recommendation) },
    ],
    advice.resources,
  )}`,
  { flush: true },
)}
${card(
  sut(l, 'near_limits'),
  dataTable(
    ctx,
    l,
    [
      {
        label: sut(l, 'vendor'),
        cell: (v) => html`<a href="/admin/subscriptions/${v.vendor_id}">${v.vendor_name ?? `#${v.vendor_id}`}</a>`,
      },
      { label: sut(l, 'tier'), cell: (v) => v.tier_code },
      { label: sut(l, 'limit'), cell: (v) => v.limit_kind },
      {
        label: sut(l, 'used'),
        cell: (v) => `${formatNumber(v.used, l)} / ${formatNumber(v.limit, l)} (${Math.round(v.percent_used)} %)`,
        num: true,
      },
      { label: sut(l, 'reaches'), cell: (v) => formatDate(v.reaches_limit_on, l), narrowHide: true },
      { label: sut(l, 'suggested'), cell: (v) => v.suggested_tier ?? '—' },
    ],
    advice.vendors_near_limits,
    { empty: emptyState(sut(l, 'no_near'), undefined, 'check') },
  ),
  { flush: true },
)}
${card(sut(l, 'trend', { days: WINDOW_DAYS }), trend)}`,
      });
    },
  );

  api.post(
    '/admin/capacity/snapshot',
    {
      summary: "Back-office form: capture today's capacity snapshot now (a second one the same day replaces it)",
      responses: { 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await formViewer(services, ctx, 'admin');
      if (!viewer) return;
      await act(ctx, '/admin/capacity', async () => {
        const handled = await captureCapacitySnapshot(services, 'manual', viewer.context);
        await services.settle([handled]);
        return sut(viewer.language, 'snapshot_taken', { day: String(handled.events[0]?.data.day ?? snapshotDay(services.clock.now())) });
      });
    },
  );

  return api.router;
}
