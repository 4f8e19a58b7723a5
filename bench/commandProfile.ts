/**
 * One HTTP command under load, with what it costs the database: `npx tsx bench/commandProfile.ts
 * <user|ship|price|order> [connections,…] [seconds]` (defaults: user 32 5). It seeds a fresh database
 * on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) as scenario 5 of
 * `npm run bench` does, starts the service as a child process, warms it up, then prints per
 * connection level: req/s, p50/p99 ms, and per request the transactions, inserted and updated
 * rows of the database (pg_stat_database deltas), and the CPU time per request (below).
 * - PROF=1: the service runs with --cpu-prof, profiles in /tmp/command-profile/;
 * - LOGSQL=1: the database logs every statement (log_statement = all, in the server's log);
 * - LOGDURATION=1: it logs every statement with its duration (log_min_duration_statement = 0);
 * - COUNT=1: the service counts the statements it sends, by name, every 5 s in its log
 *   (bench/support/queryCounter.mjs);
 * - SERVICE_NODE_ARGS='--max-semi-space-size=32': node options for the service (a runtime setting tried);
 * - BENCH_KEEP_DB=1: the database is kept (its URL printed) for a look afterwards;
 * - LOG_STORE_LEVEL=warn (or another level): passed to the service, whose admins' log store then
 *   keeps no request lines (what writing them costs under load); LOG_LEVEL=warn: it writes none at
 *   all, neither to stdout nor to the store;
 * - WAITS=1: pg_stat_activity is sampled every 20 ms during each load, and what the backends of
 *   the database waited on for more than 50 ms (one statement) is summed up per wait event, with
 *   the longest wait (how a stall behind the disk's WAL flush was found).
 * `bare` runs the baseline of scenario 5 instead (the bare Koa route, one INSERT). Besides the
 * rates it prints the CPU time per request of the service, of every postgres process and of
 * itself (autocannon), read from /proc.
 * A diagnostic, not a benchmark: no baseline, one run.
 */
import { systemClock } from '../src/core/clock.ts';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { adminLogin, CHILD_ADMIN, startService } from '../test/support/childService.ts';
import { freshPostgresDatabase } from '../test/support/database.ts';
import { appendUsers, createBenchAdmin } from './support/generators/index.ts';
import { load } from './support/http.ts';
import { openStore } from './support/store.ts';
import { BENCH_SHIPPING_ADDRESS, benchOrders, benchProducts, benchVendor, call } from './support/vendorFixture.ts';

type Request = { path: string; body: string; token: string; headers?: Record<string, string> };
const [which = 'user', connArg = '32', secArg = '5'] = process.argv.slice(2);
if (!['user', 'ship', 'price', 'order', 'bare'].includes(which))
  throw new Error('usage: npx tsx bench/commandProfile.ts <user|ship|price|order|bare> [connections,…] [seconds]');

