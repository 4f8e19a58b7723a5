import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { RUNNER_ID, testRunner } from '../../../commands/test-runs/testRunner.ts';
import { testRun } from '../../../commands/test-runs/testRun.ts';
import { createUser } from '../../../commands/users/handlers.ts';
import { loadConfig } from '../../../src/config.ts';
import { createApp } from '../../../src/http/app.ts';
import { consumers, memoryViews, modules } from '../../../src/modules/index.ts';
import { startBackground } from '../../../src/modules/registry.ts';
import { handleCommand, load } from '../../../src/runtime/commandHandler.ts';
import { openDatabase, sql } from '../../../src/runtime/database.ts';
import { createLogger } from '../../../src/runtime/logger.ts';
import { nextId } from '../../../src/runtime/nextId.ts';
import { createServices, type Services } from '../../../src/runtime/services.ts';
import { ADMIN, callService, testApp, type Reply, type TestApp } from '../../support/app.ts';
import { freshPostgresDatabase, requirePostgres } from '../../support/database.ts';

/**
 * A suite whose one test waits until its run is cancelled: a run of it stays running for the
 * whole race, so a start that looks late still finds it (the fixture suite ends within a second).
 */
function waitingSuite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'test-run-race-'));
  mkdirSync(join(dir, 'test/slow'), { recursive: true });
  writeFileSync(
    join(dir, 'test/slow/waits.spec.ts'),
    `describe('slow', () => {
  it('waits until its run is cancelled', async function () {
    this.timeout(0);
    await new Promise((r) => setTimeout(r, 600_000));
  });
});
`,
  );
  return dir;
}

/** What every start answered: exactly one began a run, every other was refused naming that run. */
function expectOneRun(replies: Reply[]): number {
  const begun = replies.filter((r) => r.status === 202);
  expect(
    begun.map((r) => r.body),
    `starts that began a run, of ${JSON.stringify(replies.map((r) => [r.status, r.body.job_ids ?? r.body.detail]))}`,
  ).to.have.length(1);
  const id = begun[0].body.job_ids[0] as number;
  expect(begun[0].body.run).to.include({ id, kind: 'run' });
  for (const r of replies.filter((reply) => reply !== begun[0])) {
    expect(r.status, JSON.stringify(r.body)).to.equal(409);
    expect(r.body).to.include({ code: 'TestRunInProgressException', run_id: id });
    expect(r.body.detail).to.match(new RegExp(`^Test run ${id} is (pending|running): one run at a time`));
  }
  return id;
}

const active = (status: string) => ['pending', 'running'].includes(status);

/** Polls a run (as the dashboard does, faster) until it ends; returns the ended run. */
async function untilEnded(call: (path: string) => Promise<Reply>, id: number): Promise<any> {
  for (let i = 0; i < 600; i++) {
    const res = await call(`/api/v1/admin/test-runs/${id}`);
    if (res.status === 200 && !active(res.body.status)) return res.body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`test run ${id} did not end`);
}

/** Cancels every run waiting or running (the waiting suite's runs never end by themselves). */
async function cancelActive(post: (path: string) => Promise<Reply>, get: (path: string) => Promise<Reply>): Promise<void> {
  for (const status of ['pending', 'running']) {
    for (const run of (await get(`/api/v1/admin/test-runs?status=${status}&limit=100`)).body.items)
      await post(`/api/v1/admin/test-runs/${run.id}/cancel`);
  }
}

