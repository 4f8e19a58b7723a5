import { cpSync, mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { codeQualityScan } from '../../../commands/code-quality/codeQualityScan.ts';
import { codeQualityScanner, SCANNER_ID } from '../../../commands/code-quality/codeQualityScanner.ts';
import { createUser } from '../../../commands/users/handlers.ts';
import { loadConfig } from '../../../src/config.ts';
import { createApp } from '../../../src/http/app.ts';
import { consumers, memoryViews, modules } from '../../../src/modules/index.ts';
import { startBackground } from '../../../src/modules/registry.ts';
import { openDatabase, sql } from '../../../src/runtime/database.ts';
import { handleCommand, load } from '../../../src/runtime/commandHandler.ts';
import { createLogger } from '../../../src/runtime/logger.ts';
import { nextId } from '../../../src/runtime/nextId.ts';
import { createServices, type Services } from '../../../src/runtime/services.ts';
import { ADMIN, callService, testApp, type Reply, type TestApp } from '../../support/app.ts';
import { FIXTURE_TREE, scanToTheEnd } from '../../support/codeQuality.ts';
import { freshPostgresDatabase, requirePostgres } from '../../support/database.ts';

/** A copy of the fixture tree: the scans these starts begin are short. */
function fixtureCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'code-quality-race-'));
  cpSync(FIXTURE_TREE, dir, { recursive: true });
  return dir;
}

/** What every start answered: one scan id, started by exactly one of them, joined by the others. */
function expectOneScan(replies: Reply[]): number {
  for (const r of replies) expect(r.status, JSON.stringify(r.body)).to.equal(202);
  const ids = new Set(replies.map((r) => r.body.job_ids[0]));
  expect([...ids], 'the scan every concurrent start answered').to.have.length(1);
  expect(
    replies.filter((r) => r.body.joined === false),
    'starts that began a scan',
  ).to.have.length(1);
  for (const r of replies) expect(r.body.scan.id).to.equal(r.body.job_ids[0]);
  return [...ids][0];
}

