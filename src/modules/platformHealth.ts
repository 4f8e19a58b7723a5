import { adminPlatformHealthRoutes } from '../http/admin/platformHealth.ts';
import { platformMetricsRoutes } from '../http/platformMetrics.ts';
import { platformHealthBackOffice, platformHealthPageRoutes } from '../pages/platform-health/healthPage.ts';
import { sql } from '../runtime/database.ts';
import { MetricsWriter } from '../workers/platform-health/metricsWriter.ts';
import { defineModule } from './module.ts';

/** How long the per-minute windows, the feed heads and a silent instance's report are kept. */
const KEEP_MS = 24 * 3_600_000;

/**
 * Platform health (SPEC.md part 1 capability 9): every instance observes its requests in memory
 * (src/runtime/requestMetrics.ts) and writes its per-minute windows, its memory and CPU and the
 * feed's head to the database; the admin endpoint sums the instances. GET /metrics exposes one
 * instance's metrics to a Prometheus.
 */
export const platformHealthModule = defineModule({
  name: 'platform-health',
  tag: 'Platform health',
  description:
    'Requests per API area (rate, latency percentiles, error rate) summed over the instances, the event feed, consumer lag, background jobs, scheduled tasks, database, memory and CPU, media storage; Prometheus exposition.',
  core: true,
  features: [
    'Request rate, latency percentiles and error rate per API area',
    'Every instance summed',
    'Consumer lag and background jobs',
    'Prometheus text exposition',
  ],
  routes: { admin: [adminPlatformHealthRoutes], health: [platformMetricsRoutes] },
  pages: [platformHealthPageRoutes],
  backOffice: platformHealthBackOffice,
  background: [
    (services) => {
      const writer = new MetricsWriter(services);
      writer.start();
      return { stop: () => writer.stop() };
    },
  ],
  scheduledTasks: [
    {
      name: 'prunePlatformMetrics',
      cron: '47 * * * *',
      async run(services) {
        const before = new Date(services.clock.now().getTime() - KEEP_MS);
        await sql(services.db.knex, 'DELETE FROM metric_windows WHERE minute < $1', [before]);
        await sql(services.db.knex, 'DELETE FROM feed_heads WHERE minute < $1', [before]);
        await sql(services.db.knex, 'DELETE FROM platform_instances WHERE seen_at < $1', [before]);
      },
    },
  ],
});

/** Requests per API area over the last minutes, summed over the instances (the admin dashboard shows the rate). */
export { requestFigures } from '../../queries/platform-health/getPlatformHealth.ts';
