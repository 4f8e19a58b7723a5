import type { Knex } from 'knex';
import type { OrderFigureCountRow, OrderFigureDayRow } from '../../projections/orders/orderFigures.ts';

const STATUSES = ['unconfirmed', 'confirmed', 'declined', 'partially_shipped', 'shipped'];
const CHANNELS = ['shop', 'extmarket'];

/** A day of the figures as orderSeries reads it: the day as its YYYY-MM-DD text. */
type FigureDayRead = Omit<OrderFigureDayRow, 'day'> & { day: string };

/**
 * The admin dashboard's order and revenue figures, from the counts kept per status, channel and
 * currency (projections/orders/orderFigures.ts): a handful of rows at any volume. Revenue is the
 * gross value of the orders not declined, per currency.
 */
export async function orderFigures(knex: Knex) {
  const rows = await knex('order_figure_counts').select<OrderFigureCountRow[]>('*');
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, 0]));
  const byChannel = Object.fromEntries(CHANNELS.map((c) => [c, 0]));
  const revenue: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    const n = Number(r.orders);
    total += n;
    byStatus[r.status] = (byStatus[r.status] ?? 0) + n;
    byChannel[r.channel] = (byChannel[r.channel] ?? 0) + n;
    if (r.status !== 'declined') revenue[r.currency] = (revenue[r.currency] ?? 0) + Number(r.gross_cents);
  }
  return { orders: { total, by_status: byStatus, by_channel: byChannel }, revenue: { by_currency: revenue } };
}

/** Orders that arrived per day (order date, UTC) from `from` to `to` (YYYY-MM-DD), by channel, with their gross per currency. */
export async function orderSeries(knex: Knex, from: string, to: string) {
  const rows = await knex('order_figure_days')
    .whereBetween('day', [from, to])
    .select<FigureDayRead[]>(knex.raw('day::text AS day'), 'channel', 'currency', 'orders', 'gross_cents');
  const byDay = new Map<
    string,
    { day: string; orders: number; by_channel: Record<string, number>; gross_cents_by_currency: Record<string, number> }
  >();
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    byDay.set(day, { day, orders: 0, by_channel: Object.fromEntries(CHANNELS.map((c) => [c, 0])), gross_cents_by_currency: {} });
  }
  for (const r of rows) {
    const d = byDay.get(r.day);
    if (!d) continue;
    d.orders += Number(r.orders);
    d.by_channel[r.channel] = (d.by_channel[r.channel] ?? 0) + Number(r.orders);
    d.gross_cents_by_currency[r.currency] = (d.gross_cents_by_currency[r.currency] ?? 0) + Number(r.gross_cents);
  }
  return [...byDay.values()];
}