describe('code-quality scans: one at a time, across concurrent starts and instances', function () {
  this.timeout(180_000);
  let app: TestApp;
  let token: string;
  let keptRoot: string;

  before(async () => {
    app = await testApp();
    token = await app.adminToken();
    keptRoot = app.services.config.operations.sourceRoot;
    app.services.config.operations.sourceRoot = fixtureCopy();
    // A scan left waiting or running by an earlier file would be joined: let it end first.
    await scanToTheEnd(app, token);
  });
  after(() => {
    app.services.config.operations.sourceRoot = keptRoot;
  });

  it('six concurrent starts begin exactly one scan and all answer its job', async () => {
    const before = await app.call('GET', '/api/v1/admin/code-quality/scans?limit=1', { token });
    const replies = await Promise.all(Array.from({ length: 6 }, () => app.call('POST', '/api/v1/admin/code-quality/scan', { token })));
    const id = expectOneScan(replies);
    const after = await app.call('GET', '/api/v1/admin/code-quality/scans?limit=1', { token });
    expect(after.body.total - before.body.total, 'scans recorded by the six starts').to.equal(1);
    expect(after.body.items[0].id).to.equal(id);
    const [requested] = await sql(
      app.services.db.knex,
      "SELECT count(*)::int AS n FROM events WHERE type = 'CodeQualityScanRequested' AND (data->>'scan_id')::int >= $1",
      [id],
    );
    expect(requested.n, 'scan requests in the event store').to.equal(1);
    const ended = await scanToTheEnd(app, token, { joining: true });
    expect(ended.id, 'a start while it runs joins it').to.equal(id);
    expect(ended.status, ended.error_message).to.equal('completed');
    const next = await app.call('POST', '/api/v1/admin/code-quality/scan', { token });
    expect(next.body, 'once it has ended, a start begins a new scan').to.include({ joined: false });
    expect(next.body.job_ids[0]).to.be.greaterThan(id);
    await scanToTheEnd(app, token);
  });

  it('a scan queued by a request that stopped before requesting it is requested by the next start, which joins it', async () => {
    const store = app.services.store;
    const { state } = await load(store, codeQualityScanner, SCANNER_ID);
    const orphan = await nextId(app.services.db.knex, codeQualityScan.aggregate);
    await handleCommand(
      store,
      codeQualityScanner,
      SCANNER_ID,
      {
        type: 'QueueCodeQualityScan',
        data: { scan_id: orphan, after: state.current?.scan_id ?? null, requested_by: 'system:test', at: app.clock.now().toISOString() },
      },
      { userId: 'system:test', correlationId: 'stopped-requester' },
    );
    const replies = await Promise.all(Array.from({ length: 3 }, () => app.call('POST', '/api/v1/admin/code-quality/scan', { token })));
    for (const r of replies) expect(r.body, JSON.stringify(r.body)).to.deep.include({ job_ids: [orphan], joined: true });
    const ended = await scanToTheEnd(app, token, { joining: true });
    expect(ended).to.include({ id: orphan, status: 'completed', requested_by: 'system:test' });
  });

  it('a scan an instance of the version before the scanner requested without queueing it (a rolling deploy) is joined, never doubled', async () => {
    const store = app.services.store;
    const unqueued = await nextId(app.services.db.knex, codeQualityScan.aggregate);
    await app.services.settle([
      await handleCommand(
        store,
        codeQualityScan,
        unqueued,
        {
          type: 'RequestCodeQualityScan',
          data: { scan_id: unqueued, requested_by: 'system:old-version', at: app.clock.now().toISOString() },
        },
        { userId: 'system:old-version', correlationId: 'rolling-deploy' },
      ),
    ]);
    const replies = await Promise.all(Array.from({ length: 3 }, () => app.call('POST', '/api/v1/admin/code-quality/scan', { token })));
    for (const r of replies) expect(r.body, JSON.stringify(r.body)).to.deep.include({ job_ids: [unqueued], joined: true });
    const ended = await scanToTheEnd(app, token, { joining: true });
    expect(ended).to.include({ id: unqueued, status: 'completed', requested_by: 'system:old-version' });
    // Once it has ended, the scanner queues the next scan after the one it queued last.
    const next = await app.call('POST', '/api/v1/admin/code-quality/scan', { token });
    expect(next.body, JSON.stringify(next.body)).to.include({ joined: false });
    expect(next.body.job_ids[0]).to.be.greaterThan(unqueued);
    await scanToTheEnd(app, token, { joining: true });
  });

  it('two service instances on one PostgreSQL database begin one scan between them', async function () {
    const server = await requirePostgres(this, 'the instances share one');
    const { url, drop } = await freshPostgresDatabase(server);
    const instances: Instance[] = [];
    try {
      instances.push(await instance(url, true));
      instances.push(await instance(url, false));
      const tokens = await Promise.all(instances.map((i) => adminToken(i.url)));
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          callService(instances[n % 2].url, 'POST', '/api/v1/admin/code-quality/scan', { token: tokens[n % 2] }),
        ),
      );
      const id = expectOneScan(replies);
      const [requested] = await sql(
        instances[0].services.db.knex,
        "SELECT count(*)::int AS n FROM events WHERE type = 'CodeQualityScanRequested'",
      );
      expect(requested.n, 'scan requests in the shared event store').to.equal(1);
      const [queued] = await sql(
        instances[0].services.db.knex,
        "SELECT count(*)::int AS n FROM events WHERE type = 'CodeQualityScanQueued'",
      );
      expect(queued.n).to.equal(1);
      expect(id).to.be.a('number');
    } finally {
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

/** One service instance in this process (its own pools, consumers and scan worker) on the shared database. */
async function instance(url: string, first: boolean): Promise<Instance> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, JWT_SECRET: 'code-quality-race-secret-long-enough-0123456789' });
  config.operations.sourceRoot = fixtureCopy();
  const db = await openDatabase({ url, poolMax: 6 });
  const services = await createServices(config, createLogger('silent'), { consumers, views: memoryViews, db });
  if (first) {
    await services.settle(
      (
        await createUser(
          { store: services.store, db: services.db.knex, clock: services.clock },
          { ...ADMIN, role: 'admin' },
          { userId: 'system:test', correlationId: 'scan-race' },
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
