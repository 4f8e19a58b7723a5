import type Router from '@koa/router';
import { dashboardFigures, platformStats } from '../../http/admin/adminDashboard.ts';
import { Api } from '../../http/api.ts';
import { requestFigures } from '../../modules/platformHealth.ts';
import type { Services } from '../../runtime/services.ts';
import { barChart, lineChart } from '../backOffice/charts.ts';
import { card, formatMoney, formatNumber, tiles, type Tile } from '../backOffice/components.ts';
import { pageViewer } from '../backOffice/guard.ts';
import { renderBackOffice } from '../backOffice/layout.ts';
import type { BackOfficeContribution } from '../backOffice/registry.ts';
import { html } from '../html.ts';
import { dt } from './texts.ts';
import { HTML } from '../pageRoutes.ts';

const SEE_OTHER = { description: 'The sign-in page for a visitor without a session (Location)' };

/** The admin area's home: /admin and the admin sign-in land on the dashboard. */
export const adminDashboardBackOffice: BackOfficeContribution = {
  navigation: [
    {
      area: 'admin',
      key: 'dashboard',
      href: '/admin/dashboard',
      section: 'overview',
      icon: 'home',
      order: 0,
      home: true,
      label: { en: 'Dashboard', fr: 'Tableau de bord', de: 'Übersicht', lb: 'Iwwersiicht' },
    },
  ],
};

/** The dashboard page's path, for the admin sign-in to land on. */
export const ADMIN_DASHBOARD_PATH = '/admin/dashboard';

/**
 * /admin/dashboard: the figures of GET /api/v1/admin/dashboard as tiles, the orders and new
 * vendors per day of GET /dashboard/stats/platform as charts, orders by status and subscriptions
 * by tier, and the platform's request rate with a link to its health.
 */
export function adminDashboardPageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  api.get(
    ADMIN_DASHBOARD_PATH,
    {
      summary: "Back-office page: the admin dashboard (the platform's figures and charts); the admin sign-in lands here",
      responses: { 200: HTML, 303: SEE_OTHER },
    },
    async (ctx) => {
      const viewer = await pageViewer(services, ctx, 'admin');
      if (!viewer) return;
      const l = viewer.language;
      const [f, stats, traffic] = await Promise.all([
        dashboardFigures(services, ctx),
        platformStats(services, 30),
        requestFigures(services.db.knex, services.clock.now(), 15),
      ]);
      const n = (v: number) => formatNumber(v, l);
      const items: Tile[] = [];
      if (f.companies)
        items.push({
          label: dt(l, 'companies'),
          value: n(f.companies.total),
          hint: dt(l, 'verified', { count: n(f.companies.verified) }),
          href: '/admin/companies',
        });
      if (f.vendors)
        items.push({
          label: dt(l, 'vendors'),
          value: n(f.vendors.total),
          hint: dt(l, 'active', { count: n(f.vendors.active) }),
          href: '/admin/vendors',
        });
      if (f.users)
        items.push({
          label: dt(l, 'users'),
          value: n(f.users.total),
          hint: dt(l, 'admins', { count: n(f.users.admins) }),
          href: '/admin/users',
        });
      if (f.customers)
        items.push({
          label: dt(l, 'customers'),
          value: n(f.customers.total),
          hint: dt(l, 'with_orders', { count: n(f.customers.with_orders) }),
        });
      if (f.orders)
        items.push({
          label: dt(l, 'orders'),
          value: n(f.orders.total),
          hint: `${n(f.orders.by_channel.shop ?? 0)} shop · ${n(f.orders.by_channel.extmarket ?? 0)} extmarket`,
          href: '/admin/orders',
        });
      if (f.revenue) {
        const currencies = Object.entries(f.revenue.by_currency).sort((a, b) => b[1] - a[1]);
        items.push({
          label: dt(l, 'revenue'),
          value: currencies.length ? formatMoney(currencies[0][1], currencies[0][0], l) : '—',
          hint:
            currencies.length > 1
              ? currencies
                  .slice(1, 3)
                  .map(([c, v]) => formatMoney(v, c, l))
                  .join(' · ')
              : dt(l, 'not_declined'),
        });
      }
      if (f.imports)
        items.push({
          label: dt(l, 'imports'),
          value: n(f.imports.total),
          hint: dt(l, 'running', { count: n(f.imports.by_status.processing ?? 0) }),
          href: '/admin/marketplace-imports',
        });
      if (f.violations)
        items.push({
          label: dt(l, 'violations'),
          value: n(f.violations.open),
          tone: f.violations.open > 0 ? 'warn' : undefined,
          href: '/admin/code-quality',
        });
      if (f.subscriptions)
        items.push({
          label: dt(l, 'subscriptions'),
          value: n(f.subscriptions.total),
          hint: dt(l, 'active', { count: n(f.subscriptions.by_status.active ?? 0) }),
          href: '/admin/subscriptions',
        });
      const all = traffic.areas.reduce((a, x) => ({ r: a.r + x.requests, e: a.e + x.server_errors }), { r: 0, e: 0 });
      const days = stats.orders.map((d) => d.day.slice(5));
      const statuses = f.orders ? Object.entries(f.orders.by_status) : [];
      const tiers = f.subscriptions ? Object.entries(f.subscriptions.by_tier).sort((a, b) => b[1] - a[1]) : [];
      await renderBackOffice(ctx, services, viewer, {
        title: dt(l, 'title'),
        nav: 'dashboard',
        subtitle: dt(l, 'subtitle'),
        body: html`<div id="admin-dashboard">${tiles(items)}
${card(
  dt(l, 'orders_per_day'),
  lineChart(dt(l, 'orders_per_day'), days, [
    { label: dt(l, 'orders'), values: stats.orders.map((d) => d.orders) },
    { label: dt(l, 'new_vendors'), values: stats.vendors.map((d) => d.vendors) },
  ]),
)}
<div class="grid cols-2">
${
  f.orders
    ? card(
        dt(l, 'by_status'),
        barChart(
          dt(l, 'by_status'),
          statuses.map(([s]) => s),
          { label: dt(l, 'orders'), values: statuses.map(([, v]) => v) },
        ),
      )
    : ''
}
${
  f.subscriptions
    ? card(
        dt(l, 'by_tier'),
        barChart(
          dt(l, 'by_tier'),
          tiers.map(([t]) => t),
          { label: dt(l, 'subscriptions'), values: tiers.map(([, v]) => v) },
        ),
      )
    : ''
}
</div>
${card(html`<a href="/admin/platform-health">${dt(l, 'health')}</a>`, html`<p>${dt(l, 'requests', { rate: n(Math.round((all.r / 15) * 10) / 10), errors: n(all.e) })}</p>`)}
</div>`,
      });
    },
  );
  return api.router;
}
