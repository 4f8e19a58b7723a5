import type { Scenario } from '../harness.ts';
import { adminLogin, CHILD_ADMIN, startService, type ChildService } from '../../test/support/childService.ts';
import { createBenchAdmin } from '../support/generators/index.ts';
import { ordersHistory } from '../support/generators/orders.ts';
import { load } from '../support/http.ts';
import { openStore, silent } from '../support/store.ts';
import { orderFigures } from '../../projections/orders/orderFigures.ts';
import { orderList } from '../../projections/orders/orderList.ts';
import { rebuildProjection } from '../../src/runtime/rebuild.ts';
import { sql } from '../../src/runtime/database.ts';

const ORDERS = 100_000;

/**
 * The admin dashboard at 100,000 orders: orders imported and decided through the orders decider
 * (bench/support/generators/orders.ts), order_list and the order figures rebuilt from them; then
 * GET /api/v1/admin/dashboard and GET /api/v1/admin/dashboard/stats/platform through the real
 * service at 16 connections, each as a ratio to GET /api/v1/admin/auth/me (the cheapest admin
 * route: the same guard and one statement) measured in the same run, alternating. A third part
 * times the orders' part of the dashboard as one statement: the kept counts
 * (order_figure_counts) against counting order_list itself (GROUP BY status, channel, currency),
 * what the dashboard would cost without them.
 */
export const adminDashboardScenario: Scenario = {
  id: 'admin-dashboard',
  title: 'Admin dashboard, 100k orders',
  async run(ctx) {
    const orders = ctx.size(ORDERS, 5_000);
    const seconds = ctx.size(5, 2);
    const connections = 16;
    const seed = await openStore(ctx.databaseUrl, 4);
    ctx.log(`  generating ${orders.toLocaleString('en-US')} orders`);
    await ordersHistory.generate(seed.store, seed.db.knex, (c) => (c.byType.get('OrderImported') ?? 0) >= orders, ctx.log);
    await createBenchAdmin(seed.store, seed.db.knex, CHILD_ADMIN);
    for (const projection of [orderList, orderFigures]) await rebuildProjection(seed.db.knex, seed.store, projection, silent);
    const [{ n }] = await sql<{ n: number }>(seed.db.knex, 'SELECT count(*)::int AS n FROM order_list');

    // One statement each, 30 times: the counts kept against counting the order list.
    const time = async (text: string) => {
      const ms: number[] = [];
      for (let i = 0; i < 33; i++) {
        const t = performance.now();
        await sql(seed.db.knex, text);
        if (i >= 3) ms.push(performance.now() - t);
      }
      ms.sort((a, b) => a - b);
      return { rate: 1000 / ms[Math.floor(ms.length / 2)], p50: ms[Math.floor(ms.length / 2)], p99: ms[ms.length - 1] };
    };
    const counted = 'orders counted: GROUP BY over order_list (one statement)';
    const kept = 'orders from the kept counts: order_figure_counts (one statement)';
    ctx.define({ name: counted, unit: 'statements/s', isBaseline: true });
    ctx.define({
      name: kept,
      unit: 'statements/s',
      baseline: counted,
      targets: [{ label: '≥ 10 × counting the list', metric: 'ratio', min: 10 }],
    });
    for (let rep = 0; rep < ctx.repetitions; rep++) {
      ctx.record(counted, await time('SELECT status, channel, currency, count(*), sum(gross_cents) FROM order_list GROUP BY 1, 2, 3'));
      ctx.record(kept, await time('SELECT status, channel, currency, orders, gross_cents FROM order_figure_counts'));
    }
    await seed.close();

    let app: ChildService | null = null;
    try {
      app = await startService({ databaseUrl: ctx.databaseUrl, name: 'bench-dashboard', readyTimeoutMs: 300_000 });
      const token = await adminLogin(app.url);
      const probe = (await (
        await fetch(`${app.url}/api/v1/admin/dashboard`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as any;
      if (probe.orders?.total !== n) throw new Error(`the dashboard counts ${probe.orders?.total} orders, order_list holds ${n}`);
      const headers = { authorization: `Bearer ${token}` };
      const health = `GET /admin/auth/me (the admin guard and one statement), ${connections} conn.`;
      const cases = [
        { name: `GET /admin/dashboard (${n.toLocaleString('en-US')} orders), ${connections} conn.`, path: '/api/v1/admin/dashboard' },
        {
          name: `GET /admin/dashboard/stats/platform?days=30, ${connections} conn.`,
          path: '/api/v1/admin/dashboard/stats/platform?days=30',
        },
      ];
      ctx.define({ name: health, unit: 'req/s', isBaseline: true });
      for (const c of cases) {
        ctx.define({
          name: c.name,
          unit: 'req/s',
          baseline: health,
          targets: [
            { label: 'p99 < 50 ms', metric: 'p99', max: 50 },
            { label: 'no non-2xx', metric: 'non2xx', max: 1 },
          ],
        });
      }
      const run = (path: string) => load({ url: app!.url, connections, seconds, method: 'GET', headers, request: () => ({ path }) });
      const me = '/api/v1/admin/auth/me';
      await run(me);
      for (const c of cases) await run(c.path);
      for (let rep = 0; rep < ctx.repetitions; rep++) {
        if (rep % 2 === 0) ctx.record(health, await run(me));
        for (const c of rep % 2 === 0 ? cases : [...cases].reverse()) ctx.record(c.name, await run(c.path));
        if (rep % 2 === 1) ctx.record(health, await run(me));
      }
      ctx.note(
        `Admin dashboard: ${n.toLocaleString('en-US')} orders (order_list and the order figures rebuilt from the generated history); ` +
          `${seconds} s per run; the dashboard's ratio is to GET /admin/auth/me of the same service in the same run. The statement cases time the orders' ` +
          'part alone: the kept counts against a GROUP BY over order_list (median of 30 runs each).',
      );
    } finally {
      await app?.stop();
    }
  },
};
