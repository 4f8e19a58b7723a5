import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import pino from 'pino';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { comparePositions, type EventStore } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { ConsumerRunner } from '../../src/runtime/consumerRunner.ts';
import { openDatabase, sql, type Database } from '../../src/runtime/database.ts';
import { defineMemoryView, type MemoryView } from '../../src/runtime/memoryView.ts';
import { MemoryViews } from '../../src/runtime/memoryViews.ts';
import { migrate } from '../../src/runtime/migrate.ts';
import { freshPostgresDatabase, requirePostgres, testDatabase } from '../support/database.ts';
import { bootInRootHook } from '../support/rootBoot.ts';

bootInRootHook('the test database', testDatabase);

const silent = pino({ level: 'silent' });

/**
 * A probe area: `Set` events give a key a value, `Drop` events remove it. Its projection writes a
 * table of its own; its view holds the same map in memory.
 */
function probe(prefix: string) {
  const table = `${prefix}_rows`;
  const Set = `${prefix}Set`;
  const Drop = `${prefix}Drop`;
  const projection: Projection = {
    kind: 'projection',
    name: table,
    eventTypes: [Set, Drop],
    tables: [table],
    async apply(trx, events) {
      for (const e of events) {
        if (e.type === Set)
          await sql(trx, `INSERT INTO ${table} (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2`, [
            e.data.key,
            e.data.value,
          ]);
        else await sql(trx, `DELETE FROM ${table} WHERE key = $1`, [e.data.key]);
      }
    },
  };
  const applied: string[] = [];
  const view: MemoryView<Map<string, number>> = defineMemoryView({
    name: `${prefix}_view`,
    eventTypes: [Set, Drop],
    sources: [table],
    async load(trx: Knex.Transaction) {
      const rows = await sql<{ key: string; value: number }>(trx, `SELECT key, value FROM ${table}`);
      return new Map(rows.map((r) => [r.key, r.value]));
    },
    apply(state, event) {
      applied.push(`${event.type === Set ? 'Set' : 'Drop'}:${event.data.key}`);
      if (event.data.poison) throw new Error('this event cannot be applied');
      if (event.type === Set) state.set(event.data.key, event.data.value);
      else state.delete(event.data.key);
      return state;
    },
  });
  let version = 0;
  const stream = `${prefix}-${randomUUID()}`;
  return {
    table,
    projection,
    view,
    applied,
    async createTable(db: Database) {
      await sql(db.knex, `CREATE TABLE ${table} (key text PRIMARY KEY, value int NOT NULL)`);
    },
    /** Appends one event to the probe's stream; its position and type, as a command result has them. */
    async append(store: EventStore, type: 'Set' | 'Drop', key: string, value = 0, extra: Record<string, unknown> = {}) {
      const r = await store.append(stream, [{ id: randomUUID(), type: type === 'Set' ? Set : Drop, data: { key, value, ...extra } }], {
        expected: version === 0 ? 'no_stream' : version,
      });
      version = r.version;
      return { position: r.position, eventTypes: [type === 'Set' ? Set : Drop] };
    },
  };
}

const unique = () => `mv${randomUUID().replace(/-/g, '').slice(0, 10)}`;

async function views(db: Database, store: EventStore, view: MemoryView<any>, projection: Projection): Promise<MemoryViews> {
  const v = new MemoryViews(db.knex, store, [view], silent, [projection.name]);
  await v.start();
  return v;
}

