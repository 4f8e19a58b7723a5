import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import pino from 'pino';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import type { Projection, ProcessManager } from '../../src/runtime/consumer.ts';
import { ConsumerRunner } from '../../src/runtime/consumerRunner.ts';
import { openDatabase, sql, type Database } from '../../src/runtime/database.ts';
import { migrate } from '../../src/runtime/migrate.ts';
import { handleCommand } from '../../src/runtime/commandHandler.ts';
import { rebuildProjection } from '../../src/runtime/rebuild.ts';
import type { Decider } from '../../src/core/decider.ts';
import { freshPostgresDatabase, requirePostgres } from '../support/database.ts';
import { testApp, unique } from '../support/app.ts';

const silent = pino({ level: 'silent' });

/** Counts how often each event was applied: any value above 1 is a double application. */
function countingProjection(name: string, type: string): Projection {
  return {
    kind: 'projection',
    name,
    eventTypes: [type],
    tables: [name],
    batchSize: 100,
    async apply(trx: Knex.Transaction, events) {
      await sql(
        trx,
        `INSERT INTO ${name} (event_id, times) SELECT unnest($1::uuid[]), 1
        ON CONFLICT (event_id) DO UPDATE SET times = ${name}.times + 1`,
        [events.map((e) => e.id)],
      );
    },
  };
}

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('consumers', function () {
  this.timeout(90_000);

  it('two service instances on one database apply every event exactly once', async function () {
    const server = await requirePostgres(this, 'two instances need two connection pools on one database');
    const { url, drop } = await freshPostgresDatabase(server);
    const dbs: Database[] = [await openDatabase({ url, poolMax: 6 }), await openDatabase({ url, poolMax: 6 })];
    try {
      await migrate(dbs[0].knex);
      await sql(dbs[0].knex, 'CREATE TABLE applied_twice_probe (event_id uuid PRIMARY KEY, times int NOT NULL)');
      const stores = dbs.map((db) => new PostgresEventStore(db));
      await Promise.all(stores.map((s) => s.listen(url)));
      const runners = dbs.map(
        (db, i) => new ConsumerRunner(db.knex, stores[i], [countingProjection('applied_twice_probe', 'Probe')], silent),
      );
      runners.forEach((r) => r.start());
      const total = 8 * 150;
      await Promise.all(
        Array.from({ length: 8 }, async (_, w) => {
          for (let i = 0; i < 150; i++) {
            await stores[w % 2].append(`probe-${w}`, [{ id: randomUUID(), type: 'Probe', data: { i } }], {
              expected: i === 0 ? 'no_stream' : i,
            });
          }
        }),
      );
      await until(async () => Number((await sql(dbs[0].knex, 'SELECT count(*) AS n FROM applied_twice_probe'))[0].n) === total);
      await new Promise((r) => setTimeout(r, 300));
      await Promise.all(runners.map((r) => r.stop()));
      const [row] = await sql(dbs[0].knex, 'SELECT count(*)::int AS n, max(times) AS most FROM applied_twice_probe');
      expect(row).to.deep.equal({ n: total, most: 1 });
      const applied = runners.map((r) => r.status()[0].applied);
      expect(applied[0] + applied[1]).to.equal(total);
      console.log(`      instance A applied ${applied[0]}, instance B applied ${applied[1]}; each event once`);
      await Promise.all(stores.map((s) => s.close()));
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
      await drop();
    }
  });

  it('a rebuilt projection equals the live one, row for row', async () => {
    const app = await testApp();
    const token = await app.adminToken();
    for (let i = 0; i < 12; i++) {
      const name = unique('rb');
      const { body } = await app.call('POST', '/api/v1/admin/users', {
        token,
        body: { email: `${name}@example.test`, username: name, password: 'a-long-password' },
      });
      if (i % 3 === 0) await app.call('PUT', `/api/v1/admin/users/${body.id}`, { token, body: { first_name: `F${i}` } });
      if (i % 4 === 0) await app.call('PUT', `/api/v1/admin/users/${body.id}/status`, { token });
      if (i % 5 === 0) await app.call('DELETE', `/api/v1/admin/users/${body.id}`, { token });
    }
    const { knex } = app.services.db;
    const snapshot = () => knex('user_list').orderBy('id');
    const live = await snapshot();
    const projection = app.services.runner.consumers.find((c) => c.name === 'user_list') as Projection;
    const replayed = await rebuildProjection(knex, app.services.store, projection, silent);
    const rebuilt = await snapshot();
    expect(replayed).to.be.greaterThan(12);
    expect(rebuilt).to.deep.equal(live);
  });

  it('a process manager that runs twice on the same event appends its effect once (deterministic ids)', async () => {
    const db = await openDatabase({});
    try {
      await migrate(db.knex);
      const store = new PostgresEventStore(db);
      type S = { pongs: number };
      type E = { type: 'Ponged'; data: { of: string } };
      type C = { type: 'Pong'; data: { of: string } };
      const pong: Decider<S, C, E> = {
        aggregate: 'pong',
        initialState: () => ({ pongs: 0 }),
        evolve: (s) => ({ pongs: s.pongs + 1 }),
        decide: (c) => [{ type: 'Ponged', data: { of: c.data.of } }],
      };
      const pongOnPing: ProcessManager = {
        kind: 'process',
        name: 'pongOnPing',
        eventTypes: ['Pinged'],
        async handle(event, ctx) {
          // No bookkeeping here: the deterministic event id alone makes a re-run's append a no-op.
          await handleCommand(store, pong, event.data.n, { type: 'Pong', data: { of: event.id } }, ctx.commandContext(event));
        },
      };
      await store.append('ping-1', [{ id: randomUUID(), type: 'Pinged', data: { n: 1 } }], { expected: 'no_stream' });
      const runner = new ConsumerRunner(db.knex, store, [pongOnPing], silent);
      await runner.catchUp(pongOnPing);
      // Redelivery: the checkpoint is lost and the event handled again.
      await sql(db.knex, "DELETE FROM consumer_checkpoints WHERE name = 'pongOnPing'");
      await runner.catchUp(pongOnPing);
      const pongs = await store.readStream('pong-1');
      expect(pongs).to.have.length(1);
      expect(pongs[0].metadata.causation_id).to.equal(`pongOnPing:${(await store.readStream('ping-1'))[0].id}`);
    } finally {
      await db.close();
    }
  });
});
