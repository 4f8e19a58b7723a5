import Koa from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import pg from 'pg';
import { estimateStatement, listStatement, type UserSort } from '../../queries/users/listUsers.ts';
import { planRows } from '../../src/runtime/rowEstimate.ts';

/**
 * The baselines of the HTTP scenarios: a bare Koa app with the same body parser and a bare
 * pg.Pool of the service's size (10), no auth, no validation, no event store, no logging.
 *   PUT /bare/users/:id   one INSERT
 *   GET /bare/users       the very SQL of the admin user list: the statement texts and parameters
 *                         come from the builders queries/users/listUsers.ts runs (the page with
 *                         its capped count, and the estimate when the cap is passed), sent
 *                         through pg as they are; no knex, no item mapping
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = new Koa();
const router = new Router();
app.use(koaBody({ jsonLimit: '1mb' }));

router.get('/health', (ctx) => {
  ctx.body = { status: 'ok' };
});

router.put('/bare/users/:id', async (ctx) => {
  const body = ctx.request.body as { first_name?: string };
  await pool.query('INSERT INTO bare_writes (user_id, first_name) VALUES ($1, $2)', [Number(ctx.params.id), body.first_name ?? null]);
  ctx.body = { id: Number(ctx.params.id), first_name: body.first_name ?? null };
});

router.get('/bare/users', async (ctx) => {
  const q = ctx.query as Record<string, string | undefined>;
  const filter = {
    search: q.search || undefined,
    role: q.role || undefined,
    is_active: q.is_active === undefined ? undefined : q.is_active === 'true',
  };
  const page = { page: Math.max(1, Number(q.page ?? 1)), limit: Math.min(100, Number(q.limit ?? 20)) };
  const statement = listStatement(filter, page, { sort: q.sort as UserSort | undefined, exactTotal: q.exact_total === 'true' });
  const rows = (await pool.query(statement.text, statement.values)).rows;
  const items = rows.filter((r) => r.id !== null);
  let total = rows[0]?.counted === null ? statement.offset + items.length : Number(rows[0].counted);
  if (statement.cap !== null && total > statement.cap) {
    const estimate = estimateStatement(filter);
    total = Math.max(total, planRows((await pool.query(`EXPLAIN (FORMAT JSON) ${estimate.text}`, estimate.values)).rows));
  }
  ctx.body = { items, total, page: page.page, limit: page.limit };
});

app.use(router.routes());
app.listen(Number(process.env.PORT), '127.0.0.1');
