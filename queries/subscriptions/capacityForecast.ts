import type { Knex } from 'knex';
import { linearFit, reachesAt } from '../../src/core/linearFit.ts';
import { noAdjustment, type LimitsAdjuster } from './adminSubscriptions.ts';
import { CAPACITY_METRICS, snapshotsBetween, type CapacityMetric } from './capacity.ts';
import type { SubscriptionTierRow } from '../../projections/subscriptions/subscriptionTiers.ts';
import type { VendorSubscriptionRow } from '../../projections/subscriptions/vendorSubscriptions.ts';

const DAY_MS = 86_400_000;
/** Fewer snapshots than this fit no trend worth a date (two points always lie on a line). */
export const MIN_FORECAST_POINTS = 3;
const NEAR_LIMIT_PERCENT = 80;
/** A date further away than this says nothing useful (and a line this flat may never get there). */
const HORIZON_DAYS = 3650;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (x: number) => new Date(Math.ceil(x) * DAY_MS).toISOString().slice(0, 10);
const round = (v: number, digits = 4) => Math.round(v * 10 ** digits) / 10 ** digits;

export interface ResourceForecast {
  metric: CapacityMetric;
  current: number | null;
  capacity: number | null;
  status: 'not_enough_data' | 'no_capacity_set' | 'not_growing' | 'ok' | 'watch' | 'act' | 'reached';
  method: 'least_squares_linear';
  points: number;
  fit: { slope_per_day: number; intercept: number; r_squared: number | null; first_day: string; last_day: string } | null;
  reaches_capacity_on: string | null;
  days_left: number | null;
  recommendation: string;
}

/**
 * A straight line fitted by least squares over the window's snapshots of one metric (x = the
 * snapshot's day, y = the figure), read forward to where it meets the capacity.
 */
function forecast(metric: CapacityMetric, series: { day: string; y: number }[], capacity: number | null, today: string): ResourceForecast {
  const base = { metric, capacity, method: 'least_squares_linear' as const, points: series.length, current: series.at(-1)?.y ?? null };
  if (series.length < MIN_FORECAST_POINTS) {
    return {
      ...base,
      status: 'not_enough_data',
      fit: null,
      reaches_capacity_on: null,
      days_left: null,
      recommendation: `Not enough data: ${series.length} snapshot(s) in the window, ${MIN_FORECAST_POINTS} needed for a trend`,
    };
  }
  const origin = dayNumber(series[0].day);
  const fit = linearFit(series.map((p) => ({ x: dayNumber(p.day) - origin, y: p.y })))!;
  const fitted = {
    slope_per_day: round(fit.slope),
    intercept: round(fit.intercept),
    r_squared: fit.r_squared === null ? null : round(fit.r_squared),
    first_day: series[0].day,
    last_day: series.at(-1)!.day,
  };
  const trend = `${fit.slope >= 0 ? '+' : ''}${round(fit.slope, 2)} per day over ${series.length} snapshots (R² ${fitted.r_squared ?? 'n/a'})`;
  if (capacity === null)
    return {
      ...base,
      status: 'no_capacity_set',
      fit: fitted,
      reaches_capacity_on: null,
      days_left: null,
      recommendation: `Trend ${trend}; no capacity is configured for it`,
    };
  if (base.current !== null && base.current >= capacity) {
    return {
      ...base,
      status: 'reached',
      fit: fitted,
      reaches_capacity_on: series.at(-1)!.day,
      days_left: 0,
      recommendation: `At or over capacity (${capacity}): add capacity now`,
    };
  }
  const x = reachesAt(fit, capacity);
  if (x === null)
    return {
      ...base,
      status: 'not_growing',
      fit: fitted,
      reaches_capacity_on: null,
      days_left: null,
      recommendation: `Not growing (${trend}); nothing to plan`,
    };
  const daysLeft = Math.max(0, Math.round(origin + x - dayNumber(today)));
  if (daysLeft > HORIZON_DAYS) {
    return {
      ...base,
      status: 'ok',
      fit: fitted,
      reaches_capacity_on: null,
      days_left: null,
      recommendation: `Not within ${HORIZON_DAYS / 365} years at ${trend}: no action needed`,
    };
  }
  const on = dayOf(origin + x);
  const status = daysLeft <= 30 ? 'act' : daysLeft <= 90 ? 'watch' : 'ok';
  const advice =
    status === 'act' ? 'add capacity within the month' : status === 'watch' ? 'plan more capacity this quarter' : 'no action needed yet';
  return {
    ...base,
    status,
    fit: fitted,
    reaches_capacity_on: on,
    days_left: daysLeft,
    recommendation: `Reaches ${capacity} around ${on} at ${trend}: ${advice}`,
  };
}

/** A live subscription with its tier's limits and place, its vendor's name and what it uses now. */
type NearLimitRead = Pick<
  VendorSubscriptionRow,
  'vendor_id' | 'tier_code' | 'custom_limits' | 'current_period_start' | 'current_period_end'
> &
  Pick<SubscriptionTierRow, 'sort_order' | 'max_orders_per_period' | 'max_products' | 'max_team_members'> & {
    vendor_name: string | null;
    orders: number;
    products: number;
    team_members: number;
  };

