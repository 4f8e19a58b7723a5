import { systemClock, type Clock } from '../../src/core/clock.ts';
import pg from 'pg';
import { adminLogin, CHILD_ADMIN, startService, type ChildService } from '../../test/support/childService.ts';
import { connectionLevels, type Scenario } from '../harness.ts';
import { appendUsers, createBenchAdmin } from '../support/generators/index.ts';
import { load, waitSettled } from '../support/http.ts';
import { openStore } from '../support/store.ts';
import { benchOrders, benchProducts, benchVendor, type BenchVendor } from '../support/vendorFixture.ts';

/**
 * Scenario 5: HTTP commands through the real stack. The service runs as a child
 * process (src/main.ts, NODE_ENV=production, request logging on) against the bench database;
 * autocannon sends, at 1, 8 and 32 connections:
 * - PUT /admin/users/:id with a new first_name each time (ChangeUserProfile);
 * - POST /vendor/orders/:order_id/items/:item_id/ship, one unit (ShipItem; its ItemShipped also
 *   moves stock through a process manager);
 * - PATCH /vendor/products/:id with a new price (a catalogue write).
 * Each goes through bearer auth (token check and account lookup), validation, loading the
 * aggregate, the decision, the append with the expected version, the wait until the projections
 * that read the new events have them (read-your-writes), and reading the result back. Requests go
 * round-robin over many aggregates (2,000 users, 2,000 items of 400 orders, 200 products), so no two in-flight
 * requests share a stream (one hot stream is scenario 2).
 * Baseline, measured next to each: a bare Koa route (same body parser, a pg.Pool of the same
 * size) doing one INSERT.
 */
const USERS = 2_000;
const FIRST_USER = 1_000;
const ORDERS = 400;
/** Items per order and units per item: 40,000 units, more than the runs ship (ShipItem fails once an item is shipped). */
const ITEMS = 5;
const UNITS = 20;
const PRODUCTS = 200;

interface Setup {
  url: string;
  adminToken: string;
  vendor(): Promise<BenchVendor>;
  deps: { store: any; db: any; clock: Clock };
}
interface Command {
  name: string;
  method: 'PUT' | 'POST' | 'PATCH';
  /** Prepares the aggregates; returns the n-th request (path, body, bearer token). */
  prepare(setup: Setup): Promise<(n: number) => { path: string; body: string; token: string }>;
}

const COMMANDS: Command[] = [
  {
    name: 'PUT /admin/users/:id (ChangeUserProfile)',
    method: 'PUT',
    async prepare({ adminToken }) {
      return (n) => ({
        path: `/api/v1/admin/users/${FIRST_USER + (n % USERS)}`,
        body: JSON.stringify({ first_name: `Bench${n}` }),
        token: adminToken,
      });
    },
  },
  {
    name: 'POST /vendor/orders/…/ship (ShipItem, 1 unit)',
    method: 'POST',
    async prepare(setup) {
      const v = await setup.vendor();
      const orders = await benchOrders(setup.url, setup.deps, v, ORDERS, ITEMS, UNITS);
      return (n) => {
        const [order, item] = orders[n % orders.length];
        return { path: `/api/v1/vendor/orders/${order}/items/${item}/ship`, body: '{"quantity":1}', token: v.token };
      };
    },
  },
  {
    name: 'PATCH /vendor/products/:id (price change)',
    method: 'PATCH',
    async prepare(setup) {
      const v = await setup.vendor();
      const products = await benchProducts(setup.url, v, PRODUCTS);
      return (n) => ({
        path: `/api/v1/vendor/products/${products[n % products.length]}`,
        body: JSON.stringify({ price_cents: 1000 + (n % 50_000) }),
        token: v.token,
      });
    },
  },
];

