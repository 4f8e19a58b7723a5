import type Router from '@koa/router';
import {
  database,
  feedRate,
  instances,
  lastRuns,
  pendingMails,
  requestFigures,
} from '../../../queries/platform-health/getPlatformHealth.ts';
import { provided, registeredModules } from '../../modules/registry.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { HealthQuery, PlatformHealthResponse } from '../schemas/platformHealth.ts';

/** Events a consumer's lag is counted up to: past it, the figure says "at least". */
const LAG_CAP = 10_000;

/** Everything platform health shows, over the last `minutes` (the API's answer and the page's content). */
export async function readPlatformHealth(services: Services, minutes: number) {
  const knex = services.db.knex;
  const now = services.clock.now();
  const modules = registeredModules();
  const [requests, rate, head, db, running, runs, mails, contributed] = await Promise.all([
    requestFigures(knex, now, minutes),
    feedRate(knex, now, minutes),
    services.store.head().catch(() => null),
    database(knex),
    instances(knex, now),
    lastRuns(knex),
    pendingMails(knex),
    Promise.all(modules.filter((m) => m.healthFigures).map(async (m) => ({ module: m.name, figures: await m.healthFigures!(services) }))),
  ]);
  const consumers = [];
  for (const c of services.runner.status()) {
    const consumer = services.runner.consumers.find((x) => x.name === c.name)!;
    let lag = 0;
    try {
      lag = (await services.store.readFeed(c.position, { limit: LAG_CAP, types: consumer.eventTypes, lean: true })).events.length;
    } catch {
      lag = -1;
    }
    const lastError = c.lastError;
    consumers.push({
      name: c.name,
      lag: Math.max(lag, 0),
      lag_capped: lag >= LAG_CAP,
      status: (lastError || lag < 0 ? 'failing' : lag > 1000 ? 'behind' : 'ok') as 'ok' | 'behind' | 'failing',
      last_error: lastError,
    });
  }
  const moduleSwitch = provided(services, 'moduleSwitch', modules);
  const taskOn = (module: string) => moduleSwitch?.isOnAnywhere(module) ?? true;
  const storage = contributed.filter((c) => c.figures.storage);
  return {
    generated_at: now.toISOString(),
    window_minutes: minutes,
    api_areas: requests.areas,
    series: requests.series,
    feed: { kind: services.store.kind, head, events_per_minute: rate },
    consumers,
    background_jobs: [
      ...contributed.flatMap((c) => (c.figures.jobs ?? []).map((j) => ({ module: c.module, ...j }))),
      { module: 'mail', kind: 'outgoing_mail', queued: mails, running: 0 },
    ],
    scheduled_tasks: modules.flatMap((m) =>
      (m.scheduledTasks ?? []).map((t) => {
        const last = runs.get(t.name);
        return {
          name: t.name,
          module: m.name,
          cron: t.cron,
          enabled: taskOn(m.name),
          last_tick: last?.tick ?? null,
          last_finished_at: last?.finished_at ?? null,
          last_error: last?.error ?? null,
          last_instance: last?.instance ?? null,
        };
      }),
    ),
    database: { kind: services.db.kind, ...db },
    instances: running,
    media:
      storage.length > 0
        ? storage.reduce((a, c) => ({ files: a.files + c.figures.storage!.files, bytes: a.bytes + c.figures.storage!.bytes }), {
            files: 0,
            bytes: 0,
          })
        : null,
  };
}

/**
 * Platform health (SPEC.md part 1 capability 9, 4.4 "the platform health data endpoint"): request
 * rate, latency percentiles and error rate per API area summed over every instance, the event
 * feed, each consumer's lag, background work, scheduled tasks, the database, the instances, media.
 */
export function adminPlatformHealthRoutes(services: Services): Router {
  const api = new Api(services, 'admin');

  api.get(
    '/platform-health',
    {
      summary:
        'Platform health: requests per API area (rate, p50/p95/p99 latency, error rate) of every instance, the event feed, consumer lag, background jobs, scheduled tasks, database, instances, media storage',
      query: HealthQuery,
      responses: { 200: PlatformHealthResponse },
    },
    async (ctx, { query }) => {
      ctx.body = await readPlatformHealth(services, query.minutes ?? 15);
    },
  );
  return api.router;
}
