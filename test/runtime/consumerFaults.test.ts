import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import sinon from 'sinon';
import type { Projection } from '../../src/runtime/consumer.ts';
import { ConsumerRunner, readCheckpoint } from '../../src/runtime/consumerRunner.ts';
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
      await sql(trx, `INSERT INTO ${table} (event_id, times) SELECT unnest($1::uuid[]), 1
        ON CONFLICT (event_id) DO UPDATE SET times = ${table}.times + 1`, [events.map((e) => e.id)]);
    };
    // The first attempt writes its rows, then fails (as a crash half-way through would).
    const apply = sinon.stub();
    apply.onFirstCall().callsFake(async (trx, events) => { await write(trx, events); throw new Error('disk full'); });
    apply.callsFake(write);
    const projection: Projection = { kind: 'projection', name: table, eventTypes: [type], tables: [table], apply };
    for (let i = 0; i < 5; i++) await store.append(`fault-${table}`, [{ id: randomUUID(), type, data: { i } }], { expected: i === 0 ? 'no_stream' : i });

    const logger = pino({ level: 'silent' });
    const error = sinon.spy(logger, 'error');
    const runner = new ConsumerRunner(db.knex, store, [projection], logger);
    const before = await readCheckpoint(db.knex, table);
    runner.start();
    const end = Date.now() + 10_000;
    while (Number((await sql(db.knex, `SELECT count(*) AS n FROM ${table}`))[0].n) < 5 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    await runner.stop();

    expect(apply.callCount).to.be.at.least(2);
    expect(error.calledOnce).to.equal(true);
    const rows = await sql(db.knex, `SELECT max(times) AS most, count(*)::int AS n FROM ${table}`);
    expect(rows[0]).to.deep.equal({ most: 1, n: 5 });
    expect(await readCheckpoint(db.knex, table)).not.to.deep.equal(before);
    expect(runner.status()[0].lastError).to.equal(null);
  });
});
