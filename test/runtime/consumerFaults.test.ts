import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import sinon from 'sinon';
import type { Projection } from '../../src/runtime/consumer.ts';
import { readCheckpoint, writeCheckpoint } from '../../src/runtime/checkpoints.ts';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { ConsumerRunner } from '../../src/runtime/consumerRunner.ts';
import { sql } from '../../src/runtime/database.ts';
import { testApp } from '../support/app.ts';

describe('a consumer batch that fails', () => {
  it('is rolled back whole (rows and checkpoint) and applied once when retried', async () => {
    const { services } = await testApp();
    const db = services.db;
    const store = services.store;
    const table = `fault_probe_${randomUUID().slice(0, 8)}`;
    await sql(db.knex, `CREATE TABLE ${table} (event_id uuid PRIMARY KEY, times int NOT NULL)`);
    const type = `FaultProbe${randomUUID().slice(0, 8)}`;
    const write = async (trx: any, events: any[]) => {
      await sql(
        trx,
        `INSERT INTO ${table} (event_id, times) SELECT unnest($1::uuid[]), 1
        ON CONFLICT (event_id) DO UPDATE SET times = ${table}.times + 1`,
        [events.map((e) => e.id)],
      );
    };
    // The first attempt writes its rows, then fails (as a crash half-way through would).
    const apply = sinon.stub();
    apply.onFirstCall().callsFake(async (trx, events) => {
      await write(trx, events);
      throw new Error('disk full');
    });
    apply.callsFake(write);
    const projection: Projection = { kind: 'projection', name: table, eventTypes: [type], tables: [table], apply };
    for (let i = 0; i < 5; i++)
      await store.append(`fault-${table}`, [{ id: randomUUID(), type, data: { i } }], { expected: i === 0 ? 'no_stream' : i });

    const logger = pino({ level: 'silent' });
    const error = sinon.spy(logger, 'error');
    const runner = new ConsumerRunner(db.knex, store, [projection], logger);
    const before = await readCheckpoint(db.knex, table);
    runner.start();
    const end = Date.now() + 10_000;
    while (Number((await sql(db.knex, `SELECT count(*) AS n FROM ${table}`))[0].n) < 5 && Date.now() < end)
      await new Promise((r) => setTimeout(r, 20));
    await runner.stop();

    expect(apply.callCount).to.be.at.least(2);
    expect(error.calledOnce).to.equal(true);
    const rows = await sql(db.knex, `SELECT max(times) AS most, count(*)::int AS n FROM ${table}`);
    expect(rows[0]).to.deep.equal({ most: 1, n: 5 });
    expect(await readCheckpoint(db.knex, table)).not.to.deep.equal(before);
    expect(runner.status()[0].lastError).to.equal(null);
  });

  /** A projection counting applications per event, an appender of its events, and a live runner of it. */
  async function probe() {
    const { services } = await testApp();
    const { db, store } = services;
    const table = `fault_probe_${randomUUID().slice(0, 8)}`;
    await sql(db.knex, `CREATE TABLE ${table} (event_id uuid PRIMARY KEY, times int NOT NULL)`);
    const type = `FaultProbe${randomUUID().slice(0, 8)}`;
    const projection: Projection = {
      kind: 'projection',
      name: table,
      eventTypes: [type],
      tables: [table],
      async apply(trx, events) {
        await sql(
          trx,
          `INSERT INTO ${table} (event_id, times) SELECT unnest($1::uuid[]), 1
          ON CONFLICT (event_id) DO UPDATE SET times = ${table}.times + 1`,
          [events.map((e) => e.id)],
        );
      },
    };
    let appended = 0;
    const append = async (n: number) => {
      for (let i = 0; i < n; i++, appended++) {
        await store.append(`fault-${table}`, [{ id: randomUUID(), type, data: { i } }], {
          expected: appended === 0 ? 'no_stream' : appended,
        });
      }
      return (await store.readFeed({ a: '0', b: '0' }, { limit: 100_000, types: [type] })).events.at(-1)!.position;
    };
    const rows = async () =>
      (await sql<{ most: number; n: number }>(db.knex, `SELECT max(times) AS most, count(*)::int AS n FROM ${table}`))[0]!;
    /** Another instance, or a rebuild in another process, sets the checkpoint back to the start and empties the table. */
    const setBack = async () => {
      const stored = await readCheckpoint(db.knex, table);
      await db.knex.transaction((trx) => writeCheckpoint(trx, table, stored, { a: '0', b: '0' }));
      await sql(db.knex, `DELETE FROM ${table}`);
    };
    /** A live runner of the projection: 3 events are appended and projected, then `during` runs; resolves once `expected` rows are there (or after 10 s). */
    const live = async (expected: number, during: () => Promise<void>) => {
      const runner = new ConsumerRunner(db.knex, services.store, [projection], pino({ level: 'silent' }));
      runner.start();
      try {
        expect(await runner.waitFor(await append(3), [type], 10_000)).to.equal(true);
        await during();
        const end = Date.now() + 10_000;
        while ((await rows()).n < expected && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      } finally {
        await runner.stop();
      }
    };
    return { db, table, append, rows, setBack, live };
  }

  it('whose checkpoint another instance moved meanwhile is rolled back, and the next batch starts from the stored checkpoint', async () => {
    const { append, rows, setBack, live } = await probe();
    // The runner still believes the checkpoint is where its last batch left it; two new events wake it.
    await live(5, async () => {
      await setBack();
      await append(2);
    });
    // Every event applied once from the stored checkpoint: none skipped, none twice.
    expect(await rows()).to.deep.equal({ most: 1, n: 5 });
  });

  it('whose checkpoint was set back while it idled (a rebuild in another process) applies the events again without a new one', async () => {
    const { rows, setBack, live } = await probe();
    // No append: the idle runner's poll (at most a second apart) reads the checkpoint.
    await live(3, setBack);
    expect(await rows()).to.deep.equal({ most: 1, n: 3 });
  });

  it("of a projection commits without waiting for the disk; a process manager's commits durably", async () => {
    const { db, table } = await probe();
    const mode = (durable: boolean) =>
      db.knex.transaction(async (trx) => {
        await writeCheckpoint(trx, `${table}-${durable}`, { a: '0', b: '0' }, { a: '1', b: '1' }, { durable });
        // The setting is the transaction's own (SET LOCAL): it decides how its COMMIT waits.
        return (await sql(trx, `SELECT current_setting('synchronous_commit') AS v`))[0].v;
      });
    expect({ projection: await mode(false), process: await mode(true) }).to.deep.equal({ projection: 'off', process: 'on' });
    expect((await sql(db.knex, `SELECT current_setting('synchronous_commit') AS v`))[0].v).to.equal('on');
  });
});

describe('an idle consumer', () => {
  it('looks at the store without running a batch while nothing of its types comes, and applies what another process appends', async function () {
    this.timeout(60_000);
    const { services } = await testApp();
    const { db, store } = services;
    const type = `IdleProbe${randomUUID().slice(0, 8)}`;
    const seen: string[] = [];
    const projection: Projection = {
      kind: 'projection',
      name: `idle_probe_${randomUUID().slice(0, 8)}`,
      eventTypes: [type],
      tables: [],
      async apply(_trx, events) {
        seen.push(...events.map((e) => e.id));
      },
    };
    const runner = new ConsumerRunner(db.knex, store, [projection], pino({ level: 'silent' }));
    const batches = () => runner.status()[0].batches;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    runner.start();
    try {
      // Its start-up batches done (on a loaded machine they can outlast a fixed pause): no batch for
      // longer than one look's interval, waited for at most 20 s.
      const giveUp = Date.now() + 20_000;
      let last = batches();
      let quietSince = Date.now();
      while (Date.now() - quietSince < 1500 && Date.now() < giveUp) {
        await sleep(100);
        if (batches() !== last) {
          last = batches();
          quietSince = Date.now();
        }
      }
      // Other types keep coming (a busy store); every second the consumer looks, and runs no batch.
      const before = batches();
      for (let i = 0; i < 25; i++) {
        await store.append(`idle-other-${randomUUID()}`, [{ id: randomUUID(), type: 'IdleProbeOther', data: {} }], {
          expected: 'no_stream',
        });
        await sleep(100);
      }
      expect(batches() - before, 'batches in 2.5 s without an event of its types').to.equal(0);

      // An event of its types from another store object (another process: no wake here, at most a NOTIFY).
      const elsewhere = new PostgresEventStore(db);
      const id = randomUUID();
      await elsewhere.append(`idle-mine-${randomUUID()}`, [{ id, type, data: {} }], { expected: 'no_stream' });
      const end = Date.now() + 10_000;
      while (!seen.includes(id) && Date.now() < end) await sleep(20);
      expect(seen).to.include(id);
    } finally {
      await runner.stop();
    }
  });
});
