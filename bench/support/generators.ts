import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createUser } from '../../commands/users/handlers.ts';
import { userList } from '../../projections/users/userList.ts';
import { order, type OrderCommand, type OrderState } from '../../commands/orders/index.ts';
import type { DecisionSource, ExtmarketOperation, ImportedItem, ImportedOrder, OrderAddress, OrderEvent, OrderVat } from '../../commands/orders/events.ts';
import { vendorProduct, type VendorProductCommand, type VendorProductState } from '../../commands/catalogue/index.ts';
import type { Language, ProductText, Translations, VendorProductEvent, VendorProductFields } from '../../commands/catalogue/events.ts';
import { marketplaceImport, type MarketplaceImportCommand, type MarketplaceImportState } from '../../commands/marketplace-imports/index.ts';
import type { AcceptedRow, MarketplaceImportEvent, RejectedRow } from '../../commands/marketplace-imports/events.ts';
import { productKey } from '../../commands/marketplace-imports/rowMapping.ts';
import { orderList } from '../../projections/orders/orderList.ts';
import { orderDetail } from '../../projections/orders/orderDetail.ts';
import { shipmentStatus } from '../../projections/orders/shipmentStatus.ts';
import { orderItemExceptions } from '../../projections/orders/orderItemExceptions.ts';
import { extmarketPushes } from '../../projections/orders/extmarketPushes.ts';
import { vendorProductList } from '../../projections/catalogue/vendorProductList.ts';
import { marketplaceProductList } from '../../projections/catalogue/marketplaceProductList.ts';
import type { Command, Decider, DomainEvent } from '../../src/core/decider.ts';
import { withCheckDigit } from '../../src/core/gtin.ts';
import type { EventStore, NewEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { sql } from '../../src/runtime/database.ts';

/**
 * Event generators for the benchmarks: each one appends, through the real event store, realistic
 * histories that read models consume. The rebuild scenario (bench/scenarios/rebuild.ts) rebuilds
 * every entry of `rebuildTargets` over the history it names.
 */
const FIRST = ['Anna', 'Luc', 'Marie', 'Jean', 'Sofia', 'Paul', 'Lea', 'Tom', 'Nina', 'Max', 'Eva', 'Ben', 'Lara', 'Noah', 'Mia', 'Leon'];
const LAST = ['Schmit', 'Muller', 'Weber', 'Wagner', 'Hoffmann', 'Klein', 'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard',
  'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefebvre', 'Michel', 'Garcia', 'Rossi', 'Russo', 'Ferrari', 'Esposito'];
const LANGS = ['en', 'fr', 'de', 'lb'] as const;

/** A deterministic, searchable person for user `id`: names from small pools plus a unique surname suffix. */
export function person(id: number) {
  const first = FIRST[id % FIRST.length];
  const last = `${LAST[(id * 7) % LAST.length]}${(id * 7919) % 100_003}`;
  return { first, last, email: `${first.toLowerCase()}.${last.toLowerCase()}.${id}@bench.example`, username: `u${id}_${first.toLowerCase()}` };
}

/** A user's history: UserCreated, then `changes` profile changes. */
export function userHistory(id: number, changes: number, role: 'admin' | 'vendor' = id % 3 === 0 ? 'admin' : 'vendor'): NewEvent[] {
  const p = person(id);
  const at = new Date(Date.UTC(2026, 0, 1) + id * 1000).toISOString();
  const meta = { vendor_id: null, user_id: 'system:bench', correlation_id: randomUUID() };
  const events: NewEvent[] = [{
    id: randomUUID(), type: 'UserCreated', metadata: meta,
    data: {
      user_id: id, role, email: p.email, username: p.username, first_name: p.first, last_name: p.last,
      preferred_language: LANGS[id % 4], must_change_password: false, created_at: at,
      // A hash of the real shape and length; nobody signs in as these users.
      password_hash: `$argon2id$v=19$m=19456,t=2,p=1$${randomUUID().replace(/-/g, '')}$${randomUUID().replace(/-/g, '')}${randomUUID().replace(/-/g, '')}`,
    },
  }];
  for (let c = 1; c <= changes; c++) {
    events.push({
      id: randomUUID(), type: 'UserProfileChanged', metadata: meta,
      data: { user_id: id, changes: c % 2 ? { first_name: `${p.first}${c}` } : { last_name: `${p.last}-${c}`, preferred_language: LANGS[(id + c) % 4] }, at },
    });
  }
  return events;
}

/**
 * Appends the histories of users firstId..firstId+count-1 in big batches: `parallel` transactions
 * at a time, each appending `perTx` users' streams (one append per stream, all of its events).
 */
export async function appendUsers(store: EventStore, knex: Knex, firstId: number, count: number, changes: number,
  options: { parallel?: number; perTx?: number; log?: (text: string) => void } = {}): Promise<number> {
  const parallel = options.parallel ?? 4;
  const perTx = options.perTx ?? 1000;
  let next = 0;
  let appended = 0;
  let reported = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < count) {
      const from = next;
      next = Math.min(count, next + perTx);
      const to = next;
      await knex.transaction(async (trx) => {
        for (let i = from; i < to; i++) {
          const events = userHistory(firstId + i, changes);
          await store.append(`user-${firstId + i}`, events, { expected: 'no_stream', tx: trx });
          appended += events.length;
        }
      });
      if (options.log && appended - reported >= 100_000) { reported = appended; options.log(`    generated ${appended.toLocaleString('en-US')} events`); }
    }
  }));
  return appended;
}

