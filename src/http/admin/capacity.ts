import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { snapshotDay } from '../../../commands/subscriptions/capacitySnapshot.ts';
import {
  CAPACITY_METRICS,
  findSnapshot,
  latestSnapshot,
  measureCapacity,
  snapshotsBetween,
  type CapacityMetric,
} from '../../../queries/subscriptions/capacity.ts';
import { capacityRecommendations } from '../../../queries/subscriptions/capacityForecast.ts';
import { ValidationException, type ValidationIssue } from '../../core/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { captureCapacitySnapshot } from '../../workers/subscriptions/capacitySnapshot.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { addOnLimits } from './subscriptionOverview.ts';
import { CapacityOverview, CapacityRecommendations, CapacitySnapshot, CapacityTrends } from '../schemas/capacity.ts';

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 366;
const METRIC_NAME = CAPACITY_METRICS.join('|');
const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD (UTC)' });
const TrendsQuery = Type.Object({
  from: Type.Optional({ ...Day, description: 'First day (default: 29 days before to)' }),
  to: Type.Optional({ ...Day, description: 'Last day (default: today)' }),
  metrics: Type.Optional(
    Type.String({
      maxLength: 500,
      pattern: `^(${METRIC_NAME})(,(${METRIC_NAME}))*$`,
      description: `Comma-separated, of: ${CAPACITY_METRICS.join(', ')} (default: all)`,
    }),
  ),
});
const RecommendationsQuery = Type.Object({
  days: Type.Optional(
    Type.Integer({
      minimum: 2,
      maximum: MAX_RANGE_DAYS,
      default: 30,
      description: 'The window of snapshots the trend is fitted over, ending today',
    }),
  ),
});
const DATABASE_SIZE_METHOD =
  "pg_database_size(current_database()): on PostgreSQL the database's files; on embedded PGlite its own data files";

/** SPEC.md 4.1 capacity planning: the latest snapshot and live figures, trends, recommendations, and a snapshot on demand. */
export function adminCapacityRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const knex = services.db.knex;
  const eventsInDatabase = () => services.store.kind !== 'eventstoredb';

  api.get(
    '/subscription-capacity',
    {
      summary: 'The latest capacity snapshot, the same figures measured now, and the configured capacities',
      responses: { 200: CapacityOverview },
    },
    async (ctx) => {
      const now = services.clock.now();
      ctx.body = {
        latest: await latestSnapshot(knex),
        live: { measured_at: now.toISOString(), metrics: await measureCapacity(knex, now, eventsInDatabase()) },
        capacity: { database_bytes: services.config.capacity.databaseBytes, media_bytes: services.config.capacity.mediaBytes },
        database_size_method: DATABASE_SIZE_METHOD,
      };
    },
  );

  api.get(
    '/trends',
    {
      summary: 'Capacity figures per day over a date range (one point per snapshot), for the chosen metrics',
      query: TrendsQuery,
      responses: { 200: CapacityTrends },
    },
    async (ctx, { query }) => {
      const to = query.to ?? snapshotDay(services.clock.now());
      const from = query.from ?? new Date(Date.parse(to) - 29 * DAY_MS).toISOString().slice(0, 10);
      // The pattern of TrendsQuery admits known names only.
      const metrics = query.metrics ? [...new Set(query.metrics.split(','))] : [...CAPACITY_METRICS];
      const issues: ValidationIssue[] = [];
      if (from > to) issues.push({ pointer: '/query/from', message: 'is after to' });
      else if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= MAX_RANGE_DAYS)
        issues.push({ pointer: '/query/from', message: `the range is over ${MAX_RANGE_DAYS} days` });
      if (issues.length > 0) throw new ValidationException('The request is not valid', issues);
      const snapshots = await snapshotsBetween(knex, from, to);
      ctx.body = {
        from,
        to,
        metrics,
        points: snapshots.map((s) => ({
          day: s.day,
          taken_at: s.taken_at,
          values: Object.fromEntries(metrics.map((m) => [m, (s.metrics[m as CapacityMetric] as number | null | undefined) ?? null])),
        })),
      };
    },
  );

  api.get(
    '/recommendations',
    {
      summary:
        "When each resource reaches its capacity at the current trend (least-squares line over the window's snapshots), and the vendors near a limit of their tier",
      query: RecommendationsQuery,
      responses: { 200: CapacityRecommendations },
    },
    async (ctx, { query }) => {
      ctx.body = await capacityRecommendations(
        knex,
        services.clock.now(),
        query.days ?? 30,
        { database_bytes: services.config.capacity.databaseBytes, media_bytes: services.config.capacity.mediaBytes },
        addOnLimits(services),
      );
    },
  );

  api.post(
    '/snapshot',
    {
      summary: "Capture today's capacity snapshot now (a second one the same day replaces it)",
      responses: { 201: CapacitySnapshot },
    },
    async (ctx) => {
      const handled = await captureCapacitySnapshot(services, 'manual', commandContext(ctx, adminCaller(ctx).id));
      await services.settle([handled]);
      ctx.status = 201;
      ctx.body = await findSnapshot(knex, handled.events[0].data.day);
    },
  );

  return api.router;
}
