import knexFactory from 'knex';
import { listUsers } from '../../queries/users/listUsers.ts';
import { adminLogin, CHILD_ADMIN, startService, type ChildService } from '../../test/support/childService.ts';
import type { Scenario } from '../harness.ts';
import { appendUsers, createBenchAdmin, person } from '../support/generators.ts';
import { load } from '../support/http.ts';
import { openStore, silent } from '../support/store.ts';
import { userList } from '../../projections/users/userList.ts';
import { rebuildProjection } from '../../src/runtime/rebuild.ts';

/**
 * Scenario 6 (issue 6): an HTTP list query on a projection of 100,000 rows, at 32 connections.
 * 100,000 users are appended as events and user_list is rebuilt from them (as the projections
 * CLI does); then the service starts and GET /api/v1/admin/users?search=…&role=…&page=… through the real stack (auth,
 * query validation, queries/users/listUsers.ts: a count and a page, the items mapped). Half the
 * requests search one person (a surname: a handful of rows), half a first name shared by 1 in
 * 16 users (about 6,000 rows, pages 1–10). Baseline: a bare Koa route running the very same two
 * statements (captured from listUsers) through a bare pg.Pool. The catalogue list joins
 * QUERIES below when that area lands.
 */
const USERS = 100_000;
const FIRST_USER = 1_000;

interface ListQuery {
  name: string;
  /** Path of the n-th request on the service, and on the bare server. */
  request(n: number): { app: string; bare: string };
}

function userQuery(n: number): string {
  const id = FIRST_USER + ((n * 7_919) % USERS);
  const p = person(id);
  const role = id % 3 === 0 ? 'admin' : 'vendor';
  const narrow = n % 2 === 0;
  const search = narrow ? p.last : p.first;
  const page = narrow ? 1 : 1 + (n % 10);
  return `search=${encodeURIComponent(search)}&role=${role}&page=${page}`;
}

const QUERIES: ListQuery[] = [
  {
    name: 'GET /admin/users?search&role&page',
    request: (n) => ({ app: `/api/v1/admin/users?${userQuery(n)}`, bare: `/bare/users?${userQuery(n)}` }),
  },
];

/** The count and page statements listUsers runs, as sent to PostgreSQL. */
async function capturedListSql(url: string): Promise<{ count: string; page: string }> {
  const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 2 } });
  const seen: { sql: string; bindings: unknown[] }[] = [];
  knex.on('query', (q: any) => seen.push({ sql: q.sql, bindings: q.bindings }));
  try {
    await listUsers(knex, { search: 'probe', role: 'vendor' }, { page: 3, limit: 20 });
  } finally {
    await knex.destroy();
  }
  const count = seen.find((q) => /count\(\*\)/.test(q.sql));
  const page = seen.find((q) => /limit/i.test(q.sql));
  const expected = ['%probe%', '%probe%', '%probe%', '%probe%', 'vendor'];
  if (!count || !page || JSON.stringify(count.bindings) !== JSON.stringify(expected)
    || JSON.stringify(page.bindings) !== JSON.stringify([...expected, 20, 40])) {
    throw new Error(`listUsers no longer runs the statements the baseline expects: ${JSON.stringify(seen)}`);
  }
  return { count: count.sql, page: page.sql };
}

export const httpListScenario: Scenario = {
  id: 'http-list',
  title: '6. HTTP list query, 100k rows',
  async run(ctx) {
    const seconds = ctx.size(5, 2);
    const users = ctx.size(USERS, 10_000);
    const connections = 32;
    const seed = await openStore(ctx.databaseUrl, 6);
    ctx.log(`  appending ${users.toLocaleString('en-US')} users`);
    await appendUsers(seed.store, seed.db.knex, FIRST_USER, users, 0, { log: ctx.log });
    await createBenchAdmin(seed.store, seed.db.knex, CHILD_ADMIN);
    await seed.db.knex.raw(`SELECT setval('user_id_seq', ${FIRST_USER + users + 1000})`);
    // user_list built as `npm run projections -- rebuild` would (which ends with VACUUM ANALYZE).
    await rebuildProjection(seed.db.knex, seed.store, userList, silent);
    await seed.close();
    const listSql = await capturedListSql(ctx.databaseUrl);

    let app: ChildService | null = null;
    let bare: ChildService | null = null;
    try {
      app = await startService({ databaseUrl: ctx.databaseUrl, name: 'bench-app', readyTimeoutMs: 300_000 });
      bare = await startService({ databaseUrl: ctx.databaseUrl, name: 'bench-bare', script: 'bench/support/bareServer.ts', env: { LIST_SQL: JSON.stringify(listSql) } });
      const token = await adminLogin(app.url);
      const probe = await (await fetch(`${app.url}/api/v1/admin/users?limit=1`, { headers: { authorization: `Bearer ${token}` } })).json() as any;
      if (probe.total < users) throw new Error(`user_list holds ${probe.total} users, ${users} expected`);
      for (const query of QUERIES) {
        let n = 0;
        const ours = () => load({ url: app!.url, connections, seconds, method: 'GET', headers: { authorization: `Bearer ${token}` }, request: () => ({ path: query.request(n++).app }) });
        const base = () => load({ url: bare!.url, connections, seconds, method: 'GET', request: () => ({ path: query.request(n++).bare }) });
        const mine = `${query.name}, ${connections} conn.`;
        const baseline = `baseline: bare Koa + the same SQL, ${connections} conn.`;
        ctx.define({ name: baseline, unit: 'req/s', isBaseline: true });
        ctx.define({
          name: mine, unit: 'req/s', baseline, targets: [
            { label: '≥ 70 % of baseline', metric: 'ratio', min: 0.7 },
            { label: 'p99 < 20 ms', metric: 'p99', max: 20 },
            { label: 'no non-2xx', metric: 'non2xx', max: 1 },
          ],
        });
        await ours();
        await base();
        for (let rep = 0; rep < ctx.repetitions; rep++) {
          if (rep % 2 === 0) { ctx.record(mine, await ours()); ctx.record(baseline, await base()); }
          else { ctx.record(baseline, await base()); ctx.record(mine, await ours()); }
        }
      }
      ctx.note(`HTTP list: ${probe.total.toLocaleString('en-US')} rows in user_list; ${seconds} s per run; half the searches match one person, half about 1/16 of the users (pages 1–10).`);
    } finally {
      await app?.stop();
      await bare?.stop();
    }
  },
};