async function eventually(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('memory views', function () {
  this.timeout(60_000);
  let db: Database;
  let store: EventStore;

  before(async () => {
    db = await testDatabase();
    await migrate(db.knex);
    store = new PostgresEventStore(db);
  });

  it('loads its state from the read model at start, then follows the feed', async () => {
    const p = probe(unique());
    await p.createTable(db);
    const runner = new ConsumerRunner(db.knex, store, [p.projection], silent);
    runner.start();
    try {
      for (const [k, v] of [
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ] as const)
        await p.append(store, 'Set', k, v);
      const last = await p.append(store, 'Drop', 'b');
      expect(await runner.waitFor(last.position, last.eventTypes, 5_000)).to.equal(true);
      const mv = await views(db, store, p.view, p.projection);
      expect([...mv.get(p.view)]).to.deep.equal([
        ['a', 1],
        ['c', 3],
      ]);
      expect(p.applied, 'what the table held is loaded, not replayed').to.deep.equal([]);
      const next = await p.append(store, 'Set', 'd', 4);
      expect(await mv.waitFor(next.position, next.eventTypes, 5_000)).to.equal(true);
      expect([...mv.get(p.view)]).to.deep.equal([
        ['a', 1],
        ['c', 3],
        ['d', 4],
      ]);
      mv.stop();
    } finally {
      await runner.stop();
    }
  });

  it("starts at its sources' checkpoint: what the read model has not applied yet comes from the feed, in order", async () => {
    const p = probe(unique());
    await p.createTable(db);
    const runner = new ConsumerRunner(db.knex, store, [p.projection], silent);
    await p.append(store, 'Set', 'a', 1);
    const b = await p.append(store, 'Set', 'b', 2);
    // Until its checkpoint has passed b: a transaction still open elsewhere in the database can
    // hold the feed's horizon before b for a moment, and a catch-up then ends short of it.
    const at = () => runner.status().find((c) => c.name === p.projection.name)!.position;
    do await runner.catchUp(p.projection);
    while (comparePositions(at(), b.position!) < 0);
    // The projection is stopped: the table says a=1, b=2; the feed goes on.
    await p.append(store, 'Set', 'a', 10);
    await p.append(store, 'Drop', 'b');
    const last = await p.append(store, 'Set', 'a', 11);
    const mv = await views(db, store, p.view, p.projection);
    // The same horizon can end the view's first reading of the feed short of the last append (the
    // server's other databases count too): a reader waits for its write, as a command's caller does.
    expect(await mv.waitFor(last.position, last.eventTypes, 5_000)).to.equal(true);
    expect([...mv.get(p.view)]).to.deep.equal([['a', 11]]);
    expect(p.applied).to.deep.equal(['Set:a', 'Drop:b', 'Set:a']);
    mv.stop();
  });

  it('read-your-writes: once waitFor resolves, a read of the view holds the append', async () => {
    const p = probe(unique());
    await p.createTable(db);
    const mv = await views(db, store, p.view, p.projection);
    const misses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await p.append(store, 'Set', `k${i}`, i);
      expect(await mv.waitFor(r.position, r.eventTypes, 5_000)).to.equal(true);
      if (mv.get(p.view).get(`k${i}`) !== i) misses.push(i);
    }
    expect(misses).to.deep.equal([]);
    expect(await mv.waitFor({ a: '1', b: '1' }, ['SomethingElse'], 5_000), 'types no view reads resolve at once').to.equal(true);
    mv.stop();
  });

  it('an event that fails to apply loads the view again from the read model, and nothing after it is lost', async () => {
    const p = probe(unique());
    await p.createTable(db);
    const runner = new ConsumerRunner(db.knex, store, [p.projection], silent);
    runner.start();
    try {
      const mv = await views(db, store, p.view, p.projection);
      await p.append(store, 'Set', 'a', 1, { poison: true });
      const after = await p.append(store, 'Set', 'b', 2);
      expect(await runner.waitFor(after.position, after.eventTypes, 5_000)).to.equal(true);
      await eventually(() => mv.status()[0].reloads === 1 && mv.get(p.view).get('b') === 2);
      expect([...mv.get(p.view)].sort()).to.deep.equal([
        ['a', 1],
        ['b', 2],
      ]);
      expect(mv.status()[0].lastError).to.match(/cannot be applied/);
      mv.stop();
    } finally {
      await runner.stop();
    }
  });

  it('a view reloads only once its read model holds the event it could not apply, and keeps what arrives meanwhile', async () => {
    const p = probe(unique());
    await p.createTable(db);
    const runner = new ConsumerRunner(db.knex, store, [p.projection], silent);
    const mv = await views(db, store, p.view, p.projection);
    try {
      await p.append(store, 'Set', 'x', 7);
      await p.append(store, 'Set', 'a', 1, { poison: true });
      await eventually(() => mv.status()[0].reloads === 1);
      // The projection is behind the poisoned event: reading the table now would replay it and fail again.
      const during = await p.append(store, 'Set', 'b', 2);
      expect(await mv.waitFor(during.position, during.eventTypes, 300), 'read-your-writes waits while the view reloads').to.equal(false);
      expect(mv.status()[0].reloads, 'no second failure').to.equal(1);
      expect([...mv.get(p.view)], 'the last state answers meanwhile').to.deep.equal([['x', 7]]);
      runner.start();
      const last = await p.append(store, 'Drop', 'x');
      expect(await mv.waitFor(last.position, last.eventTypes, 5_000)).to.equal(true);
      expect([...mv.get(p.view)].sort()).to.deep.equal([
        ['a', 1],
        ['b', 2],
      ]);
      expect(mv.status()[0].reloads).to.equal(1);
    } finally {
      mv.stop();
      await runner.stop();
    }
  });

  it('refuses a view whose sources are not projections of the service', () => {
    const p = probe(unique());
    expect(() => new MemoryViews(db.knex, store, [p.view], silent, ['user_list'])).to.throw(/unknown projections: /);
    expect(() => new MemoryViews(db.knex, store, [p.view, p.view], silent)).to.throw(/Two memory views/);
  });

  it('another instance on the same database applies a change as soon as its NOTIFY arrives', async function () {
    const server = await requirePostgres(this, 'two instances need two connection pools on one database');
    const { url, drop } = await freshPostgresDatabase(server);
    const dbs = [await openDatabase({ url, poolMax: 4 }), await openDatabase({ url, poolMax: 4 })];
    const stores = dbs.map((d) => new PostgresEventStore(d));
    try {
      await migrate(dbs[0].knex);
      await Promise.all(stores.map((s) => s.listen(url)));
      const p = probe(unique());
      await p.createTable(dbs[0]);
      const other = await views(dbs[1], stores[1], p.view, p.projection);
      const lags: number[] = [];
      for (let i = 0; i < 30; i++) {
        const r = await p.append(stores[0], 'Set', 'k', i);
        const started = performance.now();
        expect(await other.waitFor(r.position, r.eventTypes, 5_000)).to.equal(true);
        lags.push(performance.now() - started);
        expect(other.get(p.view).get('k')).to.equal(i);
      }
      lags.sort((x, y) => x - y);
      // The fallback poll is 1 s: every change arriving well before it came through the NOTIFY.
      expect(lags[lags.length - 1]).to.be.below(900);
      console.log(
        `      the other instance's view had each change after ${lags[0].toFixed(1)}–${lags[lags.length - 1].toFixed(1)} ms (median ${lags[15].toFixed(1)})`,
      );
      other.stop();
    } finally {
      await Promise.all(stores.map((s) => s.close()));
      await Promise.all(dbs.map((d) => d.close()));
      await drop();
    }
  });
});