export const httpCommandScenario: Scenario = {
  id: 'http-command',
  title: '5. HTTP command round trip',
  async run(ctx) {
    const seconds = ctx.size(4, 2);
    const levels = connectionLevels();
    // Seed: the admin and the users, through the event store (no password hashing per user).
    const seed = await openStore(ctx.databaseUrl, 4);
    await createBenchAdmin(seed.store, seed.db.knex, CHILD_ADMIN);
    await appendUsers(seed.store, seed.db.knex, FIRST_USER, USERS, 0);
    await seed.db.knex.raw(`SELECT setval('user_id_seq', ${FIRST_USER + USERS + 1000})`);
    await seed.db.knex.raw(
      'CREATE TABLE bare_writes (id bigserial PRIMARY KEY, user_id int NOT NULL, first_name text, at timestamptz NOT NULL DEFAULT now())',
    );

    let app: ChildService | null = null;
    let bare: ChildService | null = null;
    try {
      // As deployed behind a TLS-terminating proxy (the vendor login sets a Secure cookie).
      app = await startService({ databaseUrl: ctx.databaseUrl, name: 'bench-app', env: { TRUST_PROXY: '1' } });
      bare = await startService({ databaseUrl: ctx.databaseUrl, name: 'bench-bare', script: 'bench/support/bareServer.ts' });
      const adminToken = await adminLogin(app.url);
      let vendor: Promise<BenchVendor> | null = null;
      const setup: Setup = {
        url: app.url,
        adminToken,
        deps: { store: seed.store, db: seed.db.knex, clock: systemClock },
        vendor: () => (vendor ??= benchVendor(app!.url, adminToken)),
      };
      let n = 0;
      const base = (connections: number) =>
        load({
          url: bare!.url,
          connections,
          seconds,
          method: 'PUT',
          request: () => ({ path: `/bare/users/${FIRST_USER + (n % USERS)}`, body: JSON.stringify({ first_name: `Bench${n++}` }) }),
        });
      for (const command of COMMANDS) {
        ctx.log(`  preparing ${command.name}`);
        const next = await command.prepare(setup);
        let token = '';
        const ours = (connections: number) =>
          load({
            url: app!.url,
            connections,
            seconds,
            method: command.method,
            headers: { authorization: `Bearer ${token}` },
            request: () => {
              const r = next(n++);
              token = r.token;
              return { path: r.path, body: r.body };
            },
          });
        token = next(0).token;
        const mineName = (c: number) => `${command.name}, ${c} conn.`;
        const baseName = (c: number) => `baseline for ${command.method} ${command.name.split(' ')[1]}: bare Koa + one INSERT, ${c} conn.`;
        for (const c of levels) {
          ctx.define({ name: baseName(c), unit: 'req/s', isBaseline: true });
          ctx.define({
            name: mineName(c),
            unit: 'req/s',
            baseline: baseName(c),
            targets:
              c === 32
                ? [
                    { label: '≥ 40 % of baseline', metric: 'ratio', min: 0.4 },
                    { label: 'p99 < 25 ms', metric: 'p99', max: 25 },
                    { label: 'no non-2xx', metric: 'non2xx', max: 1 },
                  ]
                : [{ label: 'no non-2xx', metric: 'non2xx', max: 1 }],
          });
        }
        await ours(8);
        await base(8);
        // Each run starts once the service has done what the previous one left behind.
        const settled = async <T>(run: () => Promise<T>) => {
          if (!(await waitSettled(app!.url))) ctx.log('  (a consumer of the service was still behind after 30 s: measured anyway)');
          return run();
        };
        for (let rep = 0; rep < ctx.repetitions; rep++) {
          for (const c of levels) {
            if (rep % 2 === 0) {
              ctx.record(mineName(c), await settled(() => ours(c)));
              ctx.record(baseName(c), await settled(() => base(c)));
            } else {
              ctx.record(baseName(c), await settled(() => base(c)));
              ctx.record(mineName(c), await settled(() => ours(c)));
            }
          }
        }
      }
      const check = new pg.Client({ connectionString: ctx.databaseUrl });
      await check.connect();
      const { rows } = await check.query(
        `SELECT type, count(*)::int AS n FROM events WHERE type IN ('UserProfileChanged', 'ItemShipped', 'VendorProductPriceChanged') GROUP BY 1 ORDER BY 1`,
      );
      await check.end();
      ctx.note(
        `HTTP commands: ${seconds} s per run; the service and the bare server are child processes, autocannon runs in the bench process, all on the machine of PostgreSQL; ` +
          `appended: ${rows.map((r) => `${r.n.toLocaleString('en-US')} ${r.type}`).join(', ')}.`,
      );
    } finally {
      await app?.stop();
      await bare?.stop();
      await seed.close();
    }
  },
};
