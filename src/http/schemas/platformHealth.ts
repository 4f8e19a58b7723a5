import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../responses.ts';

export const HealthQuery = Type.Object(
  {
    minutes: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 60, default: 15, description: 'How many minutes back the request figures reach' }),
    ),
  },
  { $id: 'PlatformHealthQuery' },
);

const Latency = Type.Object({ p50: Type.Number(), p95: Type.Number(), p99: Type.Number() });

export const PlatformHealthResponse = Type.Object(
  {
    generated_at: Timestamp,
    window_minutes: Type.Integer(),
    api_areas: Type.Array(
      Type.Object({
        api_area: Type.String(),
        requests: Type.Integer(),
        requests_per_minute: Type.Number(),
        client_errors: Type.Integer(),
        server_errors: Type.Integer(),
        error_rate: Type.Number({ description: 'Share of requests answered with a 5xx' }),
        mean_ms: Type.Number(),
        latency_ms: Latency,
      }),
    ),
    series: Type.Array(Type.Object({ minute: Timestamp, requests: Type.Integer(), server_errors: Type.Integer(), p95_ms: Type.Number() })),
    feed: Type.Object({
      kind: Type.String(),
      head: Nullable(Type.Object({ a: Type.String(), b: Type.String() })),
      events_per_minute: Nullable(
        Type.Number({ description: 'From the heads the instances record each minute; null until two were recorded' }),
      ),
    }),
    consumers: Type.Array(
      Type.Object({
        name: Type.String(),
        lag: Type.Integer({ description: 'Events behind (counted up to 10,000)' }),
        lag_capped: Type.Boolean(),
        status: Type.Union([Type.Literal('ok'), Type.Literal('behind'), Type.Literal('failing')]),
        last_error: Nullable(Type.String()),
      }),
    ),
    background_jobs: Type.Array(
      Type.Object({ module: Type.String(), kind: Type.String(), queued: Type.Integer(), running: Type.Integer() }),
    ),
    scheduled_tasks: Type.Array(
      Type.Object({
        name: Type.String(),
        module: Type.String(),
        cron: Type.String(),
        enabled: Type.Boolean({ description: 'Its module is on for at least one platform' }),
        last_tick: Nullable(Timestamp),
        last_finished_at: Nullable(Timestamp),
        last_error: Nullable(Type.String()),
        last_instance: Nullable(Type.String()),
      }),
    ),
    database: Type.Object({ kind: Type.String(), size_bytes: Type.Integer(), connections: Type.Integer() }),
    instances: Type.Array(
      Type.Object({
        instance: Type.String(),
        host: Type.String(),
        pid: Type.Integer(),
        started_at: Timestamp,
        seen_at: Timestamp,
        rss_bytes: Type.Integer(),
        heap_used_bytes: Type.Integer(),
        cpu_percent: Type.Number(),
      }),
    ),
    media: Nullable(Type.Object({ files: Type.Integer(), bytes: Type.Integer() })),
  },
  { $id: 'PlatformHealthResponse' },
);
