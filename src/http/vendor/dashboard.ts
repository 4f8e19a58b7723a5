import type Router from '@koa/router';
import { listInventory } from '../../modules/inventory.ts';
import { unreadCount } from '../../modules/messaging.ts';
import { usageSummary } from '../../modules/subscriptions.ts';
import { vendorOrderCounts, vendorOrderDays, vendorTopProducts } from '../../../queries/vendor-dashboard/vendorFigures.ts';
import { ValidationException } from '../../core/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { AnalyticsQuery, DashboardStatsQuery, VendorAnalyticsResponse, VendorDashboardStatsResponse } from '../schemas/vendorDashboard.ts';
import { vendorCaller } from '../vendorAuth.ts';

const DAY_MS = 86_400_000;
/** Stock rows with at most this many units available count as a stock alert. */
export const LOW_STOCK_THRESHOLD = 5;
/** The longest range the analytics answer. */
const MAX_RANGE_DAYS = 366;

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const today = (services: Services) => Math.floor(services.clock.now().getTime() / DAY_MS) * DAY_MS;

/** The vendor dashboard's figures (SPEC.md 4.2 GET /dashboard/stats), each read from a read model. */
export async function dashboardStats(services: Services, caller: { vendorId: number; userId: number }, days = 30) {
  const knex = services.db.knex;
  const end = today(services);
  const from = isoDay(end - (days - 1) * DAY_MS);
  const previousFrom = isoDay(end - (2 * days - 1) * DAY_MS);
  const previousTo = isoDay(end - days * DAY_MS);
  const [counts, period, previous, usage, low, out, unread] = await Promise.all([
    vendorOrderCounts(knex, caller.vendorId),
    vendorOrderDays(knex, caller.vendorId, from, isoDay(end)),
    vendorOrderDays(knex, caller.vendorId, previousFrom, previousTo),
    usageSummary(services, caller.vendorId),
    listInventory(knex, { vendor_id: caller.vendorId, low_stock: LOW_STOCK_THRESHOLD }, { page: 1, limit: 1 }),
    listInventory(knex, { vendor_id: caller.vendorId, low_stock: 0 }, { page: 1, limit: 1 }),
    unreadCount(knex, { kind: 'vendor_user', id: caller.userId, vendor_id: caller.vendorId }),
  ]);
  return {
    generated_at: services.clock.now().toISOString(),
    orders: counts.orders,
    revenue: {
      from,
      to: isoDay(end),
      orders: period.totals.orders,
      by_currency: period.totals.revenue_cents_by_currency,
      previous_by_currency: previous.totals.revenue_cents_by_currency,
    },
    products: { total: usage.products.used, limit: usage.products.limit },
    stock_alerts: { low_stock: low.total, out_of_stock: out.total, threshold: LOW_STOCK_THRESHOLD },
    pending_item_exceptions: counts.pending_item_exceptions,
    unread_messages: unread,
    usage: {
      tier_code: usage.plan.tier_code,
      tier_name: usage.plan.tier_name,
      status: usage.status,
      period: usage.period,
      orders: usage.orders,
      products: usage.products,
      team_members: usage.team_members,
    },
  };
}

/** The range of the analytics: `to` defaults to today, `from` to 29 days before it; at most a year, never reversed. */
export function analyticsRange(services: Services, query: { from?: string; to?: string }) {
  const to = query.to ?? isoDay(today(services));
  const from = query.from ?? isoDay(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS);
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (span < 1) throw new ValidationException('The range is reversed', [{ pointer: '/query/from', message: 'must not be after to' }]);
  if (span > MAX_RANGE_DAYS)
    throw new ValidationException('The range is too long', [
      { pointer: '/query/from', message: `must be at most ${MAX_RANGE_DAYS} days before to` },
    ]);
  return { from, to };
}

/** The vendor's analytics (SPEC.md 4.2 GET /analytics) over a range of days. */
export async function vendorAnalytics(services: Services, vendorId: number, range: { from: string; to: string }, top = 10) {
  const [series, products] = await Promise.all([
    vendorOrderDays(services.db.knex, vendorId, range.from, range.to),
    vendorTopProducts(services.db.knex, vendorId, range.from, range.to, top),
  ]);
  return { ...range, days: series.days, totals: series.totals, channels: series.channels, top_products: products };
}

/** SPEC.md 4.2 dashboard: GET /dashboard/stats and GET /analytics, from the vendor's read models, the vendor taken from the token. */
export function vendorDashboardRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');

  api.get(
    '/dashboard/stats',
    {
      summary:
        "The dashboard's figures: orders by status and channel, revenue this period (and the one before), products, stock alerts, pending order item exceptions, unread messages, usage against the plan's limits",
      permission: 'dashboard.view',
      query: DashboardStatsQuery,
      responses: { 200: VendorDashboardStatsResponse },
    },
    async (ctx, { query }) => {
      const caller = vendorCaller(ctx);
      ctx.body = await dashboardStats(services, { vendorId: caller.id, userId: caller.userId }, query.days ?? 30);
    },
  );

  api.get(
    '/analytics',
    {
      summary:
        'Sales analytics over a range of days (at most a year): orders and revenue per day, channel split, average order value, top products',
      permission: 'reports.view',
      query: AnalyticsQuery,
      responses: { 200: VendorAnalyticsResponse },
      errors: [ValidationException],
    },
    async (ctx, { query }) => {
      ctx.body = await vendorAnalytics(services, vendorCaller(ctx).id, analyticsRange(services, query), query.top ?? 10);
    },
  );

  return api.router;
}
