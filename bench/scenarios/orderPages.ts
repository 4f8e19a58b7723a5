import type { Knex } from 'knex';
import { Latencies, now, runFor, type Sample, type Scenario, type ScenarioContext } from '../harness.ts';
import { vendorOrderCounts, vendorOrderDays, vendorTopProducts } from '../../queries/vendor-dashboard/vendorFigures.ts';
import { adminLogin, CHILD_ADMIN, startService, type ChildService } from '../../test/support/childService.ts';
import { signInCookie } from '../support/backOffice.ts';
import { createBenchAdmin, person } from '../support/generators/index.ts';
import { appendOrders, busyOrder, DAY_MS, DAYS } from '../support/generators/orderStreams.ts';
import { load, waitReady } from '../support/http.ts';
import { openStore, silent } from '../support/store.ts';
import { call, digitalCatalogueVendor } from '../support/vendorFixture.ts';
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
const PRODUCTS = 20;
const PAGE_SIZE = 25;
/** A vendor's back office is used by its team, a few people at once: 8 requests in flight. */
const CONNECTIONS = 8;

const qs = (params: Record<string, string | number | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/** The list requests, the same query on the page and on the API (which is asked for the page's 25 rows). */
function listKinds(orders: number, firstOrder: number, lastNames: (id: number) => string) {
  const pages = Math.ceil(orders / PAGE_SIZE);
  return [
    { name: 'first page (newest first)', query: (_n: number) => ({}) },
    { name: 'status=confirmed, pages 1-5', query: (n: number) => ({ status: 'confirmed', page: 1 + (n % 5) }) },
    // A customer by surname: the surname carries a number, so 1 order in most cases.
    { name: "search a customer's surname", query: (n: number) => ({ search: lastNames(firstOrder + ((n * 7_919) % orders)) }) },
    {
      name: `deep page (pages ${Math.floor(pages / 2)}-${Math.floor(pages / 2) + 49} of ${pages})`,
      query: (n: number) => ({ page: Math.floor(pages / 2) + (n % 50) }),
    },
  ];
}

async function listPart(
  ctx: ScenarioContext,
  url: string,
  cookie: string,
  token: string,
  orders: number,
  firstOrder: number,
  seconds: number,
) {
  const kinds = listKinds(orders, firstOrder, (id) => person(id).last);
  const browser = { cookie, 'x-forwarded-proto': 'https', accept: 'text/html' };
  const bearer = { authorization: `Bearer ${token}` };
  for (const k of kinds) {
    const api = `GET /api/v1/vendor/orders, ${k.name}, ${CONNECTIONS} conn.`;
    const page = `GET /vendor/orders (page), ${k.name}, ${CONNECTIONS} conn.`;
    ctx.define({ name: api, unit: 'req/s', isBaseline: true, targets: [{ label: 'no non-2xx', metric: 'non2xx', max: 1 }] });
    ctx.define({
      name: page,
      unit: 'req/s',
      baseline: api,
      targets: [
        { label: 'p99 < 100 ms', metric: 'p99', max: 100 },
        { label: 'no non-2xx', metric: 'non2xx', max: 1 },
      ],
    });
    let n = 0;
    const runPage = () =>
      load({
        url,
        connections: CONNECTIONS,
        seconds,
        method: 'GET',
        headers: browser,
        request: () => ({ path: `/vendor/orders?${qs(k.query(n++))}` }),
      });
    const runApi = () =>
      load({
        url,
        connections: CONNECTIONS,
        seconds,
        method: 'GET',
        headers: bearer,
        request: () => ({ path: `/api/v1/vendor/orders?${qs({ ...k.query(n++), limit: PAGE_SIZE })}` }),
      });
    await runPage();
    await runApi();
    for (let rep = 0; rep < ctx.repetitions; rep++) {
      if (rep % 2 === 0) {
        ctx.record(page, await runPage());
        ctx.record(api, await runApi());
      } else {
        ctx.record(api, await runApi());
        ctx.record(page, await runPage());
      }
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
      name: `GET /api/v1/vendor/dashboard/stats, ${CONNECTIONS} conn.`,
      path: '/api/v1/vendor/dashboard/stats',
      bare: `bare SQL of /dashboard/stats's order figures (counts, this and the previous 30 days), ${CONNECTIONS} in flight`,
      sql: () =>
        Promise.all([
          vendorOrderCounts(knex, vendorId),
          vendorOrderDays(knex, vendorId, day(today - 29 * DAY_MS), day(today)),
          vendorOrderDays(knex, vendorId, day(today - 59 * DAY_MS), day(today - 30 * DAY_MS)),
        ]),
    },
    {
      name: `GET /api/v1/vendor/analytics (30 days, top 10), ${CONNECTIONS} conn.`,
      path: '/api/v1/vendor/analytics',
      bare: `bare SQL of /analytics (30 days, top 10), ${CONNECTIONS} in flight`,
      sql: () =>
        Promise.all([
          vendorOrderDays(knex, vendorId, day(today - 29 * DAY_MS), day(today)),
          vendorTopProducts(knex, vendorId, day(today - 29 * DAY_MS), day(today), 10),
        ]),
    },
    {
      name: `GET /api/v1/vendor/analytics?from=<90 days ago> (90 days, top 10), ${CONNECTIONS} conn.`,
      path: `/api/v1/vendor/analytics?from=${ninety}`,
      bare: `bare SQL of /analytics (90 days, top 10), ${CONNECTIONS} in flight`,
      sql: () =>
        Promise.all([vendorOrderDays(knex, vendorId, ninety, day(today)), vendorTopProducts(knex, vendorId, ninety, day(today), 10)]),
    },
  ];
  ctx.define({ name: me, unit: 'req/s', isBaseline: true });
  for (const c of cases) {
    ctx.define({ name: c.bare, unit: 'statements/s', isBaseline: true });
    ctx.define({
      name: c.name,
      unit: 'req/s',
      baseline: c.bare,
      targets: [
        { label: 'p99 < 50 ms', metric: 'p99', max: 50 },
        { label: 'no non-2xx', metric: 'non2xx', max: 1 },
      ],
    });
  }
  const run = (path: string) => load({ url, connections: CONNECTIONS, seconds, method: 'GET', headers, request: () => ({ path }) });
  await run('/api/v1/vendor/auth/me');
  for (const c of cases) {
    await run(c.path);
    await bareSql(1, c.sql);
  }
  for (let rep = 0; rep < ctx.repetitions; rep++) {
    if (rep % 2 === 0) ctx.record(me, await run('/api/v1/vendor/auth/me'));
    for (const c of rep % 2 === 0 ? cases : [...cases].reverse()) {
      if (rep % 2 === 0) {
        ctx.record(c.bare, await bareSql(seconds, c.sql));
        ctx.record(c.name, await run(c.path));
      } else {
        ctx.record(c.name, await run(c.path));
        ctx.record(c.bare, await bareSql(seconds, c.sql));
      }
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
async function adminPart(
  ctx: ScenarioContext,
  url: string,
  cookie: string,
  token: string,
  orders: number,
  busyId: number,
  asOf: string,
  seconds: number,
) {
  const browser = { cookie, 'x-forwarded-proto': 'https', accept: 'text/html' };
  const bearer = { authorization: `Bearer ${token}` };
  const pages = Math.ceil(orders / PAGE_SIZE);
  const kinds = [
    { name: 'first page, every vendor', query: (_n: number) => ({}) },
    {
      name: `deep page (pages ${Math.floor(pages / 2)}-${Math.floor(pages / 2) + 49} of ${pages}), every vendor`,
      query: (n: number) => ({ page: Math.floor(pages / 2) + (n % 50) }),
    },
  ];
  const cases: {
    name: string;
    baseline: string;
    connections: number;
    page: () => string;
    base: () => { path: string; headers: Record<string, string> };
  }[] = [];
  for (const k of kinds) {
    let n = 0;
    cases.push({
      name: `GET /admin/orders (page), ${k.name}, ${CONNECTIONS} conn.`,
      baseline: `GET /api/v1/admin/orders, ${k.name}, ${CONNECTIONS} conn.`,
      connections: CONNECTIONS,
      page: () => `/admin/orders?${qs(k.query(n++))}`,
      base: () => ({ path: `/api/v1/admin/orders?${qs({ ...k.query(n++), limit: PAGE_SIZE })}`, headers: bearer }),
    });
  }
  // An auditor opens a record's history one page at a time (1 connection); and eight at once, to show what concurrency costs.
  for (const connections of [1, CONNECTIONS]) {
    cases.push({
      name: `GET /admin/orders/{id}?as_of=… (history of an order with 1,000 events), ${connections} conn.`,
      baseline: `GET /admin/orders/{id} (the same order's page, no history), ${connections} conn.`,
      connections,
      page: () => `/admin/orders/${busyId}?as_of=${encodeURIComponent(asOf)}`,
      base: () => ({ path: `/admin/orders/${busyId}`, headers: browser }),
    });
  }
  for (const c of cases) {
    ctx.define({ name: c.baseline, unit: 'req/s', isBaseline: true, targets: [{ label: 'no non-2xx', metric: 'non2xx', max: 1 }] });
    ctx.define({
      name: c.name,
      unit: 'req/s',
      baseline: c.baseline,
      targets: [
        { label: 'p99 < 100 ms', metric: 'p99', max: 100 },
        { label: 'no non-2xx', metric: 'non2xx', max: 1 },
      ],
    });
    const runPage = () =>
      load({ url, connections: c.connections, seconds, method: 'GET', headers: browser, request: () => ({ path: c.page() }) });
    const runBase = () =>
      load({
        url,
        connections: c.connections,
        seconds,
        method: 'GET',
        headers: c.base().headers,
        request: () => ({ path: c.base().path }),
      });
    await runPage();
    await runBase();
    for (let rep = 0; rep < ctx.repetitions; rep++) {
      if (rep % 2 === 0) {
        ctx.record(c.name, await runPage());
        ctx.record(c.baseline, await runBase());
      } else {
        ctx.record(c.baseline, await runBase());
        ctx.record(c.name, await runPage());
      }
    }
  }
}

export const orderPagesScenario: Scenario = {
  id: 'order-pages',
  title: "Order pages at 100k orders: the vendor list page and dashboard, the admin list page and an order's 1,000-event history",
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
      const vendor = await digitalCatalogueVendor(app.url, await adminLogin(app.url), PRODUCTS);
      await app.stop();
      app = null;

      ctx.log(`  appending ${orders.toLocaleString('en-US')} orders of vendor ${vendor.vendorId}`);
      const started = performance.now();
      const { firstOrder, counts } = await appendOrders(seed.db.knex, vendor, orders, Date.now(), ctx.log);
      const busyId = await busyOrder(seed.db.knex, vendor, 1_000, Date.now());
      const [{ asOf }] = await sql<{ asOf: string }>(
        seed.db.knex,
        'SELECT to_char((max(recorded_at) + interval \'1 second\') AT TIME ZONE \'UTC\', \'YYYY-MM-DD"T"HH24:MI:SS"Z"\') AS "asOf" FROM events WHERE stream_id = $1',
        [`order-${busyId}`],
      );
      const events = [...counts.values()].reduce((a, b) => a + b, 0);
      ctx.log(
        `    ${events.toLocaleString('en-US')} events in ${((performance.now() - started) / 1000).toFixed(0)} s: ${[...counts].map(([t, k]) => `${t} ${k}`).join(', ')}`,
      );
      for (const projection of [
        orderList,
        orderDetail,
        shipmentStatus,
        orderItemExceptions,
        extmarketPushes,
        orderFigures,
        vendorDashboardFigures,
      ]) {
        const t = performance.now();
        await rebuildProjection(seed.db.knex, seed.store, projection, silent);
        ctx.log(`    rebuilt ${projection.name} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      }
      const byStatus = await sql<{ status: string; n: number }>(
        seed.db.knex,
        'SELECT status, count(*)::int AS n FROM order_list WHERE vendor_id = $1 GROUP BY 1 ORDER BY 1',
        [vendor.vendorId],
      );
      const held = byStatus.reduce((a, r) => a + r.n, 0);
      if (held !== orders + 1) throw new Error(`order_list holds ${held} orders of the vendor, ${orders + 1} appended`);
      ctx.log(`    order_list: ${byStatus.map((r) => `${r.status} ${r.n.toLocaleString('en-US')}`).join(', ')}`);

      app = await startService({
        databaseUrl: ctx.databaseUrl,
        name: 'bench-order-pages',
        env: { TRUST_PROXY: '1' },
        readyTimeoutMs: 300_000,
      });
      const t = performance.now();
      await waitReady(app.url, 600_000);
      ctx.log(`    service ready (every consumer caught up) ${((performance.now() - t) / 1000).toFixed(0)} s after it listened`);
      const login = await call(app.url, 'POST', '/api/v1/vendor/auth/login', null, {
        email_or_username: vendor.email,
        password: vendor.password,
      });
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
      const history = await fetch(`${app.url}/admin/orders/${busyId}?as_of=${encodeURIComponent(asOf)}`, {
        headers: { cookie: adminCookie, 'x-forwarded-proto': 'https' },
        redirect: 'manual',
      });
      const historyBody = await history.text();
      if (history.status !== 200 || !historyBody.includes(`TRK-${busyId}-`))
        throw new Error(`the order's history as of ${asOf} answered ${history.status}: ${historyBody.slice(0, 300)}`);

      // The rebuilt tables' dirty pages written out and autovacuum's work on them done before the
      // first measurement: otherwise the first case alone ran beside them (its p99 spread 55–253 ms).
      await sql(seed.db.knex, 'CHECKPOINT');
      for (let i = 0; i < 240; i++) {
        const [{ n }] = await sql<{ n: number }>(
          seed.db.knex,
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'autovacuum:%'",
        );
        if (n === 0) break;
        await new Promise((r) => setTimeout(r, 500));
      }

      await listPart(ctx, app.url, cookie, token, orders, firstOrder, seconds);
      await dashboardPart(ctx, app.url, token, seed.db.knex, vendor.vendorId, seconds);
      await adminPart(ctx, app.url, adminCookie, adminToken, orders, busyId, asOf, seconds);
      ctx.note(
        `Order pages: ${orders.toLocaleString('en-US')} extmarket orders of one vendor over ${DAYS} days (${events.toLocaleString('en-US')} events; ` +
          `${byStatus.map((r) => `${r.status} ${r.n.toLocaleString('en-US')}`).join(', ')}), the order read models rebuilt from them; ${seconds} s per run, ${CONNECTIONS} connections. ` +
          "The page (session cookie from the sign-in form) is compared with the API call of the same filters and page (limit=25, the page's size), alternating; " +
          'the dashboard routes with GET /api/v1/vendor/auth/me of the same service, alternating.',
      );
    } finally {
      await app?.stop();
      await seed.close();
    }
  },
};
