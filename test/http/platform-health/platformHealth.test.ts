import { expect } from 'chai';
import { percentile } from '../../../queries/platform-health/getPlatformHealth.ts';
import { requestMetricsOf } from '../../../src/runtime/requestMetrics.ts';
import type { Services } from '../../../src/runtime/services.ts';
import { MetricsWriter } from '../../../src/workers/platform-health/metricsWriter.ts';
import { testApp, type TestApp } from '../../support/app.ts';

describe("platform health: every instance's requests summed, and the state of the platform", function () {
  this.timeout(60_000);
  let app: TestApp;
  let token: string;

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
  });

  it('reads percentiles off the latency buckets as Prometheus does', () => {
    // 5, 10, 25, 50, 100, … ms buckets: 90 requests under 5 ms, 10 between 50 and 100 ms.
    const buckets = [90, 0, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0];
    expect(percentile(buckets, 0.5)).to.equal(2.8);
    expect(percentile(buckets, 0.95)).to.equal(75);
    expect(percentile(buckets, 0.99)).to.equal(95);
    expect(percentile(Array(12).fill(0), 0.5)).to.equal(0);
    expect(percentile([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3], 0.5)).to.equal(10000);
  });

  it('sums the request windows of every instance per API area: rate, latency percentiles, error rate', async () => {
    const now = app.clock.now();
    // Another instance of the service: its own in-memory metrics, written to the same rows.
    const other = { ...app.services } as Services;
    // An area of its own (the code is the same for every area), so that no other test's requests mix in.
    const area = `synthetic-${Date.now()}`;
    for (let i = 0; i < 100; i++) requestMetricsOf(other).observe(area, i < 5 ? 503 : i < 20 ? 404 : 200, i < 50 ? 3 : 40, now);
    await new MetricsWriter(other, 'other-host:4242').flush();

    // This instance answers real requests.
    for (let i = 0; i < 5; i++) expect((await app.call('GET', '/api/v1/admin/users?limit=1', { token })).status).to.equal(200);
    expect((await app.call('GET', '/api/v1/admin/users/999999', { token })).status).to.equal(404);
    await new MetricsWriter(app.services).flush();
    const body = await health();

    const admin = body.api_areas.find((a: any) => a.api_area === 'admin');
    expect(admin.requests).to.be.at.least(6);
    expect(admin.client_errors).to.be.at.least(1);
    expect(admin.latency_ms.p50).to.be.greaterThan(0);
    const shop = body.api_areas.find((a: any) => a.api_area === area);
    expect(shop.requests).to.equal(100);
    expect(shop.server_errors).to.equal(5);
    expect(shop.client_errors).to.equal(15);
    expect(shop.error_rate).to.equal(0.05);
    expect(shop.error_rate).to.be.greaterThan(0).and.lessThan(1);
    expect(shop.latency_ms.p50).to.be.at.most(25);
    expect(shop.latency_ms.p99).to.be.at.least(25).and.at.most(50);
    expect(body.series.reduce((a: number, m: any) => a + m.requests, 0)).to.be.at.least(106);
    expect(body.instances.map((i: any) => i.instance)).to.include('other-host:4242');
    const own = body.instances.find((i: any) => i.pid === process.pid);
    expect(own.rss_bytes).to.be.greaterThan(0);
  });

  it("shows the feed, each consumer's lag, background jobs, scheduled tasks, the database and media storage", async () => {
    await new MetricsWriter(app.services).flush();
    const body = await health();
    expect(body.feed.kind).to.equal(app.services.store.kind);
    expect(Number(body.feed.head.b)).to.be.greaterThan(0);
    expect(body.consumers.map((c: any) => c.name)).to.include.members(['platform_module_states', 'user_list']);
    expect(body.consumers.every((c: any) => Number.isInteger(c.lag))).to.equal(true);
    expect(body.background_jobs.map((j: any) => j.kind)).to.include.members(['marketplace_import', 'outgoing_mail']);
    const prune = body.scheduled_tasks.find((t: any) => t.name === 'pruneApplicationLogs');
    expect(prune).to.include({ module: 'app-logs', cron: '*/10 * * * *', enabled: true });
    expect(body.database.size_bytes).to.be.greaterThan(0);
    expect(body.media).to.have.keys('files', 'bytes');
  });

  it("exposes this instance's metrics in the Prometheus text format, behind METRICS_TOKEN (off without it)", async () => {
    const off = await app.call('GET', '/metrics');
    expect(off.status).to.equal(404);
    const metrics = app.services.config.metrics;
    metrics.token = 'prometheus-scrape-token-0123';
    try {
      expect((await app.call('GET', '/metrics')).status).to.equal(401);
      expect((await app.call('GET', '/metrics', { token: 'prometheus-scrape-token-0124' })).status).to.equal(401);
      const res = await app.call('GET', '/metrics', { token: metrics.token });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^text\/plain/);
      expect(res.body).to.match(/http_requests_total\{api_area="admin",status_class="2xx"\} \d+/);
      expect(res.body).to.match(/http_request_duration_seconds_bucket\{le="0.05",api_area="admin"\} \d+/);
      expect(res.body).to.match(/process_resident_memory_bytes \d+/);
      expect(res.body).to.match(/platform_consumer_lag_events\{consumer="user_list"\} \d+/);
    } finally {
      metrics.token = undefined;
    }
  });

  async function health(minutes = 15) {
    const res = await app.call('GET', `/api/v1/admin/platform-health?minutes=${minutes}`, { token });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body;
  }
});