describe('test runs: one at a time, across concurrent starts and instances', function () {
  this.timeout(180_000);
  let app: TestApp;
  let token: string;
  let keptRoot: string;
  const get = (path: string) => app.call('GET', path, { token });

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
    keptRoot = app.services.config.operations.testRoot;
    app.services.config.operations.testRoot = waitingSuite();
    // A run left waiting or running by an earlier file would refuse these starts: let it end first.
    for (const status of ['pending', 'running']) {
      for (const run of (await get(`/api/v1/admin/test-runs?status=${status}`)).body.items) await untilEnded(get, run.id);
    }
  });
  after(async () => {
    // This suite's runs wait until cancelled: none may outlive the file.
    await cancelActive((path) => app.call('POST', path, { token }), get);
    app.services.config.operations.testRoot = keptRoot;
  });

  const cancel = async (id: number) => {
    const cancelled = await app.call('POST', `/api/v1/admin/test-runs/${id}/cancel`, { token });
    expect(cancelled.body, JSON.stringify(cancelled.body)).to.include({ id, status: 'cancelled' });
  };

  // On PGlite the starts hardly interleave (its queries run on the service's own thread); on the
  // PostgreSQL pass a check of the test_runs table before requesting lets all six through.
  it('six concurrent starts begin exactly one run; the others, and a collect, are refused naming it', async () => {
    const before = (await get('/api/v1/admin/test-runs?limit=1')).body.total;
    const replies = await Promise.all(Array.from({ length: 6 }, () => app.call('POST', '/api/v1/admin/test-runs', { token, body: {} })));
    const id = expectOneRun(replies);
    const after = await get('/api/v1/admin/test-runs?limit=1');
    expect(after.body.total - before, 'runs recorded by the six starts').to.equal(1);
    expect(after.body.items[0].id).to.equal(id);
    const [requested] = await sql(
      app.services.db.knex,
      "SELECT count(*)::int AS n FROM events WHERE type = 'TestRunRequested' AND (data->>'run_id')::int >= $1",
      [id],
    );
    expect(requested.n, 'run requests in the event store').to.equal(1);
    const collect = await app.call('POST', '/api/v1/admin/test-runs/collect', { token });
    expect(collect.status, 'a collect waits its turn too').to.equal(409);
    expect(collect.body).to.include({ code: 'TestRunInProgressException', run_id: id });
    await cancel(id);
    const next = await app.call('POST', '/api/v1/admin/test-runs', { token, body: {} });
    expect(next.status, 'once it has ended, a start begins a new run').to.equal(202);
    expect(next.body.job_ids[0]).to.be.greaterThan(id);
    await cancel(next.body.job_ids[0]);
  });

  it('a run queued by a request that stopped before requesting it is requested by the next start, which names it', async () => {
    const store = app.services.store;
    const { state } = await load(store, testRunner, RUNNER_ID);
    const orphan = await nextId(app.services.db.knex, testRun.aggregate);
    await handleCommand(
      store,
      testRunner,
      RUNNER_ID,
      {
        type: 'QueueTestRun',
        data: {
          run_id: orphan,
          after: state.current?.run_id ?? null,
          kind: 'run',
          category: null,
          collection: 'slow',
          requested_by: 'system:test',
          at: app.clock.now().toISOString(),
        },
      },
      { userId: 'system:test', correlationId: 'stopped-requester' },
    );
    const replies = await Promise.all(Array.from({ length: 3 }, () => app.call('POST', '/api/v1/admin/test-runs', { token, body: {} })));
    for (const r of replies) expect(r.body, JSON.stringify(r.body)).to.include({ code: 'TestRunInProgressException', run_id: orphan });
    const [requested] = await sql(
      app.services.db.knex,
      "SELECT count(*)::int AS n FROM events WHERE type = 'TestRunRequested' AND (data->>'run_id')::int >= $1",
      [orphan],
    );
    expect(requested.n, 'the orphan recorded once, and nothing else requested').to.equal(1);
    expect((await get(`/api/v1/admin/test-runs/${orphan}`)).body).to.include({
      id: orphan,
      collection: 'slow',
      requested_by: 'system:test',
    });
    await cancel(orphan);
  });

  it('two service instances on one PostgreSQL database begin one run between them', async function () {
    const server = await requirePostgres(this, 'the instances share one');
    const { url, drop } = await freshPostgresDatabase(server);
    const instances: Instance[] = [];
    let tokens: string[] = [];
    try {
      instances.push(await instance(url, true));
      instances.push(await instance(url, false));
      tokens = await Promise.all(instances.map((i) => adminToken(i.url)));
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          callService(instances[n % 2].url, 'POST', '/api/v1/admin/test-runs', { token: tokens[n % 2], body: {} }),
        ),
      );
      const id = expectOneRun(replies);
      const count = async (type: string) =>
        (await sql(instances[0].services.db.knex, 'SELECT count(*)::int AS n FROM events WHERE type = $1', [type]))[0].n;
      expect(await count('TestRunRequested'), 'run requests in the shared event store').to.equal(1);
      expect(await count('TestRunQueued'), 'runs queued on the shared runner').to.equal(1);
      // Stopped rather than run to the end: the instances are about to go.
      const cancelled = await callService(instances[1].url, 'POST', `/api/v1/admin/test-runs/${id}/cancel`, { token: tokens[1] });
      expect(cancelled.status, JSON.stringify(cancelled.body)).to.equal(200);
      const next = await callService(instances[0].url, 'POST', '/api/v1/admin/test-runs', { token: tokens[0], body: {} });
      expect(next.status, 'once it was cancelled, the other instance begins a new one').to.equal(202);
      expect(next.body.job_ids[0]).to.be.greaterThan(id);
    } finally {
      // Their runs wait until cancelled: an instance stops faster with none running.
      if (instances.length > 0)
        await cancelActive(
          (path) => callService(instances[0].url, 'POST', path, { token: tokens[0] }),
          (path) => callService(instances[0].url, 'GET', path, { token: tokens[0] }),
        );
      for (const i of instances.reverse()) await i.stop();
      await drop();
    }
  });
});

interface Instance {
  url: string;
  services: Services;
  stop(): Promise<void>;
}

/** One service instance in this process (its own pools, consumers and test-run worker) on the shared database. */
async function instance(url: string, first: boolean): Promise<Instance> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, JWT_SECRET: 'test-run-race-secret-long-enough-0123456789' });
  config.operations.testRoot = waitingSuite();
  config.operations.testPattern = 'test/**/*.spec.ts';
  const db = await openDatabase({ url, poolMax: 6 });
  const services = await createServices(config, createLogger('silent'), { consumers, views: memoryViews, db });
  if (first) {
    await services.settle(
      (
        await createUser(
          { store: services.store, db: services.db.knex, clock: services.clock },
          { ...ADMIN, role: 'admin' },
          { userId: 'system:test', correlationId: 'test-run-race' },
        )
      ).done,
    );
  }
  const background = await startBackground(services, modules);
  const server: Server = createApp(services).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    services,
    async stop() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await background.stop();
      await services.close();
      await db.close();
    },
  };
}

async function adminToken(url: string): Promise<string> {
  const res = await callService(url, 'POST', '/api/v1/admin/auth/login', {
    body: { email_or_username: ADMIN.email, password: ADMIN.password },
  });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body.access_token as string;
}