const fresh = await freshPostgresDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const seed = await openStore(fresh.url, 4);
const stats = new pg.Client({ connectionString: fresh.url });
let app: Awaited<ReturnType<typeof startService>> | null = null;
try {
  await createBenchAdmin(seed.store, seed.db.knex, CHILD_ADMIN);
  await appendUsers(seed.store, seed.db.knex, 1000, 2000, 0);
  await seed.db.knex.raw(`SELECT setval('user_id_seq', 4000)`);
  const dbName = new URL(fresh.url).pathname.slice(1);
  if (process.env.LOGSQL) await seed.db.knex.raw(`ALTER DATABASE "${dbName}" SET log_statement = 'all'`);
  if (process.env.LOGDURATION) await seed.db.knex.raw(`ALTER DATABASE "${dbName}" SET log_min_duration_statement = 0`);
  const nodeArgs = process.env.PROF
    ? ['--cpu-prof', '--cpu-prof-dir=/tmp/command-profile']
    : process.env.COUNT
      ? ['--import', './bench/support/queryCounter.mjs']
      : (process.env.SERVICE_NODE_ARGS?.split(' ').filter(Boolean) ?? []);
  const method = which === 'user' || which === 'bare' ? 'PUT' : which === 'ship' || which === 'order' ? 'POST' : 'PATCH';
  let next: (n: number) => Request;
  if (which === 'bare') {
    // The baseline of scenario 5: a bare Koa route doing one INSERT.
    await seed.db.knex.raw(
      'CREATE TABLE bare_writes (id bigserial PRIMARY KEY, user_id int NOT NULL, first_name text, at timestamptz NOT NULL DEFAULT now())',
    );
    app = await startService({ databaseUrl: fresh.url, name: 'command-profile-bare', script: 'bench/support/bareServer.ts', nodeArgs });
    next = (n) => ({ path: `/bare/users/${1000 + (n % 2000)}`, body: JSON.stringify({ first_name: `B${n}` }), token: '' });
  } else {
    app = await startService({
      databaseUrl: fresh.url,
      name: 'command-profile',
      env: {
        TRUST_PROXY: '1',
        ...(process.env.LOG_STORE_LEVEL ? { LOG_STORE_LEVEL: process.env.LOG_STORE_LEVEL } : {}),
        ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
      },
      nodeArgs,
    });
    const adminToken = await adminLogin(app.url);
    if (which === 'user') {
      next = (n) => ({
        path: `/api/v1/admin/users/${1000 + (n % 2000)}`,
        body: JSON.stringify({ first_name: `B${n}` }),
        token: adminToken,
      });
    } else if (which === 'ship') {
      const v = await benchVendor(app.url, adminToken);
      const orders = await benchOrders(app.url, { store: seed.store, db: seed.db.knex, clock: systemClock }, v, 400, 5, 20);
      next = (n) => {
        const [o, i] = orders[n % orders.length];
        return { path: `/api/v1/vendor/orders/${o}/items/${i}/ship`, body: '{"quantity":1}', token: v.token };
      };
    } else if (which === 'order') {
      next = await shopOrders(app.url, adminToken, 4_000);
    } else {
      const v = await benchVendor(app.url, adminToken);
      const products = await benchProducts(app.url, v, 200);
      next = (n) => ({
        path: `/api/v1/vendor/products/${products[n % products.length]}`,
        body: JSON.stringify({ price_cents: 1000 + (n % 50000) }),
        token: v.token,
      });
    }
  }
  await stats.connect();
  const counters = async () =>
    (
      await stats.query(`SELECT xact_commit + xact_rollback AS x, tup_inserted AS ins, tup_updated AS upd
    FROM pg_stat_database WHERE datname = current_database()`)
    ).rows[0];
  /** CPU ms (user + system) of the service, of every postgres process, of this process (autocannon). */
  const ticks = (pid: number | string) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(f[11]) + Number(f[12]);
    } catch {
      return 0;
    }
  };
  const postgresPids = () =>
    readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          return readFileSync(`/proc/${d}/comm`, 'utf8').startsWith('postgres');
        } catch {
          return false;
        }
      });
  const cpu = () => ({
    service: ticks(app!.child.pid!) * 10,
    postgres: postgresPids().reduce((a, d) => a + ticks(d), 0) * 10,
    bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  });
  let n = 0;
  const first = next(0);
  const headers = { authorization: `Bearer ${first.token}`, ...first.headers };
  await load({ url: app.url, connections: 8, seconds: 2, method, headers, request: () => next(n++) });
  for (const connections of connArg.split(',').map(Number)) {
    // pg_stat_database is updated by each backend at most once a second or so: let it settle.
    await new Promise((r) => setTimeout(r, 1000));
    const before = await counters();
    const cpuBefore = cpu();
    const first = n;
    const waits = process.env.WAITS ? sampleWaits(fresh.url) : null;
    const r = await load({ url: app.url, connections, seconds: Number(secArg), method, headers, request: () => next(n++) });
    const cpuAfter = cpu();
    await new Promise((r) => setTimeout(r, 1000));
    const after = await counters();
    const us = (k: 'service' | 'postgres' | 'bench') => (((cpuAfter[k] - cpuBefore[k]) * 1000) / (n - first)).toFixed(0);
    const per = (k: 'x' | 'ins' | 'upd') => ((Number(after[k]) - Number(before[k])) / (n - first)).toFixed(2);
    console.log(
      `${which}, ${connections} conn.: ${r.rate.toFixed(0)} req/s, p50 ${r.p50?.toFixed(1)} ms, p99 ${r.p99?.toFixed(1)} ms, non-2xx ${r.non2xx}; ` +
        `per request: ${per('x')} transactions, ${per('ins')} rows inserted, ${per('upd')} updated; ` +
        `CPU µs per request: service ${us('service')}, postgres ${us('postgres')}, load generator ${us('bench')}`,
    );
    if (waits) console.log(`  waits over 50 ms: ${await waits.stop()}`);
  }
} finally {
  await stats.end().catch(() => {});
  await app?.stop();
  await seed.close();
  if (process.env.BENCH_KEEP_DB) console.log(`kept ${fresh.url}`);
  else await fresh.drop();
}

