import Koa from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import pg from 'pg';

/**
 * The baselines of the HTTP scenarios: a bare Koa app with the same body parser and a bare
 * pg.Pool of the service's size (10), no auth, no validation, no event store, no logging.
 *   PUT /bare/users/:id   one INSERT
 *   GET /bare/users       the very SQL of the admin user list (LIST_SQL: the count and the page
 *                         statements captured from queries/users/listUsers.ts), run in parallel
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const list = process.env.LIST_SQL ? JSON.parse(process.env.LIST_SQL) as { count: string; page: string } : null;
const app = new Koa();
const router = new Router();
app.use(koaBody({ jsonLimit: '1mb' }));

router.get('/health', (ctx) => { ctx.body = { status: 'ok' }; });

router.put('/bare/users/:id', async (ctx) => {
  const body = ctx.request.body as { first_name?: string };
  await pool.query('INSERT INTO bare_writes (user_id, first_name) VALUES ($1, $2)', [Number(ctx.params.id), body.first_name ?? null]);
  ctx.body = { id: Number(ctx.params.id), first_name: body.first_name ?? null };
});

router.get('/bare/users', async (ctx) => {
  if (!list) throw new Error('LIST_SQL not set');
  const search = String(ctx.query.search ?? '');
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const role = String(ctx.query.role ?? 'vendor');
  const page = Math.max(1, Number(ctx.query.page ?? 1));
  const limit = 20;
  const [count, rows] = await Promise.all([
    pool.query(list.count, [like, like, like, like, role]),
    pool.query(list.page, [like, like, like, like, role, limit, (page - 1) * limit]),
  ]);
  ctx.body = { items: rows.rows, total: Number(count.rows[0].count), page, limit };
});

app.use(router.routes());
app.listen(Number(process.env.PORT), '127.0.0.1');
