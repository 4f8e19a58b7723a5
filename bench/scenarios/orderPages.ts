import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { Latencies, now, runFor, type Sample, type Scenario, type ScenarioContext } from '../harness.ts';
import { vendorOrderCounts, vendorOrderDays, vendorTopProducts } from '../../queries/vendor-dashboard/vendorFigures.ts';
import { adminLogin, CHILD_ADMIN, startService, type ChildService } from '../../test/support/childService.ts';
import { order, type OrderCommand, type OrderState } from '../../commands/orders/index.ts';
import type { DecisionSource, ImportedItem, ImportedOrder, OrderAddress, OrderEvent } from '../../commands/orders/events.ts';
import { createBenchAdmin, person } from '../support/generators/index.ts';
import { between, pick, seeded, type Rng } from '../support/generators/random.ts';
import { LANGS, LAST, THINGS, WORDS } from '../support/generators/vocabulary.ts';
import { load } from '../support/http.ts';
import { openStore, silent } from '../support/store.ts';
import { call } from '../support/vendorFixture.ts';
import { extmarketPushes } from '../../projections/orders/extmarketPushes.ts';
import { orderDetail } from '../../projections/orders/orderDetail.ts';
import { orderFigures } from '../../projections/orders/orderFigures.ts';
import { orderItemExceptions } from '../../projections/orders/orderItemExceptions.ts';
import { orderList } from '../../projections/orders/orderList.ts';
import { shipmentStatus } from '../../projections/orders/shipmentStatus.ts';
import { vendorDashboardFigures } from '../../projections/vendor-dashboard/vendorDashboardFigures.ts';
import { rebuildProjection } from '../../src/runtime/rebuild.ts';
import { sql } from '../../src/runtime/database.ts';

/**
 * The vendor's order pages at 100,000 orders of one vendor, on PostgreSQL:
 *
 * 1. The back office's order list (GET /vendor/orders, server-rendered, signed in through the
 *    sign-in form with the session cookie a browser keeps) against the vendor API's list (GET
 *    /api/v1/vendor/orders, the owner's bearer token) with the same filters and page (the page
 *    shows 25 orders: the API is asked for limit=25), alternating, in four kinds of request: the
 *    first page, a status filter (pages 1-5), a customer search, a deep page (the middle of the list).
 * 2. The vendor dashboard's API (GET /api/v1/vendor/dashboard/stats and GET
 *    /api/v1/vendor/analytics, the paths src/http/vendor/dashboard.ts declares), against GET
 *    /api/v1/vendor/auth/me (the vendor guard and one statement) of the same service in the same
 *    run, alternating: the dashboard's cost over the cheapest authenticated vendor route.
 *
 * The orders are one vendor's extmarket orders over the last 90 days, decided through the order
 * aggregate's own decider (import, then confirmed whole or item by item, declined, shipped in one
 * or two parcels, by age), appended as the event store's rows, 1,000 orders per statement; then
 * every read model of the order events is rebuilt from the feed (rebuildProjection, as `npm run
 * projections -- rebuild` does, VACUUM ANALYZE at the end). The decisions are the extmarket's
 * (`source: extmarket`) and the vendor's catalogue is digital, so that the service's start has no
 * extmarket pushes or stock movements to replay before it is ready; none of the read models
 * measured reads either.
 */
const ORDERS = 100_000;
const DAYS = 90;
const DAY_MS = 86_400_000;
const PRODUCTS = 20;
const PAGE_SIZE = 25;
/** A vendor's back office is used by its team, a few people at once: 8 requests in flight. */
const CONNECTIONS = 8;

const BULK_APPEND = `
INSERT INTO events (event_id, stream_id, version, type, data, metadata)
SELECT (e->>'id')::uuid, e->>'stream', (e->>'version')::int, e->>'type', e->'data', e->'metadata'
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(e, ord)
 ORDER BY ord`;

