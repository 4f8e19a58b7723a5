import type { Knex } from 'knex';
import type {
  VendorOpenExceptionRow,
  VendorOrderCountRow,
  VendorOrderDayRow,
  VendorProductDayRow,
} from '../../projections/vendor-dashboard/vendorDashboardFigures.ts';

const STATUSES = ['unconfirmed', 'confirmed', 'declined', 'partially_shipped', 'shipped'];
const CHANNELS = ['shop', 'extmarket'];
const DAY_MS = 86_400_000;

type Money = Record<string, number>;
const addTo = (m: Money, currency: string, cents: number) => {
  m[currency] = (m[currency] ?? 0) + cents;
};

/** The days from `from` to `to` (YYYY-MM-DD, both included). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * A vendor's orders by status and channel (all time) and its pending order item exceptions,
 * from the counts kept per vendor (projections/vendor-dashboard): a handful of rows at any volume.
 */
export async function vendorOrderCounts(knex: Knex, vendorId: number) {
  const [rows, exceptions] = await Promise.all([
    knex<VendorOrderCountRow>('vendor_order_counts').where({ vendor_id: vendorId }).select('status', 'channel', 'orders'),
    knex<VendorOpenExceptionRow>('vendor_open_exceptions').where({ vendor_id: vendorId }).first('pending'),
  ]);
  const byStatus: Record<string, number> = Object.fromEntries(STATUSES.map((s) => [s, 0]));
  const byChannel: Record<string, number> = Object.fromEntries(CHANNELS.map((c) => [c, 0]));
  let total = 0;
  for (const r of rows) {
    const n = Number(r.orders);
    total += n;
    byStatus[r.status] = (byStatus[r.status] ?? 0) + n;
    byChannel[r.channel] = (byChannel[r.channel] ?? 0) + n;
  }
  return {
    orders: { total, by_status: byStatus, by_channel: byChannel },
    pending_item_exceptions: Math.max(0, Number(exceptions?.pending ?? 0)),
  };
}

/**
 * A vendor's orders per day from `from` to `to` (order date, UTC): the orders that arrived, by
 * channel, their gross value per currency and the revenue (gross of the orders not declined);
 * with the totals and the average order value (revenue over orders not declined) per currency.
 */
export async function vendorOrderDays(knex: Knex, vendorId: number, from: string, to: string) {
  const rows = await knex('vendor_order_days')
    .where({ vendor_id: vendorId })
    .whereBetween('day', [from, to])
    .select<(Omit<VendorOrderDayRow, 'vendor_id' | 'day'> & { day: string })[]>(
      knex.raw('day::text AS day'),
      'channel',
      'currency',
      'orders',
      'gross_cents',
      'declined',
      'declined_cents',
    );
  const days = new Map(
    daysBetween(from, to).map((day) => [
      day,
      {
        day,
        orders: 0,
        by_channel: Object.fromEntries(CHANNELS.map((c) => [c, 0])) as Record<string, number>,
        revenue_cents_by_currency: {} as Money,
      },
    ]),
  );
  const revenue: Money = {};
  const kept: Record<string, number> = {};
  const channels: Record<string, { orders: number; revenue_cents_by_currency: Money }> = Object.fromEntries(
    CHANNELS.map((c) => [c, { orders: 0, revenue_cents_by_currency: {} }]),
  );
  let orders = 0;
  let declined = 0;
  for (const r of rows) {
    const d = days.get(r.day);
    if (!d) continue;
    const n = Number(r.orders);
    const cents = Number(r.gross_cents) - Number(r.declined_cents);
    const currency = r.currency;
    const channel = r.channel;
    d.orders += n;
    d.by_channel[channel] = (d.by_channel[channel] ?? 0) + n;
    addTo(d.revenue_cents_by_currency, currency, cents);
    addTo(revenue, currency, cents);
    kept[currency] = (kept[currency] ?? 0) + n - Number(r.declined);
    const c = channels[channel] ?? (channels[channel] = { orders: 0, revenue_cents_by_currency: {} });
    c.orders += n;
    addTo(c.revenue_cents_by_currency, currency, cents);
    orders += n;
    declined += Number(r.declined);
  }
  const average = Object.fromEntries(Object.entries(revenue).map(([c, cents]) => [c, kept[c] > 0 ? Math.round(cents / kept[c]) : 0]));
  return {
    days: [...days.values()],
    totals: { orders, declined, revenue_cents_by_currency: revenue, average_order_value_cents_by_currency: average },
    channels: Object.entries(channels).map(([channel, c]) => ({
      channel,
      ...c,
      share_percent: orders > 0 ? Math.round((c.orders / orders) * 1000) / 10 : 0,
    })),
  };
}

/** A vendor's most ordered products from `from` to `to`: units and gross value, most units first. */
export async function vendorTopProducts(knex: Knex, vendorId: number, from: string, to: string, limit: number) {
  const rows = await knex('vendor_product_days')
    .where({ vendor_id: vendorId })
    .whereBetween('day', [from, to])
    .groupBy('product_id')
    .select<Pick<VendorProductDayRow, 'product_id' | 'product_name' | 'quantity'>[]>(
      'product_id',
      knex.raw('max(product_name) AS product_name'),
      knex.raw('sum(quantity)::bigint AS quantity'),
    )
    .orderBy([
      { column: 'quantity', order: 'desc' },
      { column: 'product_id', order: 'asc' },
    ])
    .limit(limit);
  if (rows.length === 0) return [];
  const money = await knex('vendor_product_days')
    .where({ vendor_id: vendorId })
    .whereBetween('day', [from, to])
    .whereIn(
      'product_id',
      rows.map((r) => r.product_id),
    )
    .groupBy('product_id', 'currency')
    .select<Pick<VendorProductDayRow, 'product_id' | 'currency' | 'gross_cents'>[]>(
      'product_id',
      'currency',
      knex.raw('sum(gross_cents)::bigint AS gross_cents'),
    );
  const gross = new Map<number, Money>();
  for (const m of money) {
    const g = gross.get(m.product_id) ?? {};
    addTo(g, m.currency, Number(m.gross_cents));
    gross.set(m.product_id, g);
  }
  return rows.map((r) => ({
    product_id: r.product_id,
    product_name: r.product_name,
    quantity: Number(r.quantity),
    gross_cents_by_currency: gross.get(r.product_id) ?? {},
  }));
}
