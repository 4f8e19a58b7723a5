import type Router from '@koa/router';
import type { LanguageCode } from '../../core/i18n.ts';
import { Api } from '../../http/api.ts';
import { analyticsRange, dashboardStats, vendorAnalytics } from '../../http/vendor/dashboard.ts';
import type { Services } from '../../runtime/services.ts';
import { barChart, lineChart } from '../backOffice/charts.ts';
import { card, dataTable, facts, formatMoney, formatNumber, linkButton, tiles, type Tile } from '../backOffice/components.ts';
import { pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import { can, type BackOfficeContribution } from '../backOffice/registry.ts';
import { html, type Html } from '../html.ts';
import { HTML, SEE_OTHER } from '../pageRoutes.ts';
import { vdt, type VendorDashboardTextKey } from './texts.ts';

/** The vendor area's home: /vendor and the vendor sign-in land on the dashboard. */
export const VENDOR_DASHBOARD_PATH = '/vendor/dashboard';
const DAYS = 30;

export const vendorDashboardBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'vendor',
      key: 'dashboard',
      href: VENDOR_DASHBOARD_PATH,
      section: 'overview',
      icon: 'home',
      order: 0,
      home: true,
      permission: 'dashboard.view',
      label: { en: 'Dashboard', fr: 'Tableau de bord', de: 'Übersicht', lb: 'Iwwersiicht' },
    },
  ],
};

type Money = Record<string, number>;
/** The currencies of a sum, largest first. */
const currencies = (m: Money) => Object.entries(m).sort((a, b) => b[1] - a[1]);
const money = (m: Money, l: LanguageCode) =>
  currencies(m)
    .map(([c, v]) => formatMoney(v, c, l))
    .join(' · ');

/** A usage figure against its limit, in words. */
function usageLine(l: LanguageCode, u: { used: number; limit: number | null; exceeded: boolean }): Html {
  const text =
    u.limit === null
      ? vdt(l, 'used_unlimited', { used: formatNumber(u.used, l) })
      : vdt(l, 'used_of', { used: formatNumber(u.used, l), limit: formatNumber(u.limit, l) });
  const pct = u.limit ? Math.min(100, Math.round((u.used / u.limit) * 100)) : null;
  return html`<span${u.exceeded ? html` class="problem"` : ''}>${text}</span>${pct === null ? '' : html`<div class="progress ${u.exceeded ? 'failed' : ''}" aria-hidden="true"><span style="width:${pct}%"></span></div>`}`;
}

/**
 * /vendor/dashboard: the figures of GET /api/v1/vendor/dashboard/stats as tiles (orders, revenue
 * of the last 30 days against the 30 before, products, stock alerts, items to match, unread
 * messages), and for a member who may read reports the analytics of the last 30 days: orders and
 * revenue per day as a chart, orders by status and channel, the top products; the plan's usage.
 */
