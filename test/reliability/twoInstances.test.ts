import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { BENCH_SHIPPING_ADDRESS, benchVendor, call } from '../../bench/support/vendorFixture.ts';
import { loadConfig } from '../../src/config.ts';
import { consumers } from '../../src/modules/index.ts';
import { createLogger } from '../../src/runtime/logger.ts';
import { openDatabase, sql } from '../../src/runtime/database.ts';
import { Scheduler, type ScheduledTask } from '../../src/runtime/scheduler.ts';
import { createServices, type Services } from '../../src/runtime/services.ts';
import { startService, type ChildService } from '../support/childService.ts';
import { freshPostgresDatabase, requirePostgres } from '../support/database.ts';
import { adminLogin, CommandLoad, expectAcknowledgedStoredOnce, expectProjectionsEqualRebuild, waitUntilReady } from './support.ts';

/**
 * Two instances: two service processes (src/main.ts) on one PostgreSQL database, both
 * taking commands. Every consumer (projection and process manager) must apply each event exactly
 * once across the two: the `applied` counters both instances report in /health/ready add up to
 * the number of events of the consumer's types in the store, exactly. user_list is checked
 * against the events, and every projection against a rebuild. Scheduled tasks: each tick of a
 * task runs once across instances (two schedulers on two connection pools of one database).
 */
