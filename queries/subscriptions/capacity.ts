import type { Knex } from 'knex';
import type { CapacityMetrics } from '../../src/core/capacityMetrics.ts';
import { sql } from '../../src/runtime/database.ts';
import type { CapacitySnapshotRow } from '../../projections/subscriptions/capacitySnapshots.ts';
import type { VendorSubscriptionRow } from '../../projections/subscriptions/vendorSubscriptions.ts';

const DAY_MS = 86_400_000;
const STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'expired'];

/** The figures of CapacityMetrics that trends and forecasts read (every number of a snapshot). */
export const CAPACITY_METRICS = [
  'vendors',
  'active_vendors',
  'live_subscriptions',
  'products',
  'orders_total',
  'orders_last_24h',
  'events_total',
  'events_last_24h',
  'media_files',
  'media_bytes',
  'database_bytes',
] as const satisfies readonly (keyof CapacityMetrics)[];
export type CapacityMetric = (typeof CAPACITY_METRICS)[number];

const n = (v: unknown) => Number(v ?? 0);

/**
 * Measures the platform now (docs/subscriptions.md "Capacity planning"). `eventsInDatabase` is
 * false on EventStoreDB, whose events are not in this database: those two figures are null.
 */
export async function measureCapacity(knex: Knex, now: Date, eventsInDatabase: boolean): Promise<CapacityMetrics> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const [[vendors], tiers, statuses, [products], [orders], [media], [db], events] = await Promise.all([
    knex('vendor_list').select<{ total: number; active: number }[]>(
      knex.raw('count(*)::int AS total'),
      knex.raw('count(*) FILTER (WHERE is_active)::int AS active'),
    ),
    knex('vendor_subscriptions')
      .groupBy('tier_code')
      .select('tier_code')
      .select<(Pick<VendorSubscriptionRow, 'tier_code'> & { n: number })[]>(knex.raw('count(*)::int AS n')),
    knex('vendor_subscriptions')
      .groupBy('status')
      .select('status')
      .select<(Pick<VendorSubscriptionRow, 'status'> & { n: number })[]>(knex.raw('count(*)::int AS n')),
    knex('vendor_product_list').where({ is_placeholder: false }).count({ n: '*' }),
    knex('order_list').select<{ total: string; recent: string }[]>(
      knex.raw('count(*)::bigint AS total'),
      knex.raw('count(*) FILTER (WHERE imported_at >= ?)::bigint AS recent', [since]),
    ),
    knex('media_list').select<{ files: string; bytes: string }[]>(
      knex.raw('count(*)::bigint AS files'),
      knex.raw('coalesce(sum(total_bytes), 0)::bigint AS bytes'),
    ),
    sql(knex, 'SELECT pg_database_size(current_database())::bigint AS bytes'),
    eventsInDatabase
      ? sql(
          knex,
          "SELECT count(*)::bigint AS total, count(*) FILTER (WHERE recorded_at >= now() - interval '24 hours')::bigint AS recent FROM events",
        )
      : Promise.resolve(null),
  ]);
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, 0]));
  for (const r of statuses) byStatus[r.status] = r.n;
  return {
    vendors: n(vendors.total),
    active_vendors: n(vendors.active),
    subscriptions_by_tier: Object.fromEntries(tiers.map((r) => [r.tier_code, r.n])),
    subscriptions_by_status: byStatus,
    live_subscriptions: byStatus.trialing + byStatus.active + byStatus.past_due,
    products: n(products.n),
    orders_total: n(orders.total),
    orders_last_24h: n(orders.recent),
    events_total: events ? n(events[0].total) : null,
    events_last_24h: events ? n(events[0].recent) : null,
    media_files: n(media.files),
    media_bytes: n(media.bytes),
    database_bytes: db ? n(db.bytes) : null,
  };
}

export interface SnapshotView {
  day: string;
  taken_at: string;
  taken_by: CapacitySnapshotRow['taken_by'];
  times_taken: number;
  metrics: CapacityMetrics;
}

/** A snapshot's row with its day as YYYY-MM-DD text (`day::text`), as every read here selects it. */
type SnapshotRead = Omit<CapacitySnapshotRow, 'day'> & { day: string };

const view = (r: SnapshotRead): SnapshotView => ({
  day: r.day,
  taken_at: r.taken_at.toISOString(),
  taken_by: r.taken_by,
  times_taken: r.times_taken,
  metrics: r.metrics,
});
const snapshots = (knex: Knex) =>
  knex('capacity_snapshots').select<SnapshotRead[]>(knex.raw('day::text AS day'), 'taken_at', 'taken_by', 'times_taken', 'metrics');

export async function latestSnapshot(knex: Knex): Promise<SnapshotView | null> {
  const r = await snapshots(knex).orderBy('day', 'desc').first();
  return r ? view(r) : null;
}

export async function findSnapshot(knex: Knex, day: string): Promise<SnapshotView | null> {
  const r = await snapshots(knex).where('day', day).first();
  return r ? view(r) : null;
}

/** The snapshots of the days from `from` to `to` (inclusive, YYYY-MM-DD), oldest first. */
export async function snapshotsBetween(knex: Knex, from: string, to: string): Promise<SnapshotView[]> {
  return (await snapshots(knex).whereBetween('day', [from, to]).orderBy('day')).map(view);
}