export function vendorDashboardPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  api.get(
    VENDOR_DASHBOARD_PATH,
    {
      summary:
        'Back-office page: the vendor dashboard (figures, orders and revenue per day, orders by status and channel, top products, plan usage); the vendor sign-in lands here',
      responses: { 200: HTML, 303: SEE_OTHER, 403: HTML },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'vendor', 'dashboard.view');
      if (!viewer) return;
      const l = viewer.language;
      const vendorId = viewer.vendor!.id;
      const reports = can(viewer, 'reports.view');
      const [s, a] = await Promise.all([
        dashboardStats(services, { vendorId, userId: viewer.userId }, DAYS),
        reports ? vendorAnalytics(services, vendorId, analyticsRange(services, {}), 8) : Promise.resolve(null),
      ]);
      const n = (v: number) => formatNumber(v, l);
      const revenue = currencies(s.revenue.by_currency);
      const main = revenue[0]?.[0] ?? 'EUR';
      const items: Tile[] = [
        {
          label: vdt(l, 'orders'),
          value: n(s.orders.total),
          hint: vdt(l, 'to_confirm', { count: n(s.orders.by_status.unconfirmed ?? 0) }),
          href: '/vendor/orders',
        },
        {
          label: vdt(l, 'revenue', { days: DAYS }),
          value: revenue.length ? money(s.revenue.by_currency, l) : formatMoney(0, main, l),
          hint: Object.keys(s.revenue.previous_by_currency).length
            ? vdt(l, 'previous', { days: DAYS, amount: money(s.revenue.previous_by_currency, l) })
            : vdt(l, 'no_revenue', { days: DAYS }),
        },
        {
          label: vdt(l, 'products'),
          value: n(s.products.total),
          hint: s.products.limit === null ? vdt(l, 'unlimited') : vdt(l, 'of_limit', { limit: n(s.products.limit) }),
          href: '/vendor/products',
        },
        {
          label: vdt(l, 'stock_alerts'),
          value: n(s.stock_alerts.low_stock),
          tone: s.stock_alerts.out_of_stock > 0 ? 'warn' : undefined,
          hint: vdt(l, 'stock_hint', {
            low: n(s.stock_alerts.low_stock),
            threshold: s.stock_alerts.threshold,
            out: n(s.stock_alerts.out_of_stock),
          }),
        },
        {
          label: vdt(l, 'exceptions'),
          value: n(s.pending_item_exceptions),
          hint: vdt(l, 'exceptions_hint'),
          tone: s.pending_item_exceptions > 0 ? 'warn' : undefined,
        },
        { label: vdt(l, 'unread'), value: n(s.unread_messages), hint: vdt(l, 'unread_hint'), href: '/vendor/messages' },
      ];
      const statuses = Object.entries(s.orders.by_status);
      const channels = Object.entries(s.orders.by_channel);
      const status = (key: string) => vdt(l, `status_${key}` as VendorDashboardTextKey);
      const channel = (key: string) => (key === 'shop' || key === 'extmarket' ? vdt(l, `channel_${key}`) : key);
      let analytics: Html = html``;
      if (a) {
        const revenueOf = (d: { revenue_cents_by_currency: Money }) => (d.revenue_cents_by_currency[main] ?? 0) / 100;
        analytics = html`${card(
          vdt(l, 'per_day', { days: DAYS }),
          lineChart(
            vdt(l, 'per_day', { days: DAYS }),
            a.days.map((d) => d.day.slice(5)),
            [
              { label: vdt(l, 'orders_series'), values: a.days.map((d) => d.orders) },
              {
                label: vdt(l, 'revenue_series', { currency: main }),
                values: a.days.map(revenueOf),
                format: (v) => formatMoney(Math.round(v * 100), main, l),
              },
            ],
          ),
          { footer: html`${vdt(l, 'average')}: <strong>${money(a.totals.average_order_value_cents_by_currency, l) || '—'}</strong>` },
        )}
${card(
  vdt(l, 'top_products', { days: DAYS }),
  dataTable(
    ctx,
    l,
    [
      { label: vdt(l, 'product'), cell: (p) => html`<a href="/vendor/products/${p.product_id}">${p.product_name}</a>` },
      { label: vdt(l, 'units'), num: true, cell: (p) => n(p.quantity) },
      { label: vdt(l, 'gross'), num: true, cell: (p) => money(p.gross_cents_by_currency, l) },
    ],
    a.top_products,
    { empty: html`<p class="muted">${vdt(l, 'no_sales')}</p>` },
  ),
  { flush: true },
)}`;
      }
      const u = s.usage;
      await renderBackOffice(ctx, services, viewer, {
        title: vdt(l, 'title'),
        nav: 'dashboard',
        subtitle: vdt(l, 'subtitle', { vendor: viewer.vendor!.name }),
        body: html`<div id="vendor-dashboard">${tiles(items)}
${analytics}
<div class="grid cols-3">
${card(
  vdt(l, 'by_status'),
  barChart(
    vdt(l, 'by_status'),
    statuses.map(([k]) => status(k)),
    { label: vdt(l, 'orders'), values: statuses.map(([, v]) => v) },
  ),
)}
${card(
  vdt(l, 'by_channel'),
  barChart(
    vdt(l, 'by_channel'),
    channels.map(([k]) => channel(k)),
    { label: vdt(l, 'orders'), values: channels.map(([, v]) => v) },
  ),
)}
${card(
  vdt(l, 'usage', { tier: u.tier_name }),
  facts([
    [vdt(l, 'usage_orders'), usageLine(l, u.orders)],
    [vdt(l, 'usage_products'), usageLine(l, u.products)],
    [vdt(l, 'usage_team'), usageLine(l, u.team_members)],
  ]),
  { footer: linkButton('/vendor/billing', vdt(l, 'upgrade'), 'small') },
)}
</div></div>`,
      });
    },
  );
  return api.router;
}
