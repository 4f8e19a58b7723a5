import { timingSafeEqual } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { Gauge } from 'prom-client';
import { AuthenticationException, ResourceNotFoundException } from '../core/errors.ts';
import { requestMetricsOf } from '../runtime/requestMetrics.ts';
import type { Services } from '../runtime/services.ts';
import { Api } from './api.ts';

const prepared = new WeakSet<object>();

/** The consumers' lag as gauges, read when Prometheus scrapes (this instance's view of each consumer). */
function addConsumerGauges(services: Services): void {
  if (prepared.has(services)) return;
  prepared.add(services);
  const registry = requestMetricsOf(services).registry;
  new Gauge({
    name: 'platform_consumer_lag_events',
    help: 'Events a consumer is behind the feed (counted up to 10,000)',
    labelNames: ['consumer'],
    registers: [registry],
    async collect() {
      for (const c of services.runner.status()) {
        const consumer = services.runner.consumers.find((x) => x.name === c.name)!;
        const batch = await services.store
          .readFeed(c.position, { limit: 10_000, types: consumer.eventTypes, lean: true })
          .catch(() => null);
        if (batch) this.set({ consumer: c.name }, batch.events.length);
      }
    },
  });
}

function bearerMatches(ctx: Context, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * GET /metrics: this instance's metrics in the Prometheus text format (prom-client), for operators
 * who run a Prometheus: requests and latency per API area, the process, the consumers' lag. Off
 * unless METRICS_TOKEN is set; Prometheus then sends it as a bearer token. /health/ready stays
 * the load balancer's probe.
 */
export function platformMetricsRoutes(services: Services): Router {
  const api = new Api(services, 'health');
  api.get(
    '/metrics',
    {
      summary: "This instance's metrics in the Prometheus text format (bearer METRICS_TOKEN; off when it is unset)",
      responses: { 200: { description: 'Prometheus text exposition format 0.0.4', contentType: 'text/plain' } },
      errors: [AuthenticationException, ResourceNotFoundException],
    },
    async (ctx) => {
      const token = services.config.metrics.token;
      if (!token) throw new ResourceNotFoundException('The Prometheus exposition is off: set METRICS_TOKEN to turn it on');
      if (!bearerMatches(ctx, token)) throw new AuthenticationException('GET /metrics needs Authorization: Bearer <METRICS_TOKEN>');
      addConsumerGauges(services);
      const registry = requestMetricsOf(services).registry;
      ctx.type = registry.contentType;
      ctx.body = await registry.metrics();
    },
  );
  return api.router;
}
