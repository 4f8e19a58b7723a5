import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { order, type OrderCommand, type OrderState } from '../../../commands/orders/orderDecider.ts';
import type { DecisionSource, ImportedItem, ImportedOrder, OrderAddress, OrderEvent } from '../../../commands/orders/events.ts';
import { sql } from '../../../src/runtime/database.ts';
import { between, pick, seeded, type Rng } from './random.ts';
import { LANGS, LAST, person } from './vocabulary.ts';

/**
 * One vendor's extmarket orders over the last DAYS days, for the order pages: each order decided
 * through the order aggregate's own decider by its age, its events written straight as the event
 * store's rows, 1,000 orders per statement; and one order with a long history (its tracking number
 * changed again and again), for the auditor's view.
 */

/** The orders are placed over this many days up to now. */
export const DAYS = 90;
export const DAY_MS = 86_400_000;

const BULK_APPEND = `
INSERT INTO events (event_id, stream_id, version, type, data, metadata)
SELECT (e->>'id')::uuid, e->>'stream', (e->>'version')::int, e->>'type', e->'data', e->'metadata'
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(e, ord)
 ORDER BY ord`;

/** The vendor the orders belong to and the products they buy. */
export interface Catalogue {
  vendorId: number;
  products: { id: number; name: string; price: number }[];
}

/** The commands of the n-th order's life, by its age: recent orders wait for a decision, old ones have shipped. */
function orderCommands(r: Rng, id: number, n: number, itemIds: () => number, c: Catalogue, now: number): OrderCommand[] {
  const ageMs = Math.floor(r() * DAYS * DAY_MS);
  const placed = now - ageMs;
  const at = (minutes: number) => new Date(Math.min(now - 1000, placed + minutes * 60_000)).toISOString();
  const p = person(id);
  const country = pick(r, ['LU', 'LU', 'FR', 'DE', 'BE'] as const);
  const rate = { LU: 17, FR: 20, DE: 19, BE: 21 }[country];
  const ext = `EXT-${c.vendorId}-${id}`;
  const items: ImportedItem[] = Array.from({ length: between(r, 1, 3) }, (_, k) => {
    const product = pick(r, c.products);
    const quantity = 1 + Math.floor(r() * r() * 4);
    const units = Array.from({ length: quantity }, (_, u) => `${ext}-${k}-${u}`);
    return {
      item_id: itemIds(),
      external_item_id: units[0],
      inventory_unit_ids: units,
      product_id: product.id,
      needs_product_match: false,
      product_name: product.name,
      ean: null,
      mpn: null,
      sku: `SKU-${product.id}`,
      quantity,
      unit_price_cents: product.price,
      is_digital: true,
    };
  });
  const address: OrderAddress = {
    first_name: p.first,
    last_name: p.last,
    company: null,
    street: `${between(r, 1, 200)} rue ${pick(r, LAST)}`,
    street_2: null,
    postal_code: String(between(r, 1000, 9999)),
    city: pick(r, ['Luxembourg', 'Esch', 'Metz', 'Trier', 'Arlon']),
    country_iso: country,
  };
  const gross = items.reduce((sum, i) => sum + i.quantity * i.unit_price_cents, 0);
  const net = Math.round((gross * 100) / (100 + rate));
  const imported: ImportedOrder = {
    order_id: id,
    vendor_id: c.vendorId,
    channel: 'extmarket',
    external_order_id: ext,
    external_shipment_id: `SHP-${ext}`,
    order_number: `${c.vendorId}-${100_000 + n}`,
    order_date: new Date(placed).toISOString(),
    customer_first_name: p.first,
    customer_last_name: p.last,
    customer_email: p.email,
    customer_locale: pick(r, LANGS),
    shipping_country_iso: country,
    billing_country_iso: country,
    shipping_address: address,
    billing_address: address,
    currency: 'EUR',
    items,
    sync_job_id: between(r, 1, 5_000),
    vat: {
      vat_regime: country === 'LU' ? 'domestic' : 'oss',
      vat_rate: rate,
      vat_country_iso: country,
      seller_country_iso: 'LU',
      buyer_vat_number: null,
      vat_exemption_reference: null,
      net_cents: net,
      vat_cents: gross - net,
      gross_cents: gross,
    },
  };
  const v = c.vendorId;
  const source: DecisionSource = 'extmarket';
  const commands: OrderCommand[] = [{ type: 'ImportOrder', data: { order: imported, unmatched: [], at: at(2) } }];
  // What has happened to it by now: the younger the order, the more likely it still waits.
  const x = r();
  const days = ageMs / DAY_MS;
  const waiting = days < 1 ? 0.7 : days < 3 ? 0.15 : 0.02;
  const confirmedOnly = days < 1 ? 0.3 : days < 3 ? 0.45 : 0.1;
  if (x < waiting) return commands;
  if (x < waiting + 0.04) return [...commands, { type: 'RejectOrder', data: { vendor_id: v, source, at: at(60) } }];
  const confirmed: ImportedItem[] = [];
  if (r() < 0.6) {
    commands.push({ type: 'ConfirmOrder', data: { vendor_id: v, source, at: at(60) } });
    confirmed.push(...items);
  } else {
    items.forEach((i, k) => {
      const yes = k === 0 || r() < 0.9;
      if (yes) confirmed.push(i);
      commands.push({
        type: yes ? 'ConfirmOrderItem' : 'DeclineOrderItem',
        data: { vendor_id: v, item_id: i.item_id, source, at: at(60 + k) },
      });
    });
  }
  if (x < waiting + 0.04 + confirmedOnly) return commands;
  // Shipped: each confirmed item whole, or (one order in ten) the first parcel only for now.
  const partly = r() < 0.1;
  confirmed.forEach((i, k) => {
    const quantity = partly && k === 0 && i.quantity > 1 ? 1 : i.quantity;
    if (partly && k > 0) return;
    commands.push({ type: 'ShipItem', data: { vendor_id: v, item_id: i.item_id, quantity, at: at(24 * 60 + k) } });
  });
  return commands;
}

