import type Router from '@koa/router';
import type { Context } from 'koa';
import { PLATFORM_FIGURE_SECTIONS, type PlatformFigures } from '../../core/platformFigures.ts';
import { provided, registeredModules } from '../../modules/registry.ts';
import { orderSeries } from '../../modules/orders.ts';
import { vendorSeries } from '../../modules/vendors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { AdminDashboardResponse, PlatformStatsQuery, PlatformStatsResponse } from '../schemas/adminDashboard.ts';

const DAY_MS = 86_400_000;

/**
 * The platform's figures for the admin dashboard: each module counts its own part from its read
 * models (`dashboardFigures` of src/modules/module.ts); a module switched off on the caller's
 * platform counts nothing and its part is null.
 */
export async function dashboardFigures(services: Services, ctx: Context) {
  const modules = registeredModules();
  const moduleSwitch = provided(services, 'moduleSwitch', modules);
  const isOn = (name: string) => !moduleSwitch || moduleSwitch.isOnForHost(name, ctx.hostname);
  const parts = await Promise.all(modules.filter((m) => m.dashboardFigures && isOn(m.name)).map((m) => m.dashboardFigures!(services)));
  const figures: Partial<PlatformFigures> = {};
  for (const part of parts) Object.assign(figures, part);
  return {
    generated_at: services.clock.now().toISOString(),
    ...(Object.fromEntries(PLATFORM_FIGURE_SECTIONS.map((s) => [s, figures[s] ?? null])) as {
      [K in keyof PlatformFigures]: PlatformFigures[K] | null;
    }),
    modules_off: modules.filter((m) => !isOn(m.name)).map((m) => m.name),
  };
}

/** The orders and vendors per day over the last `days` days (today included), with totals. */
export async function platformStats(services: Services, days: number) {
  const today = new Date(Math.floor(services.clock.now().getTime() / DAY_MS) * DAY_MS);
  const to = today.toISOString().slice(0, 10);
  const from = new Date(today.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const [orders, vendors] = await Promise.all([orderSeries(services.db.knex, from, to), vendorSeries(services.db.knex, from, to)]);
  const gross: Record<string, number> = {};
  for (const d of orders) for (const [c, v] of Object.entries(d.gross_cents_by_currency)) gross[c] = (gross[c] ?? 0) + v;
  return {
    from,
    to,
    orders,
    vendors,
    totals: {
      orders: orders.reduce((a, d) => a + d.orders, 0),
      vendors: vendors.reduce((a, d) => a + d.vendors, 0),
      gross_cents_by_currency: gross,
    },
  };
}

/** SPEC.md 4.1 GET /dashboard and GET /dashboard/stats/platform. */
export function adminDashboardRoutes(services: Services): Router {
  const api = new Api(services, 'admin');

  api.get(
    '/dashboard',
    {
      summary:
        'The admin dashboard: companies, vendors by status, users, customers, orders by status and channel, revenue, imports, open violations, subscriptions by tier',
      responses: { 200: AdminDashboardResponse },
    },
    async (ctx) => {
      ctx.body = await dashboardFigures(services, ctx);
    },
  );

  api.get(
    '/dashboard/stats/platform',
    {
      summary: 'Platform statistics: orders (by channel, with their gross value) and new vendors per day over the last days',
      query: PlatformStatsQuery,
      responses: { 200: PlatformStatsResponse },
    },
    async (ctx, { query }) => {
      ctx.body = await platformStats(services, query.days ?? 30);
    },
  );

  return api.router;
}