/**
 * A shop's orders as scenario 9 of `npm run bench` places them: 100 customers in turn each order a
 * prepared cart of two of 100 products (`carts` carts, prepared through the API, 8 at a time).
 */
async function shopOrders(url: string, adminToken: string, carts: number): Promise<(n: number) => Request> {
  const v = await benchVendor(url, adminToken);
  const products = await benchProducts(url, v, 100);
  for (const id of products)
    await call(url, 'POST', '/api/v1/vendor/inventory', v.token, { product_id: id, bin_location: 'S-1', quantity: 10_000_000 });
  const me = await call(url, 'GET', '/api/v1/vendor/auth/me', v.token);
  const shop = { referer: `http://127.0.0.1/vendors/${(me.vendor ?? me).vendor_code}/shop/` };
  const tokens: string[] = [];
  for (let i = 0; i < 100; i++) {
    const customer = await call(
      url,
      'POST',
      '/api/v1/shop/auth/register',
      null,
      {
        email: `profile-${i}@customer.test`,
        password: 'bench-customer-password',
        first_name: 'Ada',
        last_name: 'Lovelace',
      },
      shop,
    );
    tokens.push(customer.access_token as string);
  }
  const sessions = Array.from({ length: carts }, () => randomBytes(32).toString('base64url'));
  let prepared = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = prepared++; i < carts; i = prepared++) {
        await call(url, 'POST', `/api/v1/shop/cart/${sessions[i]}/items`, null, { product_id: products[i % 100], quantity: 1 }, shop);
        await call(url, 'POST', `/api/v1/shop/cart/${sessions[i]}/items`, null, { product_id: products[(i + 1) % 100], quantity: 2 }, shop);
      }
    }),
  );
  const address = BENCH_SHIPPING_ADDRESS;
  return (n) => {
    if (n >= carts) throw new Error(`more orders than the ${carts} prepared carts`);
    return {
      path: '/api/v1/shop/orders',
      body: JSON.stringify({ session_id: sessions[n], shipping_address: address }),
      token: tokens[n % 100],
      headers: { ...shop, authorization: `Bearer ${tokens[n % 100]}` },
    };
  };
}

/**
 * Samples, until stopped, the backends of the database that have been running one statement for
 * over 50 ms: per wait event (or "cpu" when waiting on none), the samples seen and the longest
 * running statement, e.g. `IO/WALSync: 12 samples, longest 475 ms`.
 */
function sampleWaits(url: string): { stop(): Promise<string> } {
  const client = new pg.Client({ connectionString: url });
  const seen = new Map<string, { samples: number; longest: number }>();
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query(`SELECT coalesce(wait_event_type || '/' || wait_event, 'cpu') AS wait,
        extract(epoch FROM clock_timestamp() - query_start) * 1000 AS ms FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active' AND clock_timestamp() - query_start > interval '50 ms'`);
      for (const r of rows) {
        const s = seen.get(r.wait) ?? { samples: 0, longest: 0 };
        seen.set(r.wait, { samples: s.samples + 1, longest: Math.max(s.longest, Number(r.ms)) });
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await loop;
      if (seen.size === 0) return 'none';
      return [...seen]
        .sort((a, b) => b[1].samples - a[1].samples)
        .map(([w, s]) => `${w}: ${s.samples} samples, longest ${Math.round(s.longest)} ms`)
        .join('; ');
    },
  };
}
