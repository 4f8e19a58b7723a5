import type { Knex } from 'knex';
import type { OrderEvent, OrderStatus } from '../../commands/orders/events.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type RowOf } from '../../src/core/readModel.ts';
import { ORDER_CHANNELS, ORDER_STATUSES } from './orderList.ts';

const EVENTS = ['OrderImported', 'OrderPlaced', 'OrderConfirmed', 'OrderDeclined', 'OrderPartiallyShipped', 'OrderShipped'] as const;
const STATUS_OF: Record<string, OrderStatus> = {
  OrderConfirmed: 'confirmed',
  OrderDeclined: 'declined',
  OrderPartiallyShipped: 'partially_shipped',
  OrderShipped: 'shipped',
};

/** The orders and their gross value per status, channel and currency. */
export const OrderFigureCountRow = readModel('order_figure_counts', {
  status: column.oneOf(ORDER_STATUSES),
  channel: column.oneOf(ORDER_CHANNELS),
  currency: column.text(),
  orders: column.exact(),
  gross_cents: column.exact(),
});
export type OrderFigureCountRow = RowOf<typeof OrderFigureCountRow>;

/** Each order's place in the counts: what a batch moves from one status to the next. */
export const OrderFigureOrderRow = readModel('order_figure_orders', {
  id: column.int(),
  status: column.oneOf(ORDER_STATUSES),
  channel: column.oneOf(ORDER_CHANNELS),
  currency: column.text(),
  gross_cents: column.exact(),
});
export type OrderFigureOrderRow = RowOf<typeof OrderFigureOrderRow>;

/** The orders that arrived per day (order date, UTC), channel and currency, with their gross value. */
export const OrderFigureDayRow = readModel('order_figure_days', {
  day: column.time(),
  channel: column.oneOf(ORDER_CHANNELS),
  currency: column.text(),
  orders: column.exact(),
  gross_cents: column.exact(),
});
export type OrderFigureDayRow = RowOf<typeof OrderFigureDayRow>;

/** An order in memory: its gross value as a number. */
type Order = Omit<OrderFigureOrderRow, 'id' | 'gross_cents'> & { gross_cents: number };
/** A change of the counts (or of a day's): numbers to add. */
type Delta<R> = Omit<R, 'orders' | 'gross_cents'> & { orders: number; gross_cents: number };

/**
 * order_figure_counts, order_figure_orders and order_figure_days: the orders per status, channel and currency with
 * their gross value, moved from one status to the next as the orders change (the admin
 * dashboard reads a handful of rows at any volume). A batch loads the orders it changes, folds
 * the events in memory, then writes the changed orders and the count deltas once each.
 *
 * Not a row projection: its counts are added to, never replaced (deltas per status, channel and
 * currency in SQL), beside the orders' own rows, three tables in all.
 */
export const orderFigures: Projection = {
  kind: 'projection',
  name: 'order_figures',
  eventTypes: EVENTS,
  tables: ['order_figure_counts', 'order_figure_orders', 'order_figure_days'],
  readModels: [OrderFigureCountRow, OrderFigureOrderRow, OrderFigureDayRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = [...new Set(events.map((e) => (e.data as { order_id: number }).order_id))];
    const orders = new Map<number, Order>();
    for (const r of await trx<OrderFigureOrderRow>('order_figure_orders').whereIn('id', ids).select('*')) {
      orders.set(r.id, { status: r.status, channel: r.channel, currency: r.currency, gross_cents: Number(r.gross_cents) });
    }
    const deltas = new Map<string, Delta<OrderFigureCountRow>>();
    const move = (o: Order, sign: 1 | -1) => {
      const key = `${o.status}\u0000${o.channel}\u0000${o.currency}`;
      const d = deltas.get(key) ?? { status: o.status, channel: o.channel, currency: o.currency, orders: 0, gross_cents: 0 };
      d.orders += sign;
      d.gross_cents += sign * o.gross_cents;
      deltas.set(key, d);
    };
    /** day: the order date's YYYY-MM-DD. */
    const days = new Map<string, Omit<Delta<OrderFigureDayRow>, 'day'> & { day: string }>();
    const arrived = (o: Order, orderDate: string) => {
      const day = orderDate.slice(0, 10);
      const key = `${day}\u0000${o.channel}\u0000${o.currency}`;
      const d = days.get(key) ?? { day, channel: o.channel, currency: o.currency, orders: 0, gross_cents: 0 };
      d.orders++;
      d.gross_cents += o.gross_cents;
      days.set(key, d);
    };
    const changed = new Set<number>();
    for (const raw of events) {
      const e = domainEvent<OrderEvent>(raw);
      const id = (e.data as { order_id: number }).order_id;
      if (e.type === 'OrderImported' || e.type === 'OrderPlaced') {
        if (orders.has(id)) continue;
        const order: Order = {
          status: e.type === 'OrderPlaced' ? 'confirmed' : 'unconfirmed',
          channel: e.data.channel,
          currency: e.data.currency,
          gross_cents: e.data.vat.gross_cents,
        };
        orders.set(id, order);
        move(order, 1);
        arrived(order, new Date(e.data.order_date).toISOString());
      } else {
        const order = orders.get(id);
        const status = STATUS_OF[e.type];
        if (!order || !status || order.status === status) continue;
        move(order, -1);
        order.status = status;
        move(order, 1);
      }
      changed.add(id);
    }
    if (changed.size > 0) {
      await trx('order_figure_orders')
        .insert([...changed].map((id) => ({ id, ...orders.get(id)! })))
        .onConflict('id')
        .merge();
    }
    const rows = [...deltas.values()].filter((d) => d.orders !== 0 || d.gross_cents !== 0);
    if (rows.length > 0) {
      await trx.raw(
        `INSERT INTO order_figure_counts AS c (status, channel, currency, orders, gross_cents)
        SELECT x.status, x.channel, x.currency, x.orders, x.gross_cents FROM json_populate_recordset(null::order_figure_counts, ?::json) x
        ON CONFLICT (status, channel, currency) DO UPDATE SET orders = c.orders + excluded.orders, gross_cents = c.gross_cents + excluded.gross_cents`,
        [JSON.stringify(rows)],
      );
    }
    if (days.size > 0) {
      await trx.raw(
        `INSERT INTO order_figure_days AS d (day, channel, currency, orders, gross_cents)
        SELECT x.day, x.channel, x.currency, x.orders, x.gross_cents FROM json_populate_recordset(null::order_figure_days, ?::json) x
        ON CONFLICT (day, channel, currency) DO UPDATE SET orders = d.orders + excluded.orders, gross_cents = d.gross_cents + excluded.gross_cents`,
        [JSON.stringify([...days.values()])],
      );
    }
  },
};
