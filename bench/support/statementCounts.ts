import { systemClock } from '../../src/core/clock.ts';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { openDatabase } from '../../src/runtime/database.ts';
import { adminLogin, startService, type ChildService } from '../../test/support/childService.ts';
import { appendUsers } from './generators/index.ts';
import { BENCH_SHIPPING_ADDRESS, benchOrders, benchProducts, benchVendor, call } from './vendorFixture.ts';

/**
 * Statements per request of the bench's command scenarios, counted from the database driver:
 * the service runs as a child process with bench/support/statementCounter.mjs loaded, which
 * counts every statement node-postgres sends, apart for those sent while a request is handled
 * (its async context) and the rest (consumers, tail). Requests go one after another, each on an
 * aggregate the service has already served once (the steady state of the load runs, where the
 * aggregate cache holds the streams), so the request-path count is deterministic: the same on
 * every run, whatever the load.
 */
export const COMMAND_SCENARIOS = ['user profile', 'ship item', 'price change', 'shop add-to-cart', 'shop order'] as const;
export type CommandScenario = (typeof COMMAND_SCENARIOS)[number];

export interface StatementCount {
  /**
   * Statements sent in the request's own path, per request (deterministic), leaving out what
   * depends on timing: the adapter's separate NOTIFY (an append carries its NOTIFY,
   * `es_append_notify`, unless one is already on its way; then a later `es_notify` wakes the
   * others for several appends) and the set-up of a new pool connection (`SET …`).
   */
  request: number;
  /** The statements left out of `request` per request (timing-dependent, see above). */
  timing: number;
  /** Per request, by statement name (or its first 60 characters). */
  byName: Record<string, number>;
  /** Statements of the background (consumers, tail) per request: depends on the batching, so on timing. */
  background: number;
}

/**
 * The request-path counts of the commit before the plans existed (fd9fb1b, the last commit
 * before the subscription tiers, which already had the shop's cart and orders), measured with
 * this very code (`npx tsx bench/statementCounts.ts --root <a checkout of fd9fb1b>`). A gated route must cost
 * no more than these.
 */
export const BEFORE_PLANS: { commit: string; counts: Record<CommandScenario, number> } = {
  commit: 'fd9fb1b',
  counts: { 'user profile': 3, 'ship item': 3, 'price change': 3, 'shop add-to-cart': 8, 'shop order': 28 },
};

/** The statements whose number depends on timing, not on the request: see StatementCount.request. */
const TIMING = /^(es_notify$|SET )/i;

const COUNTER = join(dirname(fileURLToPath(import.meta.url)), 'statementCounter.mjs');

type Req = { method: string; path: string; body?: unknown; headers?: Record<string, string> };

export interface CountOptions {
  databaseUrl: string;
  /** Requests measured per scenario (each on its own aggregate). */
  requests?: number;
  /** A checkout of another commit to run the service from (its own migrations; default this one). */
  root?: string;
  log?: (text: string) => void;
}

