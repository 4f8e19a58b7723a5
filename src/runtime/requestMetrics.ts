import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Latency bucket bounds in milliseconds, shared by the Prometheus histogram and the stored windows. */
export const LATENCY_BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;

/** One API area's requests in one minute: what an instance adds to the shared windows. */
export interface MetricWindow {
  minute: string;
  api_area: string;
  requests: number;
  client_errors: number;
  server_errors: number;
  duration_ms: number;
  /** Requests per latency bucket (LATENCY_BUCKETS_MS, then one for slower), not cumulative. */
  buckets: number[];
}

/**
 * The process's request metrics (docs/platform-operations.md "Platform health"): per API area, a
 * prom-client counter and latency histogram for the Prometheus exposition, and per-minute windows
 * the platform-health area writes to the database, where every instance's windows are summed.
 * Observing a request costs a few additions in memory.
 */
export class RequestMetrics {
  readonly registry = new Registry();
  private readonly total: Counter<'api_area' | 'status_class'>;
  private readonly duration: Histogram<'api_area'>;
  private windows = new Map<string, MetricWindow>();

  constructor() {
    this.total = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by API area and status class',
      labelNames: ['api_area', 'status_class'],
      registers: [this.registry],
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by API area',
      labelNames: ['api_area'],
      buckets: LATENCY_BUCKETS_MS.map((ms) => ms / 1000),
      registers: [this.registry],
    });
    collectDefaultMetrics({ register: this.registry });
  }

  observe(apiArea: string, status: number, ms: number, now: Date): void {
    const statusClass = `${Math.floor(status / 100)}xx`;
    this.total.inc({ api_area: apiArea, status_class: statusClass });
    this.duration.observe({ api_area: apiArea }, ms / 1000);
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
    const key = `${minute} ${apiArea}`;
    let w = this.windows.get(key);
    if (!w)
      this.windows.set(
        key,
        (w = {
          minute,
          api_area: apiArea,
          requests: 0,
          client_errors: 0,
          server_errors: 0,
          duration_ms: 0,
          buckets: new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0),
        }),
      );
    w.requests++;
    if (status >= 500) w.server_errors++;
    else if (status >= 400) w.client_errors++;
    w.duration_ms += ms;
    const bucket = LATENCY_BUCKETS_MS.findIndex((bound) => ms <= bound);
    w.buckets[bucket === -1 ? LATENCY_BUCKETS_MS.length : bucket]++;
  }

  /** The windows observed since the last take (the writer adds them to the shared ones). */
  take(): MetricWindow[] {
    const out = [...this.windows.values()];
    this.windows = new Map();
    return out;
  }

  /** Puts windows back (a write that failed): they are added again on the next take. */
  giveBack(windows: MetricWindow[]): void {
    for (const w of windows) {
      const key = `${w.minute} ${w.api_area}`;
      const known = this.windows.get(key);
      if (!known) {
        this.windows.set(key, w);
        continue;
      }
      known.requests += w.requests;
      known.client_errors += w.client_errors;
      known.server_errors += w.server_errors;
      known.duration_ms += w.duration_ms;
      known.buckets = known.buckets.map((n, i) => n + w.buckets[i]);
    }
  }
}

const byServices = new WeakMap<object, RequestMetrics>();

/** The request metrics of these services (one per app process). */
export function requestMetricsOf(services: object): RequestMetrics {
  let metrics = byServices.get(services);
  if (!metrics) byServices.set(services, (metrics = new RequestMetrics()));
  return metrics;
}