const LIMIT_KINDS = ['orders_per_period', 'products', 'team_members'] as const;
/** The tier's column of each limit. */
const LIMIT_COLUMN = {
  orders_per_period: 'max_orders_per_period',
  products: 'max_products',
  team_members: 'max_team_members',
} as const satisfies Record<(typeof LIMIT_KINDS)[number], keyof SubscriptionTierRow>;

/** Live subscriptions at NEAR_LIMIT_PERCENT or more of a limit (add-ons included through `adjust`); orders also at the period's pace so far. */
async function vendorsNearLimits(knex: Knex, now: Date, adjust: LimitsAdjuster) {
  const rows = await knex('vendor_subscriptions as s')
    .join('subscription_tiers as t', 't.code', 's.tier_code')
    .leftJoin('vendor_list as v', 'v.id', 's.vendor_id')
    .whereIn('s.status', ['trialing', 'active', 'past_due'])
    .select(
      's.vendor_id',
      's.tier_code',
      's.custom_limits',
      's.current_period_start',
      's.current_period_end',
      't.sort_order',
      't.max_orders_per_period',
      't.max_products',
      't.max_team_members',
      'v.name as vendor_name',
    )
    .select<NearLimitRead[]>(
      knex.raw(`(SELECT count(*) FROM order_list o WHERE o.vendor_id = s.vendor_id AND o.imported_at >= s.current_period_start
        AND o.imported_at < s.current_period_end)::int AS orders`),
      knex.raw('(SELECT count(*) FROM vendor_product_list p WHERE p.vendor_id = s.vendor_id AND NOT p.is_placeholder)::int AS products'),
      knex.raw('(SELECT count(*) FROM vendor_team_members m WHERE m.vendor_id = s.vendor_id AND m.is_active)::int AS team_members'),
    );
  const tiers = await knex<SubscriptionTierRow>('subscription_tiers').where({ is_active: true }).orderBy('sort_order');
  const adjusted = await adjust(rows.map((r) => r.vendor_id));
  const out: VendorNearLimit[] = [];
  for (const r of rows) {
    const custom = r.custom_limits ?? {};
    const limits = adjusted(r.vendor_id, {
      orders_per_period: r.max_orders_per_period,
      products: r.max_products,
      team_members: r.max_team_members,
      ...custom,
    });
    const used = { orders_per_period: r.orders, products: r.products, team_members: r.team_members };
    for (const kind of LIMIT_KINDS) {
      const limit = limits[kind];
      if (limit === null || limit === undefined) continue;
      const percent = limit === 0 ? 100 : (used[kind] / limit) * 100;
      let reachesOn: string | null = null;
      if (kind === 'orders_per_period' && used[kind] > 0 && used[kind] < limit) {
        // The order count starts at zero each period: its pace is the period's orders so far over the days elapsed.
        const start = r.current_period_start.getTime();
        const perMs = used[kind] / Math.max(now.getTime() - start, DAY_MS / 24);
        const at = now.getTime() + (limit - used[kind]) / perMs;
        if (at < r.current_period_end.getTime()) reachesOn = new Date(at).toISOString().slice(0, 10);
      }
      if (percent < NEAR_LIMIT_PERCENT && reachesOn === null) continue;
      const tierLimit = (t: SubscriptionTierRow) => t[LIMIT_COLUMN[kind]];
      const next = tiers.find((t) => {
        const l = tierLimit(t);
        return t.sort_order > r.sort_order && (l === null || l > used[kind]);
      });
      out.push({
        vendor_id: r.vendor_id,
        vendor_name: r.vendor_name ?? null,
        tier_code: r.tier_code,
        limit_kind: kind,
        used: used[kind],
        limit,
        percent_used: round(percent, 1),
        reaches_limit_on: reachesOn,
        suggested_tier: next?.code ?? null,
      });
    }
  }
  return out.sort((a, b) => b.percent_used - a.percent_used).slice(0, 100);
}

interface VendorNearLimit {
  vendor_id: number;
  vendor_name: string | null;
  tier_code: string;
  limit_kind: (typeof LIMIT_KINDS)[number];
  used: number;
  limit: number;
  percent_used: number;
  reaches_limit_on: string | null;
  suggested_tier: string | null;
}

/**
 * Admin /recommendations: each measured resource's trend over the window's snapshots and when it
 * reaches its configured capacity, and the vendors close to a limit of their tier.
 */
export async function capacityRecommendations(
  knex: Knex,
  now: Date,
  windowDays: number,
  capacities: Partial<Record<CapacityMetric, number>>,
  adjust: LimitsAdjuster = noAdjustment,
) {
  const today = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (windowDays - 1) * DAY_MS).toISOString().slice(0, 10);
  const snapshots = await snapshotsBetween(knex, from, today);
  const resources = CAPACITY_METRICS.map((metric) => {
    const series = snapshots
      .filter((s) => typeof s.metrics[metric] === 'number')
      .map((s) => ({ day: s.day, y: s.metrics[metric] as number }));
    return forecast(metric, series, capacities[metric] ?? null, today);
  });
  return {
    window: { from, to: today, days: windowDays, snapshots: snapshots.length },
    resources,
    vendors_near_limits: await vendorsNearLimits(knex, now, adjust),
  };
}
