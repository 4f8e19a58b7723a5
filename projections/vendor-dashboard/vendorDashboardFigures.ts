import type { Knex } from 'knex';
import type { OrderEvent } from '../../commands/orders/events.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

const EVENTS = [
  'OrderImported',
  'OrderPlaced',
  'OrderConfirmed',
  'OrderDeclined',
  'OrderPartiallyShipped',
  'OrderShipped',
  'OrderItemExceptionRaised',
  'OrderItemExceptionResolved',
  'OrderItemExceptionIgnored',
] as const;
const STATUSES = ['unconfirmed', 'confirmed', 'declined', 'partially_shipped', 'shipped'] as const;
type Status = (typeof STATUSES)[number];

/** Per vendor, status, channel and currency: the orders and their gross value. */
export const VendorOrderCountRow = readModel('vendor_order_counts', {
  vendor_id: column.int(),
  status: column.oneOf(STATUSES),
  channel: column.text(),
  currency: column.text(),
  orders: column.exact(),
  gross_cents: column.exact(),
});
export type VendorOrderCountRow = RowOf<typeof VendorOrderCountRow>;

/** Each order as the figures counted it: its vendor, day (order date, UTC), status, channel, currency and gross value. */
export const VendorOrderStateRow = readModel('vendor_order_states', {
  id: column.int(),
  vendor_id: column.int(),
  day: column.time(),
  status: column.oneOf(STATUSES),
  channel: column.text(),
  currency: column.text(),
  gross_cents: column.exact(),
});
export type VendorOrderStateRow = RowOf<typeof VendorOrderStateRow>;

/** Per vendor, day, channel and currency: the orders that arrived, their gross value, and those declined since. */
export const VendorOrderDayRow = readModel('vendor_order_days', {
  vendor_id: column.int(),
  day: column.time(),
  channel: column.text(),
  currency: column.text(),
  orders: column.exact(),
  gross_cents: column.exact(),
  declined: column.exact(),
  declined_cents: column.exact(),
});
export type VendorOrderDayRow = RowOf<typeof VendorOrderDayRow>;

/** Per vendor, day, product and currency: the units ordered and their gross value. */
export const VendorProductDayRow = readModel('vendor_product_days', {
  vendor_id: column.int(),
  day: column.time(),
  product_id: column.int(),
  product_name: column.text(),
  currency: column.text(),
  quantity: column.exact(),
  gross_cents: column.exact(),
});
export type VendorProductDayRow = RowOf<typeof VendorProductDayRow>;

/** Per vendor, the order item exceptions still open. */
export const VendorOpenExceptionRow = readModel('vendor_open_exceptions', {
  vendor_id: column.int(),
  pending: column.int(),
});
export type VendorOpenExceptionRow = RowOf<typeof VendorOpenExceptionRow>;

const STATUS_OF: Record<string, Status> = {
  OrderConfirmed: 'confirmed',
  OrderDeclined: 'declined',
  OrderPartiallyShipped: 'partially_shipped',
  OrderShipped: 'shipped',
};

/** An order's state row as the fold works on it: its day as YYYY-MM-DD, its gross value as a number (the table's bigint is text). */
type Order = Pick<JsonRow<VendorOrderStateRow>, 'vendor_id' | 'day' | 'status' | 'channel' | 'currency'> & { gross_cents: number };
type Sums = Record<string, number>;

/** Adds `sums` to the row of `key` in a map of pending upserts. */
function add<K extends Record<string, unknown>>(map: Map<string, K & Sums>, key: K, sums: Sums) {
  const id = JSON.stringify(key);
  const row = map.get(id) ?? ({ ...key, ...Object.fromEntries(Object.keys(sums).map((k) => [k, 0])) } as K & Sums);
  for (const [k, v] of Object.entries(sums)) (row as Sums)[k] += v;
  map.set(id, row);
}

/** INSERT … ON CONFLICT DO UPDATE adding the sums to what the row holds. */
async function upsertAdding(trx: Knex.Transaction, table: string, keys: string[], sums: string[], rows: Record<string, unknown>[]) {
  if (rows.length === 0) return;
  const columns = [...keys, ...sums];
  await trx.raw(
    `INSERT INTO ${table} AS t (${columns.join(', ')})
    SELECT ${columns.map((c) => `x.${c}`).join(', ')} FROM json_populate_recordset(null::${table}, ?::json) x
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${sums.map((s) => `${s} = t.${s} + excluded.${s}`).join(', ')}`,
    [JSON.stringify(rows)],
  );
}

/**
 * The vendor dashboard's read model (migrations/202611280901_vendor_dashboard.ts): per vendor, the
 * orders by status, channel and currency; per vendor and day, the orders that arrived and their
 * gross value (less those declined since); per vendor, day and product, the units ordered; and the
 * order item exceptions still open. A batch loads the orders it touches, folds the events in
 * memory, then writes each changed row once, so the dashboard reads a handful of rows at any volume.
 *
 * Not a row projection: its figures are sums added to in SQL (deltas per vendor, day, product and
 * currency), keyed by several columns, over five tables.
 */
