import autocannon from 'autocannon';
import { Latencies, type Sample } from '../harness.ts';

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  method: 'GET' | 'PUT' | 'POST' | 'PATCH';
  headers?: Record<string, string>;
  /** Path, body and extra headers of the n-th request (varied so that no two requests are the same). */
  request(n: number): { path: string; body?: string; headers?: Record<string, string> };
}

/**
 * One autocannon run: 2xx responses per second and the latency of every response (from
 * autocannon's per-response timings, not its whole-millisecond histogram).
 */
export async function load(options: LoadOptions): Promise<Sample & { non2xx: number; errors: number }> {
  let n = 0;
  const lat = new Latencies();
  const statuses = new Map<number, number>();
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 30,
    requests: [
      {
        method: options.method,
        headers: { 'content-type': 'application/json', ...options.headers },
        setupRequest(req) {
          const r = options.request(n++);
          return { ...req, path: r.path, body: r.body, ...(r.headers ? { headers: { ...req.headers, ...r.headers } } : {}) };
        },
      },
    ],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    lat.add(responseTime);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await instance;
  const ok = [...statuses].filter(([s]) => s >= 200 && s < 300).reduce((a, [, c]) => a + c, 0);
  const { p50, p99 } = lat.summary();
  const non2xx = [...statuses].filter(([s]) => s < 200 || s >= 300);
  if (non2xx.length > 0) process.stdout.write(`    non-2xx: ${non2xx.map(([s, c]) => `${c} × ${s}`).join(', ')}\n`);
  return { rate: ok / result.duration, p50, p99, non2xx: result.non2xx, errors: result.errors };
}

/**
 * Waits until GET /health/ready answers 200: every consumer of the service has caught up with the
 * events appended before it started (or while it ran), so a measurement does not race a projection.
 */
export async function waitReady(url: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (
    (await fetch(`${url}/health/ready`).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (Date.now() > end) throw new Error(`the service was not ready (consumers behind) within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Waits until every consumer of the service has applied every event of its types (GET
 * /health/ready reports each one's lag): a measurement then starts with nothing left of the one
 * before it. Without it, the work a command's events leave behind (projections, process managers)
 * ran during the next measurement, the bare route's as often as not, and lowered it. False when a
 * consumer is still behind after `timeoutMs` (the run goes on; the caller says so).
 */
export async function waitSettled(url: string, timeoutMs = 30_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const lags = await fetch(`${url}/health/ready`)
      .then((r) => r.json() as Promise<{ checks?: { consumers?: { lag: number | string }[] } }>)
      .then((b) => (b.checks?.consumers ?? []).map((c) => c.lag))
      .catch(() => null);
    if (lags && lags.every((lag) => lag === 0)) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}
