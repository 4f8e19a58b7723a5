import type { Scenario } from '../harness.ts';
import { adminLogin, CHILD_ADMIN, startService, type ChildService } from '../../test/support/childService.ts';
import { appendUsers, createBenchAdmin, person } from '../support/generators/index.ts';
import { load } from '../support/http.ts';
import { openStore, silent } from '../support/store.ts';
import { userList } from '../../projections/users/userList.ts';
import { rebuildProjection } from '../../src/runtime/rebuild.ts';

/**
 * Scenario 6 (issue 6): an HTTP list query on a projection of 100,000 rows, at 32 connections.
 * 100,000 users are appended as events and user_list is rebuilt from them (as the projections
 * CLI does); then the service starts and GET /api/v1/admin/users?… runs through the real stack
 * (auth, query validation, queries/users/listUsers.ts: one statement for the page and its capped
 * count, a second one for the estimate when more than 1,000 rows match, the items mapped).
 * Baseline: a bare Koa route (bench/support/bareServer.ts) sending the very statements of
 * listUsers (from its statement builders) through a bare pg.Pool. Two request mixes:
 *   - "search&role&page", as the issue first measured it: half the searches match one person
 *     (a surname with its number), half a first name shared by 1 in 16 users with a role filter
 *     (about 2,100 rows), pages 1–10;
 *   - "admin mix": what an admin does with the list (see `mixedQuery`): find a person by name or
 *     e-mail, search a first name or a surname shared by thousands, browse by role or everyone
 *     in every sort the API offers, deep pages, terms that match every user, a two-letter term
 *     the trigram index cannot serve.
 * The catalogue list joins QUERIES below when that area lands.
 */
const USERS = 100_000;
const FIRST_USER = 1_000;

interface ListQuery {
  name: string;
  /** Query string of the n-th request (the same on the service and on the bare server). */
  query(n: number): string;
}

const userAt = (n: number) => FIRST_USER + ((n * 7_919) % USERS);
const roleOf = (id: number) => (id % 3 === 0 ? 'admin' : 'vendor');
const qs = (params: Record<string, string | number | undefined>) => Object.entries(params)
  .filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&');

/** The issue's first mix: one person, or a first name with a role filter on pages 1–10. */
export function issueQuery(n: number): string {
  const id = userAt(n);
  const p = person(id);
  const narrow = n % 2 === 0;
  return qs({ search: narrow ? p.last : p.first, role: roleOf(id), page: narrow ? 1 : 1 + (n % 10) });
}

const SORTS = ['id', '-id', 'created_at', '-created_at', 'email', '-email', 'username', '-username'];

/** An admin's requests, in proportions out of 20. */
export function mixedQuery(n: number): string {
  const id = userAt(n);
  const p = person(id);
  const k = n % 20;
  const m = Math.floor(n / 20);
  const sort = SORTS[m % SORTS.length];
  if (k < 6) return qs({ search: p.last, role: m % 3 === 0 ? roleOf(id) : undefined }); // a person by surname: 1 row
  if (k < 8) return qs({ search: p.email.split('@')[0] }); // a person by e-mail: 1 row
  if (k < 11) return qs({ search: p.first, role: roleOf(id), page: 1 + (m % 10) }); // first name + role: ~2,100 rows
  if (k < 13) return qs({ search: p.last.replace(/\d+$/, ''), page: 1 + (m % 5), sort: ['id', '-created_at', 'email'][m % 3] }); // surname stem: 4,000 rows
  if (k < 16) return qs({ role: roleOf(id), page: 1 + (m % 50), sort }); // browse a role: 33,000 / 67,000 rows
  if (k < 18) return qs({ page: 1 + (m % 5), sort }); // browse everyone: 100,000 rows
  if (k < 19) return qs({ search: 'bench', page: 1 + (m % 3) }); // a term in every e-mail
  return qs({ search: 'an', role: roleOf(id) }); // two letters: no trigram to look up
}

const QUERIES: ListQuery[] = [
  { name: 'GET /admin/users?search&role&page', query: issueQuery },
  { name: 'GET /admin/users, admin mix', query: mixedQuery },
];

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

    let app: ChildService | null = null;
    let bare: ChildService | null = null;
    try {
      app = await startService({ databaseUrl: ctx.databaseUrl, name: 'bench-app', readyTimeoutMs: 300_000 });
      bare = await startService({ databaseUrl: ctx.databaseUrl, name: 'bench-bare', script: 'bench/support/bareServer.ts', });
      const token = await adminLogin(app.url);
      const probe = await (await fetch(`${app.url}/api/v1/admin/users?limit=1&exact_total=true`, { headers: { authorization: `Bearer ${token}` } })).json() as any;
      if (probe.total < users) throw new Error(`user_list holds ${probe.total} users, ${users} expected`);
      for (const query of QUERIES) {
        let n = 0;
        const ours = () => load({ url: app!.url, connections, seconds, method: 'GET', headers: { authorization: `Bearer ${token}` }, request: () => ({ path: `/api/v1/admin/users?${query.query(n++)}` }) });
        const base = () => load({ url: bare!.url, connections, seconds, method: 'GET', request: () => ({ path: `/bare/users?${query.query(n++)}` }) });
        const mine = `${query.name}, ${connections} conn.`;
        const baseline = `baseline for ${query.name.replace('GET /admin/users', '…')}: bare Koa + the same SQL, ${connections} conn.`;
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
      ctx.note(`HTTP list: ${probe.total.toLocaleString('en-US')} rows in user_list; ${seconds} s per run; "search&role&page": half the searches match one person, half about 1/48 of the users (a first name and a role, pages 1–10); "admin mix": see bench/scenarios/httpList.ts mixedQuery.`);
    } finally {
      await app?.stop();
      await bare?.stop();
    }
  },
};
