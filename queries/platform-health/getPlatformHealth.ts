import type { Knex } from 'knex';
import { sql } from '../../src/runtime/database.ts';
import { LATENCY_BUCKETS_MS } from '../../src/runtime/requestMetrics.ts';
import { isoTime } from '../../src/core/dates.ts';

export interface AreaFigures {
  api_area: string;
  requests: number;
  requests_per_minute: number;
  client_errors: number;
  server_errors: number;
  /** Share of requests answered 5xx. */
  error_rate: number;
  mean_ms: number;
  latency_ms: { p50: number; p95: number; p99: number };
}

export interface MinuteFigures {
  minute: string;
  requests: number;
  server_errors: number;
  p95_ms: number;
}

/**
 * A percentile from bucket counts: the upper bound of the bucket it falls in, interpolated
 * linearly inside it (as Prometheus's histogram_quantile); above the last bound, that bound.
 */
export function percentile(buckets: readonly number[], q: number): number {
  const total = buckets.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    if (seen + buckets[i] >= rank && buckets[i] > 0) {
      if (i >= LATENCY_BUCKETS_MS.length) return LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1];
      const lower = i === 0 ? 0 : LATENCY_BUCKETS_MS[i - 1];
      return Math.round((lower + (LATENCY_BUCKETS_MS[i] - lower) * ((rank - seen) / buckets[i])) * 10) / 10;
    }
    seen += buckets[i];
  }
  return LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1];
}

const sum = (a: number[], b: number[]) => a.map((n, i) => n + (b[i] ?? 0));

/** A minute's request counts of one API area on one instance (`minute` a timestamptz). */
interface MetricWindowRow {
  minute: Date | string;
  api_area: string;
  requests: number;
  client_errors: number;
  server_errors: number;
  duration_ms: number;
  buckets: number[] | null;
}

/** Requests per API area over the `minutes` before `now`, summed over every instance's windows. */
export async function requestFigures(knex: Knex, now: Date, minutes: number): Promise<{ areas: AreaFigures[]; series: MinuteFigures[] }> {
  const since = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - (minutes - 1) * 60_000);
  // At most minutes × areas × instances rows: summed here.
  const rows = await sql<MetricWindowRow>(
    knex,
    `SELECT minute, api_area, requests, client_errors, server_errors, duration_ms, buckets
    FROM metric_windows WHERE minute >= $1`,
    [since],
  );
  const byArea = new Map<string, { requests: number; client: number; server: number; ms: number; buckets: number[] }>();
  const byMinute = new Map<string, { requests: number; server: number; buckets: number[] }>();
  const empty = (): number[] => Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0);
  for (const r of rows) {
    const buckets = (r.buckets ?? []).map(Number);
    const a = byArea.get(r.api_area) ?? { requests: 0, client: 0, server: 0, ms: 0, buckets: empty() };
    a.requests += r.requests;
    a.client += r.client_errors;
    a.server += r.server_errors;
    a.ms += Number(r.duration_ms);
    a.buckets = sum(a.buckets, buckets);
    byArea.set(r.api_area, a);
    const key = isoTime(r.minute);
    const m = byMinute.get(key) ?? { requests: 0, server: 0, buckets: empty() };
    m.requests += r.requests;
    m.server += r.server_errors;
    m.buckets = sum(m.buckets, buckets);
    byMinute.set(key, m);
  }
  const areas = [...byArea]
    .map(([api_area, a]) => ({
      api_area,
      requests: a.requests,
      requests_per_minute: Math.round((a.requests / minutes) * 10) / 10,
      client_errors: a.client,
      server_errors: a.server,
      error_rate: a.requests ? Math.round((a.server / a.requests) * 10_000) / 10_000 : 0,
      mean_ms: a.requests ? Math.round((a.ms / a.requests) * 10) / 10 : 0,
      latency_ms: { p50: percentile(a.buckets, 0.5), p95: percentile(a.buckets, 0.95), p99: percentile(a.buckets, 0.99) },
    }))
    .sort((x, y) => y.requests - x.requests);
  const series: MinuteFigures[] = [];
  for (let t = since.getTime(); t <= now.getTime(); t += 60_000) {
    const key = new Date(t).toISOString();
    const m = byMinute.get(key);
    series.push({ minute: key, requests: m?.requests ?? 0, server_errors: m?.server ?? 0, p95_ms: m ? percentile(m.buckets, 0.95) : 0 });
  }
  return { areas, series };
}

/** Events per minute over the window, from the feed heads the instances recorded; null when none was. */
export async function feedRate(knex: Knex, now: Date, minutes: number): Promise<number | null> {
  const since = new Date(now.getTime() - minutes * 60_000);
  const [row] = await sql<{ first: Date | null; last: Date | null; low: string | null; high: string | null }>(
    knex,
    `SELECT min(minute) AS first, max(minute) AS last, min(head) AS low, max(head) AS high FROM feed_heads WHERE minute >= $1`,
    [since],
  );
  if (!row?.first) return null;
  const span = Math.max(1, (new Date(row.last!).getTime() - new Date(row.first).getTime()) / 60_000);
  return Math.round(((Number(row.high) - Number(row.low)) / span) * 10) / 10;
}

/** A platform_instances row: what each instance reports of itself every few seconds. */
interface InstanceRead {
  instance: string;
  host: string;
  pid: number;
  started_at: Date;
  seen_at: Date;
  rss_bytes: string | number;
  heap_used_bytes: string | number;
  cpu_percent: string | number;
}

export async function instances(knex: Knex, now: Date) {
  const since = new Date(now.getTime() - 5 * 60_000);
  const rows = await sql<InstanceRead>(knex, 'SELECT * FROM platform_instances WHERE seen_at >= $1 ORDER BY instance', [since]);
  return rows.map((r) => ({
    instance: r.instance,
    host: r.host,
    pid: r.pid,
    started_at: isoTime(r.started_at),
    seen_at: isoTime(r.seen_at),
    rss_bytes: Number(r.rss_bytes),
    heap_used_bytes: Number(r.heap_used_bytes),
    cpu_percent: Number(r.cpu_percent),
  }));
}

export async function database(knex: Knex) {
  const [size] = await sql<{ bytes: string }>(knex, 'SELECT pg_database_size(current_database())::bigint AS bytes');
  const [conn] = await sql<{ n: number }>(knex, 'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()');
  return { size_bytes: Number(size.bytes), connections: Number(conn?.n ?? 0) };
}

/** The scheduled tasks' last runs (scheduled_runs is the scheduler's history). */
export async function lastRuns(
  knex: Knex,
): Promise<Map<string, { tick: string; finished_at: string | null; error: string | null; instance: string }>> {
  const rows = await sql<{ task: string; tick: Date; finished_at: Date | null; error: string | null; instance: string }>(
    knex,
    `SELECT DISTINCT ON (task) task, tick, finished_at, error, instance FROM scheduled_runs ORDER BY task, tick DESC`,
  );
  return new Map(
    rows.map((r) => [
      r.task,
      { tick: isoTime(r.tick), finished_at: r.finished_at ? isoTime(r.finished_at) : null, error: r.error, instance: r.instance },
    ]),
  );
}

/** Mails waiting in the outbox (src/mail/outbox.ts): background work of the service itself. */
export async function pendingMails(knex: Knex): Promise<number> {
  const [row] = await sql<{ n: number }>(knex, "SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'pending'");
  return Number(row.n);
}
