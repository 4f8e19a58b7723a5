import { hostname } from 'node:os';
import { sql } from '../../runtime/database.ts';
import { requestMetricsOf } from '../../runtime/requestMetrics.ts';
import type { Services } from '../../runtime/services.ts';

/**
 * Each instance's part of platform health, written every METRICS_FLUSH_MS: its request windows
 * (added to the shared per-minute rows, so the rows hold the sum over instances), its memory and
 * CPU, and the event feed's head for this minute (events per minute, without counting events).
 */
export class MetricsWriter {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private stopped = false;
  private cpu = process.cpuUsage();
  private cpuAt = process.hrtime.bigint();
  private readonly startedAt: Date;

  /** `instance` names this process in the shared rows (host:pid). */
  constructor(
    private readonly services: Services,
    readonly instance = `${hostname()}:${process.pid}`,
  ) {
    this.startedAt = services.clock.now();
  }

  start(): void {
    const tick = () => {
      this.timer = setTimeout(() => {
        this.writing = this.flush().finally(() => {
          if (!this.stopped) tick();
        });
      }, this.services.config.metrics.flushMs);
      this.timer.unref();
    };
    void this.flush();
    tick();
  }

  async flush(): Promise<void> {
    const knex = this.services.db.knex;
    const metrics = requestMetricsOf(this.services);
    const windows = metrics.take();
    try {
      if (windows.length > 0) {
        await sql(
          knex,
          `INSERT INTO metric_windows AS w (minute, api_area, instance, requests, client_errors, server_errors, duration_ms, buckets)
          SELECT x.minute, x.api_area, $2, x.requests, x.client_errors, x.server_errors, x.duration_ms, x.buckets
            FROM json_populate_recordset(null::metric_windows, $1::json) x
          ON CONFLICT (minute, api_area, instance) DO UPDATE SET
            requests = w.requests + excluded.requests, client_errors = w.client_errors + excluded.client_errors,
            server_errors = w.server_errors + excluded.server_errors, duration_ms = w.duration_ms + excluded.duration_ms,
            buckets = (SELECT array_agg(a + b ORDER BY i) FROM unnest(w.buckets, excluded.buckets) WITH ORDINALITY AS t(a, b, i))`,
          [JSON.stringify(windows), this.instance],
        );
      }
    } catch (err) {
      metrics.giveBack(windows);
      this.services.logger.warn({ err }, 'platform health: the request windows could not be written; they are kept for the next round');
      return;
    }
    const now = this.services.clock.now();
    const usage = process.cpuUsage(this.cpu);
    const elapsedUs = Number(process.hrtime.bigint() - this.cpuAt) / 1000;
    this.cpu = process.cpuUsage();
    this.cpuAt = process.hrtime.bigint();
    const cpuPercent = elapsedUs > 0 ? Math.round(((usage.user + usage.system) / elapsedUs) * 1000) / 10 : 0;
    const memory = process.memoryUsage();
    try {
      await sql(
        knex,
        `INSERT INTO platform_instances (instance, host, pid, started_at, seen_at, rss_bytes, heap_used_bytes, cpu_percent)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
        ON CONFLICT (instance) DO UPDATE SET seen_at = excluded.seen_at, rss_bytes = excluded.rss_bytes,
          heap_used_bytes = excluded.heap_used_bytes, cpu_percent = excluded.cpu_percent`,
        [this.instance, hostname(), process.pid, this.startedAt, now, memory.rss, memory.heapUsed, cpuPercent],
      );
      if (this.services.store.kind !== 'eventstoredb') {
        const head = await this.services.store.head();
        const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
        await sql(
          knex,
          `INSERT INTO feed_heads (minute, head) VALUES ($1, $2)
          ON CONFLICT (minute) DO UPDATE SET head = greatest(feed_heads.head, excluded.head)`,
          [minute, head.b],
        );
      }
    } catch (err) {
      this.services.logger.warn({ err }, 'platform health: the instance report could not be written');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.writing;
    await this.flush();
  }
}