/** Seeds an empty database through the service (and its event store), then counts each scenario. */
export async function countStatements(options: CountOptions): Promise<Record<CommandScenario, StatementCount>> {
  const n = options.requests ?? 20;
  const log = options.log ?? (() => {});
  let app: ChildService | null = null;
  // The service migrates its own database (an older checkout knows only its migrations).
  app = await startService({
    databaseUrl: options.databaseUrl,
    name: 'bench-statements',
    env: { TRUST_PROXY: '1' },
    nodeArgs: ['--import', COUNTER],
    root: options.root,
  });
  const db = await openDatabase({ url: options.databaseUrl, poolMax: 4 });
  const store = new PostgresEventStore(db);
  await store.listen(options.databaseUrl);
  try {
    const url = app.url;
    const adminToken = await adminLogin(url);
    log('  seeding users, a vendor with products, orders, stock, customers and carts');
    await appendUsers(store, db.knex, 1000, n, 0);
    await db.knex.raw("SELECT setval('user_id_seq', 5000)");
    const v = await benchVendor(url, adminToken);
    const products = await benchProducts(url, v, n);
    for (const id of products)
      await call(url, 'POST', '/api/v1/vendor/inventory', v.token, { product_id: id, bin_location: 'S-1', quantity: 1_000_000 });
    const items = (await benchOrders(url, { store, db: db.knex, clock: systemClock }, v, n, 1, 4)).map(([o, i]) => [o, i]);
    const me = await call(url, 'GET', '/api/v1/vendor/auth/me', v.token);
    const shop = { referer: `http://127.0.0.1/vendors/${(me.vendor ?? me).vendor_code}/shop/` };
    const customers: string[] = [];
    for (let i = 0; i < n; i++) {
      const c = await call(
        url,
        'POST',
        '/api/v1/shop/auth/register',
        null,
        {
          email: `count-${i}-${randomBytes(4).toString('hex')}@customer.test`,
          password: 'bench-customer-password',
          first_name: 'Ada',
          last_name: 'Lovelace',
        },
        shop,
      );
      customers.push(c.access_token as string);
    }
    const session = () => randomBytes(32).toString('base64url');
    const sessions = Array.from({ length: n }, session);
    const carts = Array.from({ length: 2 * n }, session);
    for (const [k, s] of carts.entries()) {
      await call(url, 'POST', `/api/v1/shop/cart/${s}/items`, null, { product_id: products[k % n], quantity: 1 }, shop);
      await call(url, 'POST', `/api/v1/shop/cart/${s}/items`, null, { product_id: products[(k + 1) % n], quantity: 2 }, shop);
    }
    const address = BENCH_SHIPPING_ADDRESS;
    const vendorAuth = { authorization: `Bearer ${v.token}` };

    /** The i-th request of a scenario; `round` 0 is the warm-up over the same aggregates, 1 is counted. */
    const scenarios: Record<CommandScenario, (i: number, round: number) => Req> = {
      'user profile': (i, r) => ({
        method: 'PUT',
        path: `/api/v1/admin/users/${1000 + i}`,
        body: { first_name: `Count${r}` },
        headers: { authorization: `Bearer ${adminToken}` },
      }),
      'ship item': (i) => ({
        method: 'POST',
        path: `/api/v1/vendor/orders/${items[i][0]}/items/${items[i][1]}/ship`,
        body: { quantity: 1 },
        headers: vendorAuth,
      }),
      'price change': (i, r) => ({
        method: 'PATCH',
        path: `/api/v1/vendor/products/${products[i]}`,
        body: { price_cents: 2000 + r },
        headers: vendorAuth,
      }),
      'shop add-to-cart': (i) => ({
        method: 'POST',
        path: `/api/v1/shop/cart/${sessions[i]}/items`,
        body: { product_id: products[i], quantity: 1 },
        headers: shop,
      }),
      'shop order': (i, r) => ({
        method: 'POST',
        path: '/api/v1/shop/orders',
        body: { session_id: carts[r * n + i], shipping_address: address },
        headers: { ...shop, authorization: `Bearer ${customers[i]}` },
      }),
    };
    const counts = {} as Record<CommandScenario, StatementCount>;
    // The price change last: the carts to order were filled at the former prices.
    for (const name of [...COMMAND_SCENARIOS].sort((a, b) => Number(a === 'price change') - Number(b === 'price change'))) {
      const send = async (q: Req) => {
        const res = await fetch(url + q.path, {
          method: q.method,
          body: q.body === undefined ? undefined : JSON.stringify(q.body),
          headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', ...q.headers },
        });
        const text = await res.text();
        if (res.status >= 300) throw new Error(`${name}: ${q.method} ${q.path} answered ${res.status} ${text.slice(0, 300)}`);
      };
      for (let i = 0; i < n; i++) await send(scenarios[name](i, 0));
      await settle(url);
      await fetch(`${url}/__bench/statements`, { method: 'POST' });
      for (let i = 0; i < n; i++) await send(scenarios[name](i, 1));
      await settle(url);
      const got = (await (await fetch(`${url}/__bench/statements`)).json()) as {
        requests: number;
        request: Record<string, number>;
        background: Record<string, number>;
      };
      const per = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0) / got.requests;
      const timing = Object.entries(got.request)
        .filter(([k]) => TIMING.test(k))
        .reduce((a, [, c]) => a + c, 0);
      counts[name] = {
        request: per(got.request) - timing / got.requests,
        timing: timing / got.requests,
        byName: Object.fromEntries(
          Object.entries(got.request)
            .sort((a, b) => b[1] - a[1])
            .map(([k, c]) => [k, c / got.requests]),
        ),
        background: per(got.background),
      };
      log(`  ${name}: ${fmt(counts[name].request)} statements per request in its path`);
    }
    return counts;
  } finally {
    await app?.stop();
    await store.close();
    await db.close();
  }
}

/**
 * The statements of an idle consumer's poll (its transaction, lock, checkpoint and an empty feed
 * read): some sixty consumers each poll once a second when nothing comes, so the background is
 * never 300 ms without one of these, and only other statements tell that work is still going on.
 */
const IDLE_POLL = /^(BEGIN;?|COMMIT;?|es_feed|cr_lock|cr_lock_checkpoint|cr_checkpoint)$/;

/** Waits until the background is quiet (the consumers caught up): 300 ms without a statement but idle polls. */
async function settle(url: string): Promise<void> {
  let last = -1;
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 300));
    const got = (await (await fetch(`${url}/__bench/statements`)).json()) as { background: Record<string, number> };
    const total = Object.entries(got.background)
      .filter(([name]) => !IDLE_POLL.test(name))
      .reduce((a, [, n]) => a + n, 0);
    if (total === last) return;
    last = total;
  }
}

const fmt = (v: number) => (Math.round(v * 100) / 100).toString();