/** The vendor's orders, decided through the order decider, appended 1,000 orders per statement by two writers. */
export async function appendOrders(
  knex: Knex,
  c: Catalogue,
  count: number,
  now: number,
  log: (text: string) => void,
): Promise<{ firstOrder: number; counts: Map<string, number> }> {
  const [{ first }] = await sql<{ first: string }>(knex, "SELECT nextval('order_id_seq')::text AS first");
  const [{ item }] = await sql<{ item: string }>(knex, "SELECT nextval('order_item_id_seq')::text AS item");
  const firstOrder = Number(first);
  let nextItem = Number(item);
  const counts = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 2 }, async (_, w) => {
      const r = seeded(4_242 + w);
      while (next < count) {
        const from = next;
        next = Math.min(count, next + 1_000);
        const to = next;
        const rows: unknown[] = [];
        for (let n = from; n < to; n++) {
          const id = firstOrder + n;
          let state: OrderState = order.initialState();
          let version = 0;
          const metadata = { vendor_id: c.vendorId, user_id: 'system:bench', correlation_id: randomUUID() };
          for (const command of orderCommands(r, id, n, () => nextItem++, c, now)) {
            const events: OrderEvent[] = order.decide(command, state);
            state = events.reduce(order.evolve, state);
            for (const e of events) {
              rows.push({ id: randomUUID(), stream: `order-${id}`, version: ++version, type: e.type, data: e.data, metadata });
              counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
            }
          }
        }
        await sql(knex, BULK_APPEND, [JSON.stringify(rows)]);
        if (to % 25_000 === 0) log(`    appended ${to.toLocaleString('en-US')} orders`);
      }
    }),
  );
  await sql(knex, `SELECT setval('order_id_seq', ${firstOrder + count})`);
  await sql(knex, `SELECT setval('order_item_id_seq', ${nextItem})`);
  return { firstOrder, counts };
}

/**
 * One more order of the vendor with exactly `events` events in its stream, for the auditor's view
 * of its history: imported, confirmed, shipped, then its tracking number changed again and again
 * (a parcel handed from carrier to carrier), each change pushed to the extmarket and its success
 * recorded on the order, as the service does; all through the order decider.
 */
export async function busyOrder(knex: Knex, c: Catalogue, events: number, now: number): Promise<number> {
  const [{ id }] = await sql<{ id: string }>(knex, "SELECT nextval('order_id_seq')::text AS id");
  const orderId = Number(id);
  const nextItem = async () => Number((await sql<{ id: string }>(knex, "SELECT nextval('order_item_id_seq')::text AS id"))[0].id);
  const itemIds: number[] = [];
  for (let k = 0; k < 3; k++) itemIds.push(await nextItem());
  const r = seeded(1_000);
  const [imported] = orderCommands(r, orderId, 999_999, () => itemIds.shift() ?? 0, c, now);
  if (imported.type !== 'ImportOrder') throw new Error('the first command of an order is its import');
  const v = c.vendorId;
  const t0 = Date.parse(imported.data.at);
  const at = (k: number) => new Date(t0 + ((k + 1) * (now - 1000 - t0)) / (events + 1)).toISOString();
  let state: OrderState = order.initialState();
  const rows: unknown[] = [];
  const metadata = { vendor_id: v, user_id: 'system:bench', correlation_id: randomUUID() };
  /** Decides a command, keeps its events as rows; answers the id of the last one. */
  const apply = (command: OrderCommand): string => {
    const decided: OrderEvent[] = order.decide(command, state);
    state = decided.reduce(order.evolve, state);
    let id = '';
    for (const e of decided)
      rows.push({ id: (id = randomUUID()), stream: `order-${orderId}`, version: rows.length + 1, type: e.type, data: e.data, metadata });
    return id;
  };
  apply(imported);
  apply({ type: 'ConfirmOrder', data: { vendor_id: v, source: 'extmarket', at: at(0) } });
  for (const item of imported.data.order.items)
    apply({ type: 'ShipItem', data: { vendor_id: v, item_id: item.item_id, quantity: item.quantity, at: at(1) } });
  for (let k = 2; rows.length < events; k++) {
    const key = apply({
      type: 'SetTracking',
      data: { vendor_id: v, tracking_number: `TRK-${orderId}-${k}`, carrier: pick(r, ['PostLU', 'DHL', 'DPD', 'UPS']), at: at(k) },
    });
    if (rows.length === events) break;
    apply({
      type: 'RecordExtmarketPush',
      data: {
        vendor_id: v,
        key,
        operation: 'set_tracking',
        item_id: null,
        attempt: 1,
        at: at(k),
        ok: true,
        error: null,
        retry_at: null,
        inventory_unit_ids: [],
        external_shipment_id: imported.data.order.external_shipment_id,
        tracking_number: null,
        carrier: null,
      },
    });
  }
  await sql(knex, BULK_APPEND, [JSON.stringify(rows)]);
  return orderId;
}