interface Catalogue { vendorId: number; products: { id: number; name: string; price: number }[] }

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
      item_id: itemIds(), external_item_id: units[0], inventory_unit_ids: units, product_id: product.id, needs_product_match: false,
      product_name: product.name, ean: null, mpn: null, sku: `SKU-${product.id}`, quantity, unit_price_cents: product.price, is_digital: true,
    };
  });
  const address: OrderAddress = {
    first_name: p.first, last_name: p.last, company: null, street: `${between(r, 1, 200)} rue ${pick(r, LAST)}`, street_2: null,
    postal_code: String(between(r, 1000, 9999)), city: pick(r, ['Luxembourg', 'Esch', 'Metz', 'Trier', 'Arlon']), country_iso: country,
  };
  const gross = items.reduce((sum, i) => sum + i.quantity * i.unit_price_cents, 0);
  const net = Math.round((gross * 100) / (100 + rate));
  const imported: ImportedOrder = {
    order_id: id, vendor_id: c.vendorId, channel: 'extmarket', external_order_id: ext, external_shipment_id: `SHP-${ext}`, order_number: `${c.vendorId}-${100_000 + n}`,
    order_date: new Date(placed).toISOString(), customer_first_name: p.first, customer_last_name: p.last, customer_email: p.email,
    customer_locale: pick(r, LANGS), shipping_country_iso: country, billing_country_iso: country, shipping_address: address, billing_address: address,
    currency: 'EUR', items, sync_job_id: between(r, 1, 5_000),
    vat: {
      vat_regime: country === 'LU' ? 'domestic' : 'oss', vat_rate: rate, vat_country_iso: country, seller_country_iso: 'LU', buyer_vat_number: null,
      vat_exemption_reference: null, net_cents: net, vat_cents: gross - net, gross_cents: gross,
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
      commands.push({ type: yes ? 'ConfirmOrderItem' : 'DeclineOrderItem', data: { vendor_id: v, item_id: i.item_id, source, at: at(60 + k) } });
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
async function appendOrders(knex: Knex, c: Catalogue, count: number, now: number, log: (text: string) => void): Promise<{ firstOrder: number; counts: Map<string, number> }> {
  const [{ first }] = await sql<{ first: string }>(knex, "SELECT nextval('order_id_seq')::text AS first");
  const [{ item }] = await sql<{ item: string }>(knex, "SELECT nextval('order_item_id_seq')::text AS item");
  const firstOrder = Number(first);
  let nextItem = Number(item);
  const counts = new Map<string, number>();
  let next = 0;
  await Promise.all(Array.from({ length: 2 }, async (_, w) => {
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
  }));
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
async function busyOrder(knex: Knex, c: Catalogue, events: number, now: number): Promise<number> {
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
    for (const e of decided) rows.push({ id: (id = randomUUID()), stream: `order-${orderId}`, version: rows.length + 1, type: e.type, data: e.data, metadata });
    return id;
  };
  apply(imported);
  apply({ type: 'ConfirmOrder', data: { vendor_id: v, source: 'extmarket', at: at(0) } });
  for (const item of imported.data.order.items) apply({ type: 'ShipItem', data: { vendor_id: v, item_id: item.item_id, quantity: item.quantity, at: at(1) } });
  for (let k = 2; rows.length < events; k++) {
    const key = apply({ type: 'SetTracking', data: { vendor_id: v, tracking_number: `TRK-${orderId}-${k}`, carrier: pick(r, ['PostLU', 'DHL', 'DPD', 'UPS']), at: at(k) } });
    if (rows.length === events) break;
    apply({
      type: 'RecordExtmarketPush', data: {
        vendor_id: v, key, operation: 'set_tracking', item_id: null, attempt: 1, at: at(k), ok: true, error: null, retry_at: null,
        inventory_unit_ids: [], external_shipment_id: imported.data.order.external_shipment_id, tracking_number: null, carrier: null,
      },
    });
  }
  await sql(knex, BULK_APPEND, [JSON.stringify(rows)]);
  return orderId;
}

/** The vendor as a client sets it up: company, vendor on the unlimited plan, the owner's own password, the catalogue. */
async function setUpVendor(url: string, adminToken: string) {
  const tag = randomUUID().slice(0, 8);
  const company = await call(url, 'POST', '/api/v1/admin/companies', adminToken, { name: `Bench ${tag}`, owner_email: `owner-${tag}@bench.example` });
  const code = `B${tag.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 6)}`;
  const vendor = await call(url, 'POST', '/api/v1/admin/vendors', adminToken, { company_id: company.id, vendor_code: code, name: `Bench shop ${tag}` });
  await call(url, 'PUT', `/api/v1/admin/subscriptions/${vendor.id}`, adminToken, { tier_code: 'enterprise', status: 'active' });
  const email = company.owner.email as string;
  const password = `bench-owner-${tag}`;
  const first = await call(url, 'POST', '/api/v1/vendor/auth/login', null, { email_or_username: email, password: company.temporary_password });
  await call(url, 'PUT', '/api/v1/vendor/auth/password', first.access_token, { current_password: company.temporary_password, new_password: password });
  const r = seeded(7);
  const products: Catalogue['products'] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const name = `${pick(r, WORDS)} ${pick(r, THINGS)} e-guide ${i + 1}`;
    const price = between(r, 499, 9_999);
    const p = await call(url, 'POST', '/api/v1/vendor/products', first.access_token, { title: name, price_cents: price, is_digital: true });
    products.push({ id: p.id, name, price });
  }
  return { vendorId: Number(vendor.id), code, email, password, products };
}

/** Signs in through a back office's sign-in form as a browser does: the session cookie (vendor_token or admin_token) it sets. */
async function signInCookie(url: string, area: 'vendor' | 'admin', login: string, password: string, vendorCode = ''): Promise<string> {
  const proto = { 'x-forwarded-proto': 'https' };
  const form = await fetch(`${url}/${area}/login`, { headers: proto });
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  keep(form);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const res = await fetch(`${url}/${area}/login`, {
    method: 'POST', redirect: 'manual',
    headers: { ...proto, 'content-type': 'application/x-www-form-urlencoded', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: new URLSearchParams({ login, password, vendor_code: vendorCode, return: `/${area}`, _csrf: csrf }).toString(),
  });
  keep(res);
  if (res.status !== 303 || !jar.get(`${area}_token`)) throw new Error(`${area} sign-in failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

async function waitReady(url: string, timeoutMs = 600_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while ((await fetch(`${url}/health/ready`).then((r) => r.status, () => 0)) !== 200) {
    if (Date.now() > end) throw new Error(`the service was not ready (consumers behind) within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const qs = (params: Record<string, string | number | undefined>) => Object.entries(params)
  .filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&');

/** The list requests, the same query on the page and on the API (which is asked for the page's 25 rows). */
function listKinds(orders: number, firstOrder: number, lastNames: (id: number) => string) {
  const pages = Math.ceil(orders / PAGE_SIZE);
  return [
    { name: 'first page (newest first)', query: (_n: number) => ({}) },
    { name: 'status=confirmed, pages 1-5', query: (n: number) => ({ status: 'confirmed', page: 1 + (n % 5) }) },
    // A customer by surname: the surname carries a number, so 1 order in most cases.
    { name: 'search a customer\'s surname', query: (n: number) => ({ search: lastNames(firstOrder + ((n * 7_919) % orders)) }) },
    { name: `deep page (pages ${Math.floor(pages / 2)}-${Math.floor(pages / 2) + 49} of ${pages})`, query: (n: number) => ({ page: Math.floor(pages / 2) + (n % 50) }) },
  ];
}

async function listPart(ctx: ScenarioContext, url: string, cookie: string, token: string, orders: number, firstOrder: number, seconds: number) {
  const kinds = listKinds(orders, firstOrder, (id) => person(id).last);
  const browser = { cookie, 'x-forwarded-proto': 'https', accept: 'text/html' };
  const bearer = { authorization: `Bearer ${token}` };
  for (const k of kinds) {
    const api = `GET /api/v1/vendor/orders, ${k.name}, ${CONNECTIONS} conn.`;
    const page = `GET /vendor/orders (page), ${k.name}, ${CONNECTIONS} conn.`;
    ctx.define({ name: api, unit: 'req/s', isBaseline: true, targets: [{ label: 'no non-2xx', metric: 'non2xx', max: 1 }] });
    ctx.define({
      name: page, unit: 'req/s', baseline: api, targets: [
        { label: 'p99 < 100 ms', metric: 'p99', max: 100 }, { label: 'no non-2xx', metric: 'non2xx', max: 1 },
      ],
    });
    let n = 0;
    const runPage = () => load({ url, connections: CONNECTIONS, seconds, method: 'GET', headers: browser, request: () => ({ path: `/vendor/orders?${qs(k.query(n++))}` }) });
    const runApi = () => load({ url, connections: CONNECTIONS, seconds, method: 'GET', headers: bearer, request: () => ({ path: `/api/v1/vendor/orders?${qs({ ...k.query(n++), limit: PAGE_SIZE })}` }) });
    await runPage();
    await runApi();
    for (let rep = 0; rep < ctx.repetitions; rep++) {
      if (rep % 2 === 0) { ctx.record(page, await runPage()); ctx.record(api, await runApi()); }
      else { ctx.record(api, await runApi()); ctx.record(page, await runPage()); }
    }
  }
}

/** `workers` loops of `statements` for `seconds`, straight on the database: the bare SQL of a route, without HTTP, guard or JSON. */
async function bareSql(seconds: number, statements: () => Promise<unknown>): Promise<Sample> {
  const lat = new Latencies();
  let n = 0;
  const elapsed = await runFor(seconds * 1000, CONNECTIONS, async () => {
    const t = now();
    await statements();
    lat.add(now() - t);
    n++;
  });
  return { rate: n / elapsed, ...lat.summary() };
}

/**
 * The dashboard's routes against the bare SQL of their read-model statements, run from this
 * process on the same database with as many statements in flight as the routes have requests
 * (the same run, alternating), and against GET /api/v1/vendor/auth/me (the guard and one statement).
 */
async function dashboardPart(ctx: ScenarioContext, url: string, token: string, knex: Knex, vendorId: number, seconds: number) {
  const headers = { authorization: `Bearer ${token}` };
  const me = `GET /api/v1/vendor/auth/me (the vendor guard and one statement), ${CONNECTIONS} conn.`;
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const ninety = day(today - (DAYS - 1) * DAY_MS);
  const cases = [
    {
      name: `GET /api/v1/vendor/dashboard/stats, ${CONNECTIONS} conn.`, path: '/api/v1/vendor/dashboard/stats',
      bare: `bare SQL of /dashboard/stats's order figures (counts, this and the previous 30 days), ${CONNECTIONS} in flight`,
      sql: () => Promise.all([vendorOrderCounts(knex, vendorId), vendorOrderDays(knex, vendorId, day(today - 29 * DAY_MS), day(today)), vendorOrderDays(knex, vendorId, day(today - 59 * DAY_MS), day(today - 30 * DAY_MS))]),
    },
    {
      name: `GET /api/v1/vendor/analytics (30 days, top 10), ${CONNECTIONS} conn.`, path: '/api/v1/vendor/analytics',
      bare: `bare SQL of /analytics (30 days, top 10), ${CONNECTIONS} in flight`,
      sql: () => Promise.all([vendorOrderDays(knex, vendorId, day(today - 29 * DAY_MS), day(today)), vendorTopProducts(knex, vendorId, day(today - 29 * DAY_MS), day(today), 10)]),
    },
    {
      name: `GET /api/v1/vendor/analytics?from=<90 days ago> (90 days, top 10), ${CONNECTIONS} conn.`, path: `/api/v1/vendor/analytics?from=${ninety}`,
      bare: `bare SQL of /analytics (90 days, top 10), ${CONNECTIONS} in flight`,
      sql: () => Promise.all([vendorOrderDays(knex, vendorId, ninety, day(today)), vendorTopProducts(knex, vendorId, ninety, day(today), 10)]),
    },
  ];
  ctx.define({ name: me, unit: 'req/s', isBaseline: true });
  for (const c of cases) {
    ctx.define({ name: c.bare, unit: 'statements/s', isBaseline: true });
    ctx.define({ name: c.name, unit: 'req/s', baseline: c.bare, targets: [{ label: 'p99 < 50 ms', metric: 'p99', max: 50 }, { label: 'no non-2xx', metric: 'non2xx', max: 1 }] });
  }
  const run = (path: string) => load({ url, connections: CONNECTIONS, seconds, method: 'GET', headers, request: () => ({ path }) });
  await run('/api/v1/vendor/auth/me');
  for (const c of cases) { await run(c.path); await bareSql(1, c.sql); }
  for (let rep = 0; rep < ctx.repetitions; rep++) {
    if (rep % 2 === 0) ctx.record(me, await run('/api/v1/vendor/auth/me'));
    for (const c of rep % 2 === 0 ? cases : [...cases].reverse()) {
      if (rep % 2 === 0) { ctx.record(c.bare, await bareSql(seconds, c.sql)); ctx.record(c.name, await run(c.path)); }
      else { ctx.record(c.name, await run(c.path)); ctx.record(c.bare, await bareSql(seconds, c.sql)); }
    }
    if (rep % 2 === 1) ctx.record(me, await run('/api/v1/vendor/auth/me'));
  }
}

/**
 * The admin back office over the same 100,000 orders: the order list page of every vendor (first
 * and deep page) against the admin API's list with the same page, and the auditor's view of the
 * order with 1,000 events (its page's history tab as of the time after its last event: every
 * event folded and listed) against the same order's page without its history.
 */
async function adminPart(ctx: ScenarioContext, url: string, cookie: string, token: string, orders: number, busyId: number, asOf: string, seconds: number) {
  const browser = { cookie, 'x-forwarded-proto': 'https', accept: 'text/html' };
  const bearer = { authorization: `Bearer ${token}` };
  const pages = Math.ceil(orders / PAGE_SIZE);
  const kinds = [
    { name: 'first page, every vendor', query: (_n: number) => ({}) },
    { name: `deep page (pages ${Math.floor(pages / 2)}-${Math.floor(pages / 2) + 49} of ${pages}), every vendor`, query: (n: number) => ({ page: Math.floor(pages / 2) + (n % 50) }) },
  ];
  const cases: { name: string; baseline: string; connections: number; page: () => string; base: () => { path: string; headers: Record<string, string> } }[] = [];
  for (const k of kinds) {
    let n = 0;
    cases.push({
      name: `GET /admin/orders (page), ${k.name}, ${CONNECTIONS} conn.`, baseline: `GET /api/v1/admin/orders, ${k.name}, ${CONNECTIONS} conn.`, connections: CONNECTIONS,
      page: () => `/admin/orders?${qs(k.query(n++))}`, base: () => ({ path: `/api/v1/admin/orders?${qs({ ...k.query(n++), limit: PAGE_SIZE })}`, headers: bearer }),
    });
  }
  // An auditor opens a record's history one page at a time (1 connection); and eight at once, to show what concurrency costs.
  for (const connections of [1, CONNECTIONS]) {
    cases.push({
      name: `GET /admin/orders/{id}?as_of=… (history of an order with 1,000 events), ${connections} conn.`,
      baseline: `GET /admin/orders/{id} (the same order's page, no history), ${connections} conn.`, connections,
      page: () => `/admin/orders/${busyId}?as_of=${encodeURIComponent(asOf)}`, base: () => ({ path: `/admin/orders/${busyId}`, headers: browser }),
    });
  }
  for (const c of cases) {
    ctx.define({ name: c.baseline, unit: 'req/s', isBaseline: true, targets: [{ label: 'no non-2xx', metric: 'non2xx', max: 1 }] });
    ctx.define({ name: c.name, unit: 'req/s', baseline: c.baseline, targets: [{ label: 'p99 < 100 ms', metric: 'p99', max: 100 }, { label: 'no non-2xx', metric: 'non2xx', max: 1 }] });
    const runPage = () => load({ url, connections: c.connections, seconds, method: 'GET', headers: browser, request: () => ({ path: c.page() }) });
    const runBase = () => load({ url, connections: c.connections, seconds, method: 'GET', headers: c.base().headers, request: () => ({ path: c.base().path }) });
    await runPage();
    await runBase();
    for (let rep = 0; rep < ctx.repetitions; rep++) {
      if (rep % 2 === 0) { ctx.record(c.name, await runPage()); ctx.record(c.baseline, await runBase()); }
      else { ctx.record(c.baseline, await runBase()); ctx.record(c.name, await runPage()); }
    }
  }
}

export const orderPagesScenario: Scenario = {
  id: 'order-pages',
  title: 'Order pages at 100k orders: the vendor list page and dashboard, the admin list page and an order\'s 1,000-event history',
  async run(ctx) {
    const orders = ctx.size(ORDERS, 3_000);
    const seconds = ctx.size(5, 2);
    // The service's own pool size (DATABASE_POOL_MAX): the dashboard's bare SQL runs as many statements at once as its requests do.
    const seed = await openStore(ctx.databaseUrl, 10);
    let app: ChildService | null = null;
    try {
      await createBenchAdmin(seed.store, seed.db.knex, CHILD_ADMIN);
      // The vendor through the API, then the service stops while its orders are appended and projected.
      app = await startService({ databaseUrl: ctx.databaseUrl, name: 'bench-order-pages-setup', env: { TRUST_PROXY: '1' } });
      const vendor = await setUpVendor(app.url, await adminLogin(app.url));
      await app.stop();
      app = null;

      ctx.log(`  appending ${orders.toLocaleString('en-US')} orders of vendor ${vendor.vendorId}`);
      const started = performance.now();
      const { firstOrder, counts } = await appendOrders(seed.db.knex, vendor, orders, Date.now(), ctx.log);
      const busyId = await busyOrder(seed.db.knex, vendor, 1_000, Date.now());
      const [{ asOf }] = await sql<{ asOf: string }>(seed.db.knex, "SELECT to_char((max(recorded_at) + interval '1 second') AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') AS \"asOf\" FROM events WHERE stream_id = $1", [`order-${busyId}`]);
      const events = [...counts.values()].reduce((a, b) => a + b, 0);
      ctx.log(`    ${events.toLocaleString('en-US')} events in ${((performance.now() - started) / 1000).toFixed(0)} s: ${[...counts].map(([t, k]) => `${t} ${k}`).join(', ')}`);
      for (const projection of [orderList, orderDetail, shipmentStatus, orderItemExceptions, extmarketPushes, orderFigures, vendorDashboardFigures]) {
        const t = performance.now();
        await rebuildProjection(seed.db.knex, seed.store, projection, silent);
        ctx.log(`    rebuilt ${projection.name} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      }
      const byStatus = await sql<{ status: string; n: number }>(seed.db.knex, 'SELECT status, count(*)::int AS n FROM order_list WHERE vendor_id = $1 GROUP BY 1 ORDER BY 1', [vendor.vendorId]);
      const held = byStatus.reduce((a, r) => a + r.n, 0);
      if (held !== orders + 1) throw new Error(`order_list holds ${held} orders of the vendor, ${orders + 1} appended`);
      ctx.log(`    order_list: ${byStatus.map((r) => `${r.status} ${r.n.toLocaleString('en-US')}`).join(', ')}`);

      app = await startService({ databaseUrl: ctx.databaseUrl, name: 'bench-order-pages', env: { TRUST_PROXY: '1' }, readyTimeoutMs: 300_000 });
      const t = performance.now();
      await waitReady(app.url);
      ctx.log(`    service ready (every consumer caught up) ${((performance.now() - t) / 1000).toFixed(0)} s after it listened`);
      const login = await call(app.url, 'POST', '/api/v1/vendor/auth/login', null, { email_or_username: vendor.email, password: vendor.password });
      const token = login.access_token as string;
      const cookie = await signInCookie(app.url, 'vendor', vendor.email, vendor.password, vendor.code);

      // The totals the page and the API show must be the orders appended.
      const list = await call(app.url, 'GET', '/api/v1/vendor/orders?limit=1', token);
      // Past 1,000 matches the total is the planner's estimate (bounded totals): within a tenth of the truth.
      if (list.total_exact !== false || Math.abs(list.total - (orders + 1)) > (orders + 1) / 10) {
        throw new Error(`GET /api/v1/vendor/orders reports ${list.total} orders (exact: ${list.total_exact}), ${orders + 1} appended`);
      }
      const stats = await call(app.url, 'GET', '/api/v1/vendor/dashboard/stats', token);
      if (stats.orders.total !== orders + 1) throw new Error(`the dashboard counts ${stats.orders.total} orders, ${orders + 1} appended`);
      const page = await fetch(`${app.url}/vendor/orders`, { headers: { cookie, 'x-forwarded-proto': 'https' }, redirect: 'manual' });
      const body = await page.text();
      if (page.status !== 200 || !body.includes('<table')) {
        throw new Error(`GET /vendor/orders answered ${page.status}: ${body.slice(0, 300)}`);
      }

      const adminToken = await adminLogin(app.url);
      const adminCookie = await signInCookie(app.url, 'admin', CHILD_ADMIN.email, CHILD_ADMIN.password);
      const history = await fetch(`${app.url}/admin/orders/${busyId}?as_of=${encodeURIComponent(asOf)}`, { headers: { cookie: adminCookie, 'x-forwarded-proto': 'https' }, redirect: 'manual' });
      const historyBody = await history.text();
      if (history.status !== 200 || !historyBody.includes(`TRK-${busyId}-`)) throw new Error(`the order's history as of ${asOf} answered ${history.status}: ${historyBody.slice(0, 300)}`);

      // The rebuilt tables' dirty pages written out and autovacuum's work on them done before the
      // first measurement: otherwise the first case alone ran beside them (its p99 spread 55–253 ms).
      await sql(seed.db.knex, 'CHECKPOINT');
      for (let i = 0; i < 240; i++) {
        const [{ n }] = await sql<{ n: number }>(seed.db.knex, "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'autovacuum:%'");
        if (n === 0) break;
        await new Promise((r) => setTimeout(r, 500));
      }

      await listPart(ctx, app.url, cookie, token, orders, firstOrder, seconds);
      await dashboardPart(ctx, app.url, token, seed.db.knex, vendor.vendorId, seconds);
      await adminPart(ctx, app.url, adminCookie, adminToken, orders, busyId, asOf, seconds);
      ctx.note(`Order pages: ${orders.toLocaleString('en-US')} extmarket orders of one vendor over ${DAYS} days (${events.toLocaleString('en-US')} events; ` +
        `${byStatus.map((r) => `${r.status} ${r.n.toLocaleString('en-US')}`).join(', ')}), the order read models rebuilt from them; ${seconds} s per run, ${CONNECTIONS} connections. ` +
        'The page (session cookie from the sign-in form) is compared with the API call of the same filters and page (limit=25, the page\'s size), alternating; ' +
        'the dashboard routes with GET /api/v1/vendor/auth/me of the same service, alternating.');
    } finally {
      await app?.stop();
      await seed.close();
    }
  },
};
