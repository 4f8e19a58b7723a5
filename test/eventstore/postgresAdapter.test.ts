import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../src/config.ts';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { START, WrongExpectedVersionError } from '../../src/eventstore/port.ts';
import { openDatabase } from '../../src/runtime/database.ts';
import { migrate } from '../../src/runtime/migrate.ts';
import { freshPostgresDatabase, requirePostgres, testDatabase } from '../support/database.ts';
import { bootInRootHook } from '../support/rootBoot.ts';

bootInRootHook('the test database', testDatabase);

/**
 * What the PostgreSQL adapter promises beyond the shared contract (contract.test.ts), on a server
 * with several connections: a reader never passes a writer that commits late, and other processes
 * hear of every appended type through NOTIFY; and which store the configuration selects.
 */

const ev = (type = 'ThingHappened', data: unknown = {}) => ({
  id: randomUUID(),
  type,
  data,
  metadata: { correlation_id: 'c1', user_id: 1 },
});

describe('gap safety of the PostgreSQL feed (a writer that commits late)', function () {
  this.timeout(60_000);
  it('does not let a reader pass an event whose transaction is still open, then delivers it in order', async function () {
    const server = await requirePostgres(this, 'a late commit needs a second connection');
    const { url, drop } = await freshPostgresDatabase(server);
    const db = await openDatabase({ url, poolMax: 4 });
    try {
      await migrate(db.knex);
      const store = new PostgresEventStore(db);
      const type = 'LateCommitProbe';
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let appendedInside!: () => void;
      const inside = new Promise<void>((r) => {
        appendedInside = r;
      });
      // Transaction T1 takes the earlier position, and commits only after T2 has committed.
      const t1 = db.knex.transaction(async (trx) => {
        await store.append('probe-early', [ev(type, { n: 'early' })], { expected: 'no_stream', tx: trx });
        appendedInside();
        await held;
      });
      await inside;
      await store.append('probe-late', [ev(type, { n: 'late' })], { expected: 'no_stream' });
      const whileOpen = await store.readFeed(START, { limit: 10, types: [type] });
      expect(whileOpen.events, 'nothing is readable past the open transaction').to.have.length(0);
      release();
      await t1;
      // Transactions of other databases on the server can hold the horizon back a moment longer.
      let after = await store.readFeed(whileOpen.next, { limit: 10, types: [type] });
      for (const end = Date.now() + 20_000; after.events.length < 2 && Date.now() < end;) {
        await new Promise((r) => setTimeout(r, 20));
        after = await store.readFeed(whileOpen.next, { limit: 10, types: [type] });
      }
      expect(after.events.map((e) => e.data.n)).to.deep.equal(['early', 'late']);
    } finally {
      await db.close();
      await drop();
    }
  });
});

describe('wake-ups of the PostgreSQL adapter across processes (NOTIFY)', function () {
  this.timeout(60_000);
  it('tells another process every type appended (carried by appends, conflicts, transactions), once per NOTIFY and not per event, and not itself', async function () {
    const server = await requirePostgres(this, 'NOTIFY between two processes needs a server');
    const { url, drop } = await freshPostgresDatabase(server);
    // Two adapters with their own pools and listeners: two processes as far as NOTIFY can tell.
    const dbA = await openDatabase({ url, poolMax: 10 });
    const dbB = await openDatabase({ url, poolMax: 2 });
    const a = new PostgresEventStore(dbA);
    const b = new PostgresEventStore(dbB);
    try {
      await migrate(dbA.knex);
      await a.listen(url);
      await b.listen(url);
      const heardByB = new Set<string>();
      let notificationsB = 0;
      b.onAppended((types, position) => {
        notificationsB++;
        expect(position, 'a NOTIFY carries no position').to.equal(undefined);
        for (const t of types ?? ['*']) heardByB.add(t);
      });
      const localA = new Set<string>();
      let positionlessA = 0;
      a.onAppended((types, position) => {
        if (!position) positionlessA++;
        for (const t of types ?? []) localA.add(t);
      });

      // 8 writers on 3 shared streams, one unique type per append: some appends conflict, among
      // them ones that carried the NOTIFY for the types of others.
      const tag = randomUUID().slice(0, 8);
      const streams = Array.from({ length: 3 }, () => `wake-${randomUUID()}`);
      const told: string[] = [];
      let appends = 0,
        conflicts = 0;
      await Promise.all(
        Array.from({ length: 8 }, async (_, w) => {
          for (let i = 0; i < 40; i++) {
            const s = streams[(w + i) % streams.length];
            const type = `Wake${tag}_${w}_${i}`;
            const current = (await a.readStream(s)).length;
            try {
              await a.append(s, [ev(type)], { expected: current === 0 ? 'no_stream' : current });
              told.push(type);
              appends++;
            } catch (err) {
              if (!(err instanceof WrongExpectedVersionError)) throw err;
              conflicts++;
            }
          }
        }),
      );
      // Inside a caller's transaction: told after the commit; a rolled-back one is never told.
      const committed = `Wake${tag}_tx_committed`;
      const rolledBack = `Wake${tag}_tx_rolled_back`;
      await dbA.knex.transaction(async (trx) => {
        await a.append(`wake-${randomUUID()}`, [ev(committed)], { expected: 'no_stream', tx: trx });
      });
      told.push(committed);
      await dbA.knex
        .transaction(async (trx) => {
          await a.append(`wake-${randomUUID()}`, [ev(rolledBack)], { expected: 'no_stream', tx: trx });
          throw new Error('roll back');
        })
        .catch(() => {});
      // A retried append (every id stored already) stores nothing, so the NOTIFY it carries is not
      // sent: the types it took along (here its own, left unannounced by the first append, made
      // in a transaction) must go out another way.
      const retried = [ev(`Wake${tag}_retried`)];
      const rs = `wake-${randomUUID()}`;
      await dbA.knex.transaction((trx) => a.append(rs, retried, { expected: 'no_stream', tx: trx }));
      told.push(retried[0].type);
      await a.append(rs, retried, { expected: 'no_stream' });

      for (const end = Date.now() + 20_000; told.some((t) => !heardByB.has(t)) && Date.now() < end;) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(
        told.filter((t) => !heardByB.has(t)),
        'types B was never told of',
      ).to.deep.equal([]);
      expect(
        told.filter((t) => !localA.has(t)),
        'types A did not announce locally',
      ).to.deep.equal([]);
      expect(heardByB.has(rolledBack), 'a rolled-back append is not announced').to.equal(false);
      expect(localA.has(rolledBack)).to.equal(false);
      expect(positionlessA, 'A ignores its own NOTIFYs').to.equal(0);
      expect(notificationsB).to.be.at.most(appends + 2);
      expect(conflicts).to.be.greaterThan(0);
      console.log(`      ${appends + 2} appends (${conflicts} conflicts): B woken ${notificationsB} times`);
    } finally {
      await b.close();
      await a.close();
      await dbB.close();
      await dbA.close();
      await drop();
    }
  });
});

// The configuration chooses the adapter (EVENTSTORE_URL) — the same suite covers both.
describe('event store selection', () => {
  it('uses the database when EVENTSTORE_URL is unset', async () => {
    const { createEventStore } = await import('../../src/eventstore/index.ts');
    const store = await createEventStore(loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: '.tmp/test-data' }), await testDatabase());
    expect(store.kind).to.be.oneOf(['pglite', 'postgres']);
    expect(START).to.deep.equal({ a: '0', b: '0' });
  });
});