describe('reliability: two instances', function () {
  this.timeout(240_000);

  it('two service processes under load apply every event exactly once (counters exact)', async function () {
    const server = await requirePostgres(this, 'the instances run on one');
    const { url, drop } = await freshPostgresDatabase(server);
    const load = new CommandLoad('two');
    const instances: ChildService[] = [];
    try {
      // The first one migrates the database and creates the first admin; the second joins it.
      instances.push(await startService({ databaseUrl: url, name: 'instance-a' }));
      instances.push(await startService({ databaseUrl: url, name: 'instance-b' }));
      const targets = await Promise.all(instances.map(async (s) => ({ url: s.url, token: await adminLogin(s.url) })));
      load.start(targets, 8);
      const until = Date.now() + 60_000;
      while (load.acknowledged.length < 200 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      await load.stop();
      expect(load.acknowledged.length).to.be.greaterThan(150);
      expect(
        load.refused.filter((r) => r.status >= 500),
        JSON.stringify(load.refused.slice(0, 3)),
      ).to.deep.equal([]);

      const reports = await Promise.all(instances.map((s) => waitUntilReady(s.url)));
      const db = await openDatabase({ url, poolMax: 2 });
      try {
        await expectAcknowledgedStoredOnce(db, load.acknowledged);
        const counts = new Map<string, number>();
        for (const c of consumers) {
          const [row] = await sql<{ n: number }>(db.knex, 'SELECT count(*)::int AS n FROM events WHERE type = ANY($1::text[])', [
            [...c.eventTypes],
          ]);
          counts.set(c.name, row.n);
        }
        const applied = (i: number, name: string) => reports[i].checks.consumers.find((c: any) => c.name === name).applied as number;
        const rows = consumers.map((c) => ({ consumer: c.name, a: applied(0, c.name), b: applied(1, c.name), events: counts.get(c.name) }));
        const wrong = rows.filter((r) => r.a + r.b !== r.events);
        expect(wrong, 'consumers whose counters across both instances differ from the events of their types').to.deep.equal([]);
        const users = rows.find((r) => r.consumer === 'user_list')!;
        console.log(
          `      user_list: instance A applied ${users.a}, instance B ${users.b}, ${users.events} events; all ${rows.length} consumers exact`,
        );
        expect(users.events).to.be.greaterThan(150);

        // user_list against the events: one row per created user, with the last first_name written.
        const expected = await sql(
          db.knex,
          `SELECT (data->>'user_id')::int AS id,
            (SELECT e2.data->'changes'->>'first_name' FROM events e2 WHERE e2.stream_id = e.stream_id AND e2.type = 'UserProfileChanged'
              AND e2.data->'changes' ? 'first_name' ORDER BY e2.version DESC LIMIT 1) AS first_name
          FROM events e WHERE type = 'UserCreated' AND NOT EXISTS (SELECT 1 FROM events d WHERE d.stream_id = e.stream_id AND d.type = 'UserDeleted')
          ORDER BY 1`,
        );
        const actual = await sql(db.knex, 'SELECT id, first_name FROM user_list ORDER BY id');
        expect(actual).to.deep.equal(expected);
      } finally {
        await db.close();
      }
      await Promise.all(instances.map((s) => s.stop()));
      instances.length = 0;
      const compared = await expectProjectionsEqualRebuild(url);
      console.log(`      ${compared.tables} projection tables (${compared.rows} rows) equal their rebuild`);
    } finally {
      await load.stop();
      await Promise.all(instances.map((s) => s.kill()));
      await drop();
    }
  });

  it('two instances racing their shoppers for the last units: as many orders as units, the others refused, nothing else held', async function () {
    const server = await requirePostgres(this, 'the instances run on one');
    const { url, drop } = await freshPostgresDatabase(server);
    const instances: ChildService[] = [];
    try {
      // The vendor login sets a Secure cookie: behind a proxy that says the request came over TLS.
      const env = { TRUST_PROXY: '1' };
      instances.push(await startService({ databaseUrl: url, name: 'checkout-a', env }));
      instances.push(await startService({ databaseUrl: url, name: 'checkout-b', env }));
      const [a, b] = instances.map((i) => i.url);
      const vendor = await benchVendor(a, await adminLogin(a));
      const pans = await call(a, 'POST', '/api/v1/vendor/products', vendor.token, { title: 'Last pans', price_cents: 2000 });
      await call(a, 'POST', '/api/v1/vendor/inventory', vendor.token, { product_id: pans.id, bin_location: 'P-1', quantity: 6 });
      const me = await call(a, 'GET', '/api/v1/vendor/auth/me', vendor.token);
      const shop = { referer: `http://127.0.0.1/vendors/${(me.vendor ?? me).vendor_code}/shop/` };
      // Twelve shoppers, each with one pan and one kettle in the cart, half of them on each instance.
      const shoppers = await Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          const on = i % 2 ? b : a;
          const body = { email: `racer-${i}@customer.test`, password: 'racing-customer-password', first_name: 'Ada', last_name: 'Racer' };
          const { access_token } = await call(on, 'POST', '/api/v1/shop/auth/register', null, body, shop);
          const session = randomBytes(32).toString('base64url');
          for (const product of [pans.id, vendor.productId])
            await call(on, 'POST', `/api/v1/shop/cart/${session}/items`, null, { product_id: product, quantity: 1 }, shop);
          return { on, token: access_token as string, session };
        }),
      );
      const answers = await Promise.all(
        shoppers.map(async ({ on, token, session }) => {
          const res = await fetch(`${on}/api/v1/shop/orders`, {
            method: 'POST',
            headers: { ...shop, 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ session_id: session, shipping_address: BENCH_SHIPPING_ADDRESS }),
          });
          return { status: res.status, body: (await res.json()) as { id?: number; code?: string } };
        }),
      );
      const placed = answers.filter((r) => r.status === 201);
      const refused = answers.filter((r) => r.status !== 201);
      expect(placed.length, JSON.stringify(answers.map((r) => [r.status, r.body.code]))).to.equal(6);
      expect(refused.map((r) => r.body.code)).to.deep.equal(Array(6).fill('InsufficientInventoryForCartException'));

      const db = await openDatabase({ url, poolMax: 2 });
      try {
        // Every unit held is an order's, and every order holds its units: the pans and the kettles.
        const held = await sql<{ stream_id: string; reserved: number; orders: number }>(
          db.knex,
          `SELECT stream_id, sum((data->>'reserved_change')::int)::int AS reserved, count(DISTINCT data->>'order_id')::int AS orders
             FROM events WHERE stream_id = ANY($1::text[]) AND type IN ('StockReserved', 'StockReservationReleased')
            GROUP BY stream_id ORDER BY stream_id`,
          [[`stock-${pans.id}`, `stock-${vendor.productId}`]],
        );
        expect(held.map((r) => [r.reserved, r.orders])).to.deep.equal([
          [6, 6],
          [6, 6],
        ]);
        const [orders] = await sql<{ n: number }>(db.knex, `SELECT count(*)::int AS n FROM events WHERE type = 'OrderPlaced'`);
        expect(orders.n).to.equal(6);
      } finally {
        await db.close();
      }
      console.log(`      6 of 12 orders placed across the two instances, 6 refused; 6 pans and 6 kettles held, each by an order`);
    } finally {
      await Promise.all(instances.map((s) => s.stop()));
      await drop();
    }
  });

  it("two instances' schedulers run each tick of a task once", async function () {
    const server = await requirePostgres(this, 'two schedulers need two connection pools on one database');
    const { url, drop } = await freshPostgresDatabase(server);
    const instances: Services[] = [];
    const schedulers: Scheduler[] = [];
    try {
      const ran: string[] = [];
      // Every second; the instance that ran it is recorded by the scheduler itself (scheduled_runs).
      const task: ScheduledTask = {
        name: 'reliabilityHeartbeat',
        cron: '* * * * * *',
        async run() {
          ran.push(new Date().toISOString());
        },
      };
      const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, JWT_SECRET: 'reliability-secret-that-is-long-enough-0123456789' });
      for (let i = 0; i < 2; i++) {
        // Two instances: each its own pool of connections, consumers not started (not under test here).
        const db = await openDatabase({ url, poolMax: 3 });
        instances.push(await createServices(config, createLogger('silent'), { consumers, db, startConsumers: false }));
      }
      for (const s of instances) schedulers.push(new Scheduler(s, [task], createLogger('silent')));
      schedulers.forEach((s) => s.start());
      await new Promise((r) => setTimeout(r, 4_500));
      await Promise.all(schedulers.map((s) => s.stop()));
      await new Promise((r) => setTimeout(r, 300));
      const runs = await sql(instances[0].db.knex, `SELECT tick, instance FROM scheduled_runs WHERE task = $1 ORDER BY tick`, [task.name]);
      expect(runs.length).to.be.at.least(3);
      expect(ran.length, 'runs of the task = claimed ticks').to.equal(runs.length);
      const ticks = runs.map((r: any) => new Date(r.tick).getTime());
      expect(new Set(ticks).size).to.equal(ticks.length);
      for (let i = 1; i < ticks.length; i++) expect(ticks[i] - ticks[i - 1]).to.equal(1000);
      console.log(`      ${runs.length} ticks of the task, each claimed and run once across the two schedulers`);
    } finally {
      await Promise.all(schedulers.map((s) => s.stop()));
      for (const s of instances) {
        await s.close();
        await s.db.close();
      }
      await drop();
    }
  });
});