export const vendorDashboardFigures: Projection = {
  kind: 'projection',
  name: 'vendor_dashboard_figures',
  eventTypes: EVENTS,
  tables: ['vendor_order_counts', 'vendor_order_states', 'vendor_order_days', 'vendor_product_days', 'vendor_open_exceptions'],
  readModels: [VendorOrderCountRow, VendorOrderStateRow, VendorOrderDayRow, VendorProductDayRow, VendorOpenExceptionRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = [...new Set(events.map((e) => (e.data as { order_id: number }).order_id))];
    const orders = new Map<number, Order>();
    const stored = await trx('vendor_order_states')
      .whereIn('id', ids)
      .select<(Omit<VendorOrderStateRow, 'day'> & { day: string })[]>('*', trx.raw('day::text AS day'));
    for (const r of stored) {
      orders.set(r.id, {
        vendor_id: r.vendor_id,
        day: r.day,
        status: r.status,
        channel: r.channel,
        currency: r.currency,
        gross_cents: Number(r.gross_cents),
      });
    }
    const counts = new Map<string, Pick<VendorOrderCountRow, 'vendor_id' | 'status' | 'channel' | 'currency'> & Sums>();
    const days = new Map<string, Pick<JsonRow<VendorOrderDayRow>, 'vendor_id' | 'day' | 'channel' | 'currency'> & Sums>();
    const products = new Map<string, Pick<JsonRow<VendorProductDayRow>, 'vendor_id' | 'day' | 'product_id' | 'currency'> & Sums>();
    const names = new Map<string, string>();
    const exceptions = new Map<number, number>();
    const count = (o: Order, sign: 1 | -1) =>
      add(
        counts,
        { vendor_id: o.vendor_id, status: o.status, channel: o.channel, currency: o.currency },
        { orders: sign, gross_cents: sign * o.gross_cents },
      );
    const changed = new Set<number>();
    for (const raw of events) {
      const e = domainEvent<OrderEvent>(raw);
      const id = (e.data as { order_id: number }).order_id;
      if (e.type === 'OrderImported' || e.type === 'OrderPlaced') {
        if (orders.has(id)) continue;
        const d = e.data;
        const order: Order = {
          vendor_id: d.vendor_id,
          day: new Date(d.order_date).toISOString().slice(0, 10),
          status: e.type === 'OrderPlaced' ? 'confirmed' : 'unconfirmed',
          channel: d.channel,
          currency: d.currency,
          gross_cents: d.vat.gross_cents,
        };
        orders.set(id, order);
        count(order, 1);
        add(
          days,
          { vendor_id: order.vendor_id, day: order.day, channel: order.channel, currency: order.currency },
          { orders: 1, gross_cents: order.gross_cents, declined: 0, declined_cents: 0 },
        );
        for (const item of d.items) {
          if (item.needs_product_match) continue;
          const key = { vendor_id: order.vendor_id, day: order.day, product_id: item.product_id, currency: order.currency };
          add(products, key, { quantity: item.quantity, gross_cents: item.quantity * item.unit_price_cents });
          names.set(JSON.stringify(key), item.product_name);
        }
      } else if (
        e.type === 'OrderItemExceptionRaised' ||
        e.type === 'OrderItemExceptionResolved' ||
        e.type === 'OrderItemExceptionIgnored'
      ) {
        exceptions.set(e.data.vendor_id, (exceptions.get(e.data.vendor_id) ?? 0) + (e.type === 'OrderItemExceptionRaised' ? 1 : -1));
        continue;
      } else {
        const order = orders.get(id);
        const status = STATUS_OF[e.type];
        if (!order || !status || order.status === status) continue;
        count(order, -1);
        const dayKey = { vendor_id: order.vendor_id, day: order.day, channel: order.channel, currency: order.currency };
        if (status === 'declined') add(days, dayKey, { orders: 0, gross_cents: 0, declined: 1, declined_cents: order.gross_cents });
        else if (order.status === 'declined')
          add(days, dayKey, { orders: 0, gross_cents: 0, declined: -1, declined_cents: -order.gross_cents });
        order.status = status;
        count(order, 1);
      }
      changed.add(id);
    }
    if (changed.size > 0) {
      await trx('vendor_order_states')
        .insert([...changed].map((id) => ({ id, ...orders.get(id)! })))
        .onConflict('id')
        .merge();
    }
    await upsertAdding(
      trx,
      'vendor_order_counts',
      ['vendor_id', 'status', 'channel', 'currency'],
      ['orders', 'gross_cents'],
      [...counts.values()].filter((c) => c.orders !== 0 || c.gross_cents !== 0),
    );
    await upsertAdding(
      trx,
      'vendor_order_days',
      ['vendor_id', 'day', 'channel', 'currency'],
      ['orders', 'gross_cents', 'declined', 'declined_cents'],
      [...days.values()],
    );
    const productRows = [...products.entries()].map(([key, row]) => ({ ...row, product_name: names.get(key) ?? '' }));
    if (productRows.length > 0) {
      await trx.raw(
        `INSERT INTO vendor_product_days AS t (vendor_id, day, product_id, product_name, currency, quantity, gross_cents)
        SELECT x.vendor_id, x.day, x.product_id, x.product_name, x.currency, x.quantity, x.gross_cents FROM json_populate_recordset(null::vendor_product_days, ?::json) x
        ON CONFLICT (vendor_id, day, product_id, currency) DO UPDATE SET quantity = t.quantity + excluded.quantity, gross_cents = t.gross_cents + excluded.gross_cents,
          product_name = excluded.product_name`,
        [JSON.stringify(productRows)],
      );
    }
    await upsertAdding(
      trx,
      'vendor_open_exceptions',
      ['vendor_id'],
      ['pending'],
      [...exceptions.entries()].filter(([, n]) => n !== 0).map(([vendor_id, pending]) => ({ vendor_id, pending })),
    );
  },
};
