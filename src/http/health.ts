import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { Api } from './api.ts';

import { sql } from '../runtime/database.ts';
import type { Services } from '../runtime/services.ts';

/** Events a consumer may trail behind before the service reports itself not ready. */
const MAX_READY_LAG = 1000;

const Check = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
    kind: Type.Optional(Type.String()),
    detail: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
const Readiness = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
    checks: Type.Object({
      database: Check,
      event_store: Check,
      consumers: Type.Array(
        Type.Object(
          {
            name: Type.String(),
            lag: Type.Union([Type.Integer(), Type.String()]),
            status: Type.Union([Type.Literal('ok'), Type.Literal('behind')]),
          },
          { additionalProperties: true },
        ),
      ),
      memory_views: Type.Optional(
        Type.Array(
          Type.Object(
            {
              name: Type.String(),
              applied: Type.Integer(),
              reloads: Type.Integer(),
              last_error: Type.Union([Type.String(), Type.Null()]),
            },
            { additionalProperties: true },
          ),
        ),
      ),
    }),
  },
  { $id: 'Readiness' },
);

/** GET /health (liveness) and GET /health/ready (database, event store, consumer lag). */
export function healthRoutes(services: Services): Router {
  const api = new Api(services, 'health');
  api.get(
    '/health',
    { summary: 'Liveness: the process answers', responses: { 200: Type.Object({ status: Type.Literal('ok') }, { $id: 'Liveness' }) } },
    (ctx) => {
      ctx.body = { status: 'ok' };
    },
  );
  api.get(
    '/health/ready',
    {
      summary: 'Readiness: the database, the event store, how far each consumer trails the feed, and the memory views',
      responses: { 200: Readiness, 503: { description: 'A check failed or a consumer is over 1,000 events behind', schema: Readiness } },
    },
    async (ctx) => {
      const checks: Record<string, unknown> = {};
      let ready = true;
      try {
        await sql(services.db.knex, 'SELECT 1');
        checks.database = { status: 'ok', kind: services.db.kind };
      } catch (err) {
        ready = false;
        checks.database = { status: 'error', detail: (err as Error).message };
      }
      try {
        const head = await services.store.head();
        checks.event_store = { status: 'ok', kind: services.store.kind, head };
      } catch (err) {
        ready = false;
        checks.event_store = { status: 'error', detail: (err as Error).message };
      }
      const consumers = [];
      for (const c of services.runner.status()) {
        const consumer = services.runner.consumers.find((x) => x.name === c.name)!;
        let lag = 0;
        try {
          const batch = await services.store.readFeed(c.position, { limit: MAX_READY_LAG, types: consumer.eventTypes });
          lag = batch.events.length;
        } catch {
          lag = -1;
        }
        const ok = lag >= 0 && lag < MAX_READY_LAG && !c.lastError;
        if (!ok) ready = false;
        consumers.push({ ...c, lag: lag === MAX_READY_LAG ? `${MAX_READY_LAG}+` : lag, status: ok ? 'ok' : 'behind' });
      }
      checks.consumers = consumers;
      // A view that failed to apply an event loads again from the read models and answers meanwhile: reported, not a reason to stop serving.
      checks.memory_views = services.views.status().map((v) => ({
        name: v.name,
        position: v.position,
        applied: v.applied,
        reloads: v.reloads,
        loaded_at: v.loadedAt,
        last_error: v.lastError,
      }));
      ctx.status = ready ? 200 : 503;
      ctx.body = { status: ready ? 'ready' : 'not_ready', checks };
    },
  );
  return api.router;
}