// ---------------------------------------------------------------------------------------------
// Histories of the orders and catalogue areas, written by the areas' real deciders.
//
// A history is a set of aggregates whose commands are planned on a clock of "ticks" (one tick =
// one transaction of one writer = one simulated minute): an order is imported at its tick,
// resolved, confirmed, shipped and tracked ticks later, so in the feed the events of one order
// are spread among those of hundreds of others, as they are in a live store. Each step's command
// goes through the aggregate's `decide` on the state folded in memory (so every event has the
// exact shape and order the service writes, and a plan the state tables refuse throws), and is
// appended with the exact expected version through the real event store, several writers at once
// on disjoint aggregates.

/** Events appended per type, and the rows carried by marketplace import batches. */
export interface Counts { byType: Map<string, number>; rows: number; events: number }

type Rng = () => number;

/** mulberry32: a small seeded generator, so that a history is the same from run to run. */
function seeded(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(r: Rng, values: readonly T[]): T => values[Math.floor(r() * values.length)];
const between = (r: Rng, min: number, max: number) => min + Math.floor(r() * (max - min + 1));

const EPOCH = Date.UTC(2026, 0, 1);
/** Simulated time: one tick is a minute. */
const at = (tick: number, second = 0) => new Date(EPOCH + tick * 60_000 + second * 1000).toISOString();

interface Step<S, C> { tick: number; make: (state: S) => C | null }

interface Script<S, C extends Command, E extends DomainEvent> {
  decider: Decider<S, C, E>;
  /** New aggregates per tick and writer (fractions accumulate). */
  perTick: number;
  /** The steps of a new aggregate `id` that starts at `tick`: the first one at `tick`. */
  plan(id: number, tick: number, r: Rng): Step<S, C>[];
  /** Steps that follow from events just appended (their ids are known now), at later ticks. */
  react?(appended: { id: string; type: string; data: any }[], tick: number, r: Rng): Step<S, C>[];
  vendorOf(state: S): number | null;
}

/**
 * The events of one tick of one writer in one statement: the rows the adapter's append writes
 * (same table, same defaults for position, tx_id and recorded_at), for many streams at once, in
 * the order given (each stream's versions continue where the writer's state left them; the
 * unique (stream_id, version) index refuses a wrong one). One store.append per stream cost a
 * round trip each: about 4,000 events/s on this machine, against tens of thousands this way.
 */
const BULK_APPEND = `
INSERT INTO events (event_id, stream_id, version, type, data, metadata)
SELECT (e->>'id')::uuid, e->>'stream', (e->>'version')::int, e->>'type', e->'data', e->'metadata'
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(e, ord)
 ORDER BY ord`;

/**
 * Runs a script with `writers` concurrent writers, each writing one tick per statement, until
 * `enough(counts)` holds; aggregates already started then finish their plans.
 */
async function runScript<S, C extends Command, E extends DomainEvent>(knex: Knex, script: Script<S, C, E>,
  options: { writers?: number; enough: (counts: Counts) => boolean; log?: (text: string) => void; seed: number }): Promise<Counts> {
  const counts: Counts = { byType: new Map(), rows: 0, events: 0 };
  const writers = options.writers ?? 3;
  let nextId = 1;
  let reported = 0;
  let stopped = false;
  const stop = () => (stopped ||= options.enough(counts));
  await Promise.all(Array.from({ length: writers }, async (_, w) => {
    const r = seeded(options.seed * 7919 + w);
    const buckets = new Map<number, { id: number; make: Step<S, C>['make'] }[]>();
    const live = new Map<number, { state: S; version: number; pending: number }>();
    const schedule = (id: number, steps: Step<S, C>[]) => {
      const agg = live.get(id)!;
      for (const s of steps) {
        let bucket = buckets.get(s.tick);
        if (!bucket) buckets.set(s.tick, (bucket = []));
        bucket.push({ id, make: s.make });
        agg.pending++;
      }
    };
    for (let tick = 0; ; tick++) {
      const starting = !stop();
      if (!starting && buckets.size === 0) break;
      if (starting) {
        const n = Math.floor((tick + 1) * script.perTick) - Math.floor(tick * script.perTick);
        for (let k = 0; k < n; k++) {
          const id = nextId++;
          live.set(id, { state: script.decider.initialState(), version: 0, pending: 0 });
          schedule(id, script.plan(id, tick, r));
        }
      }
      const rows: { id: string; stream: string; version: number; type: string; data: unknown; metadata: unknown }[] = [];
      const due = buckets.get(tick) ?? [];
      buckets.delete(tick);
      for (const { id, make } of due) {
        const agg = live.get(id)!;
        agg.pending--;
        const command = make(agg.state);
        if (command) {
          let decided: E[];
          try {
            decided = script.decider.decide(command, agg.state);
          } catch (err) {
            throw new Error(`history of ${script.decider.aggregate}-${id}: ${command.type} refused: ${(err as Error).message}`);
          }
          if (decided.length > 0) {
            agg.state = decided.reduce(script.decider.evolve, agg.state);
            const metadata = { vendor_id: script.vendorOf(agg.state), user_id: 'system:bench', correlation_id: randomUUID() };
            const stream = `${script.decider.aggregate}-${id}`;
            const events = decided.map((e) => ({ id: randomUUID(), stream, version: ++agg.version, type: e.type, data: e.data, metadata }));
            rows.push(...events);
            for (const e of events) {
              counts.byType.set(e.type, (counts.byType.get(e.type) ?? 0) + 1);
              if (e.type === 'MarketplaceImportRowsAccepted') counts.rows += (e.data as any).rows.length;
            }
            counts.events += events.length;
            if (script.react) schedule(id, script.react(events, tick, r));
          }
        }
        if (agg.pending === 0) live.delete(id);
      }
      if (rows.length > 0) await sql(knex, BULK_APPEND, [JSON.stringify(rows)]);
      if (options.log && counts.events - reported >= 250_000) { reported = counts.events; options.log(`    generated ${counts.events.toLocaleString('en-US')} events`); }
    }
  }));
  return counts;
}

// ---- orders ---------------------------------------------------------------------------------

const ORDER_VENDORS = 40;
const placeholderProduct = (vendor: number) => 1_000_000 + vendor;
const vendorUser = (vendor: number) => 10_000 + vendor;
const CARRIERS = ['DHL', 'UPS', 'Post Luxembourg', 'DPD', 'GLS', null] as const;
const WORDS = ['Organic', 'Steel', 'Wireless', 'Classic', 'Compact', 'Deluxe', 'Cotton', 'Smart', 'Travel', 'Kids', 'Garden', 'Pro'];
const THINGS = ['Kettle', 'Headphones', 'Backpack', 'Lamp', 'Mug', 'Charger', 'Sneakers', 'Blender', 'Notebook', 'Chair', 'Tent', 'Watch'];
/** [country, VAT rate] of the buyers; the sellers are in Luxembourg. */
const BUYERS = [['LU', 17], ['LU', 17], ['FR', 20], ['DE', 19], ['BE', 21], ['NL', 21], ['AT', 20], ['IT', 22]] as const;

function ean(r: Rng): string {
  return withCheckDigit(`40${String(Math.floor(r() * 1e10)).padStart(10, '0')}`);
}

function orderVat(r: Rng, gross: number, country: string, rate: number): OrderVat {
  if (country !== 'LU' && r() < 0.06) {
    return {
      vat_regime: 'reverse_charge', vat_rate: 0, vat_country_iso: null, seller_country_iso: 'LU', buyer_vat_number: `${country}${between(r, 100_000_000, 999_999_999)}`,
      vat_exemption_reference: 'Reverse charge: Article 196 of Council Directive 2006/112/EC', net_cents: gross, vat_cents: 0, gross_cents: gross,
    };
  }
  const net = Math.round((gross * 100) / (100 + rate));
  return {
    vat_regime: country === 'LU' ? 'domestic' : 'oss', vat_rate: rate, vat_country_iso: country, seller_country_iso: 'LU', buyer_vat_number: null,
    vat_exemption_reference: null, net_cents: net, vat_cents: gross - net, gross_cents: gross,
  };
}

/**
 * Orders of extmarket vendors. Most are live orders: imported by the sync (1 in 8 items matches
 * no product and raises an exception, resolved or ignored a few minutes later), confirmed whole or
 * item by item (some items declined, a few orders rejected), shipped in up to three parcels,
 * tracked (sometimes corrected), and every decision of ours pushed to the extmarket (some pushes
 * fail and are retried). A share are the historical import of a vendor that joins: every item
 * unmatched until its catalogue is imported (resolved by the import, by hand, or ignored), the
 * decisions reported by the extmarket itself.
 */
function ordersScript(historicalShare: number): Script<OrderState, OrderCommand, OrderEvent> {
  let nextItem = 1;
  let nextException = 1;
  let nextProduct = 500_000;
  return {
    decider: order,
    perTick: 150,
    vendorOf: (s) => (s.status === 'none' ? null : s.vendor_id),
    plan(id, tick, r) {
      const vendor = 1 + (id % ORDER_VENDORS);
      const historical = r() < historicalShare;
      const p = person(id);
      const [country, rate] = pick(r, BUYERS);
      const ext = `EXT-${vendor}-${id}`;
      const items: ImportedItem[] = Array.from({ length: between(r, 1, 3) }, (_, n) => {
        const quantity = 1 + Math.floor(r() * r() * 5);
        const unmatched = historical || r() < 1 / 8;
        const units = Array.from({ length: quantity }, (_, k) => `${ext}-${n}-${k}`);
        return {
          item_id: nextItem++, external_item_id: units[0], inventory_unit_ids: units,
          product_id: unmatched ? placeholderProduct(vendor) : between(r, 1, 200_000), needs_product_match: unmatched,
          product_name: `${pick(r, WORDS)} ${pick(r, THINGS)} ${between(r, 1, 999)}`, ean: ean(r), mpn: r() < 0.5 ? `MPN-${between(r, 1000, 99999)}` : null,
          sku: `SKU-${vendor}-${between(r, 1, 20_000)}`, quantity, unit_price_cents: between(r, 199, 19_999), is_digital: r() < 0.03,
        };
      });
      const address: OrderAddress = {
        first_name: p.first, last_name: p.last, company: r() < 0.1 ? `${p.last} SARL` : null, street: `${between(r, 1, 200)} rue ${pick(r, LAST)}`,
        street_2: r() < 0.2 ? `apt ${between(r, 1, 40)}` : null, postal_code: String(between(r, 1000, 9999)), city: pick(r, ['Luxembourg', 'Esch', 'Metz', 'Trier', 'Arlon', 'Lyon']), country_iso: country,
      };
      const gross = items.reduce((sum, i) => sum + i.quantity * i.unit_price_cents, 0);
      const imported: ImportedOrder = {
        order_id: id, vendor_id: vendor, channel: 'extmarket', external_order_id: ext, external_shipment_id: `SHP-${ext}`, order_number: `${vendor}-${100_000 + id}`,
        order_date: at(tick - (historical ? between(r, 1_000, 400_000) : between(r, 1, 30))), customer_first_name: p.first, customer_last_name: p.last,
        customer_email: p.email, customer_locale: pick(r, LANGS), shipping_country_iso: country, billing_country_iso: country,
        shipping_address: address, billing_address: r() < 0.9 ? address : { ...address, street: `${between(r, 1, 200)} avenue ${pick(r, LAST)}` },
        currency: 'EUR', items, vat: orderVat(r, gross, country, rate), sync_job_id: historical ? 100_000 + vendor : between(r, 1, 5_000),
      };
      const unmatched = items.filter((i) => i.needs_product_match).map((i) => ({ exception_id: nextException++, item_id: i.item_id, placeholder_product_id: placeholderProduct(vendor) }));
      const steps: Step<OrderState, OrderCommand>[] = [{ tick, make: () => ({ type: 'ImportOrder', data: { order: imported, unmatched, at: at(tick) } }) }];
      // Exceptions: the catalogue import brings the product (its GTIN matches), or the vendor matches by hand or leaves it.
      for (const x of unmatched) {
        const when = historical ? tick + between(r, 3, 15) : tick + between(r, 1, 3);
        const item = items.find((i) => i.item_id === x.item_id)!;
        const how = r();
        steps.push({
          tick: when,
          make: () => how < 0.1
            ? { type: 'IgnoreOrderItemException', data: { vendor_id: vendor, exception_id: x.exception_id, by: vendorUser(vendor), at: at(when, 5) } }
            : { type: 'ResolveOrderItemException', data: {
              vendor_id: vendor, exception_id: x.exception_id, product_id: nextProduct++, product_gtin: how < 0.8 ? item.ean : null,
              resolution: how < 0.8 ? 'product_imported' : 'manual', by: how < 0.8 ? null : vendorUser(vendor), at: at(when, 5) } },
        });
      }
      if (historical) {
        // The extmarket reports what the vendor decided there, item by item; shipping happened there too.
        for (const i of items) {
          const confirm = r() < 0.95;
          steps.push({ tick: tick + 1, make: () => ({ type: confirm ? 'ConfirmOrderItem' : 'DeclineOrderItem', data: { vendor_id: vendor, item_id: i.item_id, source: 'extmarket', at: at(tick + 1) } }) });
        }
        return steps;
      }
      const source = (): DecisionSource => { const x = r(); return x < 0.75 ? 'vendor' : x < 0.95 ? 'extmarket' : 'admin'; };
      const decided = tick + 4;
      let confirmed: ImportedItem[];
      const mode = r();
      if (mode < 0.03) {
        const s = source();
        steps.push({ tick: decided, make: () => ({ type: 'RejectOrder', data: { vendor_id: vendor, source: s, at: at(decided, 10) } }) });
        confirmed = [];
      } else if (mode < 0.5) {
        const s = source();
        steps.push({ tick: decided, make: () => ({ type: 'ConfirmOrder', data: { vendor_id: vendor, source: s, at: at(decided, 10) } }) });
        confirmed = items;
      } else {
        confirmed = [];
        items.forEach((i, n) => {
          const yes = r() < 0.92;
          if (yes) confirmed.push(i);
          const s = source();
          steps.push({ tick: decided + n, make: () => ({ type: yes ? 'ConfirmOrderItem' : 'DeclineOrderItem', data: { vendor_id: vendor, item_id: i.item_id, source: s, at: at(decided + n, 20) } }) });
        });
      }
      if (confirmed.length === 0) return steps;
      const shipped = tick + between(r, 8, 12);
      for (const i of confirmed) {
        // Units ship in one parcel, or (when several) in up to three as they come in.
        const parts = i.quantity >= 2 && r() < 0.6 ? between(r, 2, Math.min(3, i.quantity)) : 1;
        let left = i.quantity;
        for (let part = 0, when = shipped; part < parts; part++, when += between(r, 2, 6)) {
          const quantity = part === parts - 1 ? left : between(r, 1, left - (parts - part - 1));
          left -= quantity;
          const tick = when;
          steps.push({ tick, make: () => ({ type: 'ShipItem', data: { vendor_id: vendor, item_id: i.item_id, quantity, at: at(tick, 30) } }) });
        }
      }
      if (r() < 0.9) {
        const carrier = pick(r, CARRIERS);
        steps.push({ tick: shipped, make: () => ({ type: 'SetTracking', data: { vendor_id: vendor, tracking_number: `1Z${id}${between(r, 1000, 9999)}`, carrier, at: at(shipped, 40) } }) });
        if (r() < 0.08) {
          steps.push({ tick: shipped + 3, make: () => ({ type: 'SetTracking', data: { vendor_id: vendor, tracking_number: `1Z${id}C${between(r, 1000, 9999)}`, carrier, at: at(shipped + 3, 40) } }) });
        }
      }
      return steps;
    },
    react(appended, tick, r) {
      const steps: Step<OrderState, OrderCommand>[] = [];
      for (const e of appended) {
        const d = e.data;
        const decision = (e.type === 'OrderItemConfirmed' || e.type === 'OrderItemDeclined') && d.channel === 'extmarket' && d.source !== 'extmarket';
        const tracking = e.type === 'OrderTrackingSet' && d.channel === 'extmarket';
        if (!decision && !tracking) continue;
        const base = {
          vendor_id: d.vendor_id, key: e.id, operation: (decision ? (e.type === 'OrderItemConfirmed' ? 'confirm_item' : 'decline_item') : 'set_tracking') as ExtmarketOperation,
          item_id: decision ? d.item_id : null, inventory_unit_ids: decision ? d.inventory_unit_ids : [], external_shipment_id: tracking ? d.external_shipment_id : null,
          tracking_number: tracking ? d.tracking_number : null, carrier: tracking ? d.carrier : null,
        };
        // Most pushes land at once; some fail (the extmarket is down) and land on a retry.
        const attempts = r() < 0.88 ? 1 : r() < 0.9 ? 2 : 3;
        for (let attempt = 1, when = tick + 1; attempt <= attempts; attempt++, when += 2 + attempt) {
          const ok = attempt === attempts;
          const retry = when + 2 + attempt;
          steps.push({ tick: when, make: () => ({
            type: 'RecordExtmarketPush',
            data: { ...base, attempt, at: at(when, 50), ok, error: ok ? null : 'extmarket answered 503 Service Unavailable', retry_at: ok ? null : at(retry) },
          }) });
        }
      }
      return steps;
    },
  };
}

// ---- catalogue --------------------------------------------------------------------------------

const TAX_RATES = [1700, 1700, 1700, 800, 300] as const;
const MARKETPLACES = ['Amazon', 'Letzshop', 'eBay'] as const;

function productText(r: Rng, language: Language, seed: number): ProductText {
  const name = `${pick(r, WORDS)} ${pick(r, THINGS)} ${seed % 997}`;
  const word = { en: 'Quality', fr: 'Qualité', de: 'Qualität', lb: 'Qualitéit' }[language];
  return {
    title: language === 'en' ? name : `${name} (${language})`,
    description: r() < 0.8 ? `${word}: ${name}, ${pick(r, WORDS).toLowerCase()} design, ${between(r, 1, 5)} years warranty. Ships within ${between(r, 1, 5)} days.` : null,
    short_description: r() < 0.5 ? `${word} ${name}` : null,
  };
}

/**
 * Vendor products: created by vendors (some copied from a marketplace product), then changed
 * over weeks: prices and sale prices most often, titles and translations, brand and image, taken
 * off sale and put back, and a few deleted.
 */
function vendorProductsScript(): Script<VendorProductState, VendorProductCommand, VendorProductEvent> {
  return {
    decider: vendorProduct,
    perTick: 120,
    vendorOf: (s) => (s.status === 'none' ? null : s.vendor_id),
    plan(id, tick, r) {
      const vendor = 1 + (id % ORDER_VENDORS);
      const price = between(r, 199, 49_999);
      const gtin = r() < 0.85 ? ean(r) : null;
      const translations: Translations = { en: productText(r, 'en', id) };
      if (r() < 0.4) translations.fr = productText(r, 'fr', id);
      if (r() < 0.3) translations.de = productText(r, 'de', id);
      const created: VendorProductCommand = {
        type: 'CreateVendorProduct',
        data: {
          product_id: id, vendor_id: vendor, is_placeholder: false, source_marketplace_product_id: r() < 0.4 ? between(r, 1, 500_000) : null,
          vendor_sku: r() < 0.9 ? `V${vendor}-${id}` : null, gtin, gtin_type: gtin ? 'EAN13' : null, marketplace: r() < 0.6 ? pick(r, MARKETPLACES) : null,
          brand: r() < 0.8 ? pick(r, LAST) : null, image_link: r() < 0.7 ? `https://cdn.example.com/p/${vendor}/${id}.webp` : null,
          product_type_raw: r() < 0.5 ? `Home > ${pick(r, THINGS)}` : null, is_digital: r() < 0.03,
          translations, price_cents: price, sale_price_cents: r() < 0.2 ? Math.floor(price * 0.8) : null, cost_cents: r() < 0.6 ? Math.floor(price * 0.5) : null,
          tax_rate_bp: pick(r, TAX_RATES), currency: 'EUR', is_active: r() < 0.9, at: at(tick),
        },
      };
      const steps: Step<VendorProductState, VendorProductCommand>[] = [{ tick, make: () => created }];
      const changes = between(r, 0, 8);
      for (let c = 0; c < changes; c++) {
        const when = tick + between(r, 1, 60);
        const kind = r();
        const x = r();
        const change = (state: VendorProductState): Partial<VendorProductFields> | null => {
          if (state.status !== 'active' && state.status !== 'inactive') return null;
          if (kind < 0.45) {
            const next = Math.max(199, Math.round(state.price_cents * (0.85 + x * 0.3)));
            return { price_cents: next, sale_price_cents: x < 0.25 ? Math.floor(next * 0.9) : null };
          }
          if (kind < 0.55) return { cost_cents: Math.floor(state.price_cents * (0.3 + x * 0.4)) };
          if (kind < 0.8) {
            const language = pick(r, ['en', 'en', 'fr', 'de', 'lb'] as const);
            return { translations: { [language]: productText(r, language, id + c + 1) } };
          }
          if (kind < 0.88) return x < 0.5 ? { brand: pick(r, LAST) } : { image_link: `https://cdn.example.com/p/${vendor}/${id}-${c}.webp` };
          return { is_active: state.status !== 'active' };
        };
        steps.push({ tick: when, make: (state) => {
          const changes = change(state);
          return changes ? { type: 'ChangeVendorProduct', data: { acting_vendor_id: x < 0.9 ? vendor : null, changes, at: at(when, 15) } } : null;
        } });
      }
      if (r() < 0.04) {
        const when = tick + 61;
        steps.push({ tick: when, make: (state) => (state.status === 'active' || state.status === 'inactive'
          ? { type: 'DeleteVendorProduct', data: { acting_vendor_id: vendor, at: at(when) } } : null) });
      }
      return steps;
    },
  };
}

/**
 * Marketplace CSV imports as the import worker writes them: Requested, Started, then one append
 * per 1,000 rows (the accepted rows, the rejected ones, the progress), then Completed, or Failed
 * part-way (1 in 20). Each marketplace feed is imported in English, then in German: the second
 * import updates the same products (same keys, same ids) and adds their German texts.
 */
function marketplaceImportsScript(rowsPerJob: number): Script<MarketplaceImportState, MarketplaceImportCommand, MarketplaceImportEvent> {
  const BATCH = 1000;
  return {
    decider: marketplaceImport,
    perTick: 0.25,
    vendorOf: (s) => (s.status === 'none' ? null : s.vendor_id),
    plan(id, tick, r) {
      const feed = Math.floor((id - 1) / 2);
      const language: Language = id % 2 === 1 ? 'en' : 'de';
      const marketplace = MARKETPLACES[feed % MARKETPLACES.length];
      const vendor = 1 + (feed % ORDER_VENDORS);
      const fails = r() < 0.05 ? between(r, 1, Math.ceil(rowsPerJob / BATCH)) : 0;
      const steps: Step<MarketplaceImportState, MarketplaceImportCommand>[] = [
        { tick, make: () => ({ type: 'RequestMarketplaceImport', data: {
          job_id: id, vendor_id: vendor, language, marketplace, delimiter: null, source: { kind: 'url', url: `https://feeds.example.com/${marketplace}/${feed}.csv` },
          requested_by: vendorUser(vendor), created_by_name: `Vendor ${vendor}`, at: at(tick) } }) },
        { tick: tick + 1, make: () => ({ type: 'StartMarketplaceImport', data: { at: at(tick + 1) } }) },
      ];
      const batches = Math.ceil(rowsPerJob / BATCH);
      const bytesTotal = rowsPerJob * 420;
      for (let b = 0; b < batches; b++) {
        const when = tick + 2 + b;
        if (fails && b === fails) {
          steps.push({ tick: when, make: () => ({ type: 'FailMarketplaceImport', data: { error_code: 'parse_error', error: `Row ${b * BATCH + 2}: unterminated quoted field`, at: at(when) } }) });
          return steps;
        }
        steps.push({ tick: when, make: () => {
          const accepted: AcceptedRow[] = [];
          const rejected: RejectedRow[] = [];
          for (let k = 0; k < BATCH && b * BATCH + k < rowsPerJob; k++) {
            const index = feed * rowsPerJob + b * BATCH + k;
            const row = b * BATCH + k + 2;
            if (r() < 0.015) {
              rejected.push({ row, identifier: null, error_type: 'missing_identifier', message: 'The row has neither a GTIN nor a SKU', row_data: { title: `Item ${index}` } });
              continue;
            }
            const gtin = withCheckDigit(`41${String(index).padStart(10, '0')}`);
            const price = 199 + ((index * 7919) % 49_800);
            const text = productText(r, language, index);
            accepted.push({
              row, product_id: index + 1, key: productKey(vendor, gtin, marketplace, null), gtin, gtin_type: 'EAN13', sku: `${marketplace.slice(0, 3).toUpperCase()}-${index}`,
              brand: pick(r, LAST), image_link: `https://images.example.com/${marketplace}/${index}.jpg`, price_cents: price,
              sale_price_cents: index % 5 === 0 ? Math.floor(price * 0.9) : null, currency: 'EUR', product_type_raw: `Home > ${pick(r, THINGS)}`,
              marketplace, vendor_name: `Vendor ${vendor}`, title: text.title, description: text.description, short_description: text.short_description,
            });
          }
          return { type: 'RecordImportBatch', data: {
            accepted, rejected, new_products: language === 'en' ? accepted.length : 0, bytes_read: Math.min(bytesTotal, (b + 1) * BATCH * 420), bytes_total: bytesTotal, at: at(when),
          } };
        } });
      }
      steps.push({ tick: tick + 2 + batches, make: () => ({ type: 'CompleteMarketplaceImport', data: { at: at(tick + 2 + batches) } }) });
      return steps;
    },
  };
}

// ---- the targets ------------------------------------------------------------------------------

/**
 * A history feeds several read models: it is generated once per database, until each of its
 * targets has its minimum (its events, or for the marketplace catalogue the rows they carry).
 */
export interface History {
  name: string;
  generate(store: EventStore, knex: Knex, enough: (counts: Counts) => boolean, log?: (text: string) => void): Promise<Counts>;
}

export interface RebuildTarget {
  /** The real projection (as registered in src/consumers.ts). */
  projection: Projection;
  history: History;
  /**
   * What the minimum counts: the projection's events, or (marketplace_product_list, whose every
   * event carries an import batch of 1,000 rows) the rows those events carry.
   */
  unit: 'events' | 'rows';
}

/** How much of what a target reads a history has appended so far. */
export function targetAmount(target: RebuildTarget, counts: Counts): number {
  if (target.unit === 'rows') return counts.rows;
  return target.projection.eventTypes.reduce((sum, t) => sum + (counts.byType.get(t) ?? 0), 0);
}

const usersHistory: History = {
  name: 'users',
  async generate(store, knex, enough, log) {
    // UserCreated + 4 UserProfileChanged per user, in steps of 2,000 users until enough.
    const counts: Counts = { byType: new Map(), rows: 0, events: 0 };
    let first = 1;
    while (!enough(counts)) {
      const users = 2_000;
      const n = await appendUsers(store, knex, first, users, 4, { log });
      first += users;
      counts.events += n;
      counts.byType.set('UserCreated', (counts.byType.get('UserCreated') ?? 0) + users);
      counts.byType.set('UserProfileChanged', (counts.byType.get('UserProfileChanged') ?? 0) + n - users);
    }
    return counts;
  },
};

/** Three in ten orders come from the historical imports of joining vendors (all items unmatched). */
const ordersHistory: History = {
  name: 'orders',
  generate: (_store, knex, enough, log) => runScript(knex, ordersScript(0.3), { enough, log, seed: 1 }),
};

const catalogueHistory: History = {
  name: 'vendor products',
  generate: (_store, knex, enough, log) => runScript(knex, vendorProductsScript(), { enough, log, seed: 2 }),
};

const marketplaceHistory: History = {
  name: 'marketplace imports',
  generate: (_store, knex, enough, log) => runScript(knex, marketplaceImportsScript(20_000), { enough, log, seed: 3, writers: 2 }),
};

export const rebuildTargets: RebuildTarget[] = [
  { projection: userList, history: usersHistory, unit: 'events' },
  { projection: orderList, history: ordersHistory, unit: 'events' },
  { projection: orderDetail, history: ordersHistory, unit: 'events' },
  { projection: shipmentStatus, history: ordersHistory, unit: 'events' },
  { projection: orderItemExceptions, history: ordersHistory, unit: 'events' },
  { projection: extmarketPushes, history: ordersHistory, unit: 'events' },
  { projection: vendorProductList, history: catalogueHistory, unit: 'events' },
  { projection: marketplaceProductList, history: marketplaceHistory, unit: 'rows' },
];

/** The admin the benchmarks sign in as (the child service's ADMIN_EMAIL/ADMIN_PASSWORD), created through the real command. */
export async function createBenchAdmin(store: EventStore, knex: Knex, admin: { email: string; username: string; password: string }): Promise<number> {
  const { id } = await createUser({ store, db: knex }, { ...admin, role: 'admin' }, { userId: 'system:bench', correlationId: 'bench-admin' });
  return id;
}
