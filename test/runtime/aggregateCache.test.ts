import { expect } from 'chai';
import sinon from 'sinon';
import type { Decider } from '../../src/core/decider.ts';
import { BusinessLogicException } from '../../src/core/errors.ts';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { WrongExpectedVersionError } from '../../src/eventstore/port.ts';
import { aggregateCache } from '../../src/runtime/aggregateCache.ts';
import { handleCommand, handleFirstCommand, prepareCommand } from '../../src/runtime/commandHandler.ts';
import { current } from '../../src/runtime/currentState.ts';
import type { Database } from '../../src/runtime/database.ts';
import { migrate } from '../../src/runtime/migrate.ts';
import { testDatabase } from '../support/database.ts';
import { bootInRootHook } from '../support/rootBoot.ts';
import { unique } from '../support/app.ts';

bootInRootHook('the test database', testDatabase);

/**
 * The aggregate cache (src/runtime/aggregateCache.ts) spares a command the read of its stream,
 * and correctness never rests on it: two stores on one database stand for two service processes,
 * each with its own cache, so each one's cached states go stale behind the other's appends.
 */
type Stock = { units: number };
type StockCommand = { type: 'Receive' | 'Ship'; data: { units: number } };
type StockEvent = { type: 'Received' | 'Shipped'; data: { units: number } };

const stock: Decider<Stock, StockCommand, StockEvent> = {
  aggregate: 'cachetest',
  initialState: () => ({ units: 0 }),
  evolve: (s, e) => ({ units: s.units + (e.type === 'Received' ? e.data.units : -e.data.units) }),
  decide(c, s) {
    if (c.type === 'Receive') return [{ type: 'Received', data: c.data }];
    if (s.units < c.data.units) throw new BusinessLogicException(`only ${s.units} units left`);
    return [{ type: 'Shipped', data: c.data }];
  },
};
const ctx = { userId: 'system:test', correlationId: 'cache-test' };
const receive = (units: number): StockCommand => ({ type: 'Receive', data: { units } });
const ship = (units: number): StockCommand => ({ type: 'Ship', data: { units } });

describe('the aggregate cache', function () {
  this.timeout(60_000);
  let db: Database;
  let a: PostgresEventStore;
  let b: PostgresEventStore;

  before(async () => {
    db = await testDatabase();
    await migrate(db.knex);
    a = new PostgresEventStore(db);
    b = new PostgresEventStore(db);
  });
  afterEach(() => sinon.restore());

  it('decides a second command on the cached state without reading the stream again', async () => {
    const id = unique('c');
    await handleCommand(a, stock, id, receive(5), ctx);
    const reads = sinon.spy(a, 'readStream');
    const done = await handleCommand(a, stock, id, ship(2), ctx);
    expect(reads.callCount).to.equal(0);
    expect(done.version).to.equal(2);
    expect(done.state).to.deep.equal({ units: 3 });
  });

  it('decides again on the stream when another process appended behind the cached state', async () => {
    const id = unique('c');
    await handleCommand(a, stock, id, receive(5), ctx);
    await handleCommand(b, stock, id, ship(4), ctx);
    const done = await handleCommand(a, stock, id, ship(1), ctx);
    expect(done.version).to.equal(3);
    expect(done.state).to.deep.equal({ units: 0 });
    expect((await a.readStream(`cachetest-${id}`)).map((e) => e.version)).to.deep.equal([1, 2, 3]);
  });

  it('checks a refusal of the cached state against the stream before giving it', async () => {
    const id = unique('c');
    await handleCommand(a, stock, id, receive(1), ctx);
    await handleCommand(a, stock, id, ship(1), ctx); // a's cache: 0 units
    await handleCommand(b, stock, id, receive(3), ctx); // the stream: 3 units
    const done = await handleCommand(a, stock, id, ship(2), ctx);
    expect(done.state).to.deep.equal({ units: 1 });
    // A refusal that the stream confirms is still a refusal.
    let refused: unknown;
    try {
      await handleCommand(a, stock, id, ship(5), ctx);
    } catch (err) {
      refused = err;
    }
    expect(refused).to.be.instanceOf(BusinessLogicException);
  });

  it('keeps what a transaction appended out of the cache unless its owner reports the commit', async () => {
    const id = unique('c');
    await handleCommand(a, stock, id, receive(5), ctx);
    await db.knex
      .transaction(async (trx) => {
        await handleCommand(a, stock, id, ship(5), { ...ctx, tx: trx });
        throw new Error('roll back');
      })
      .catch(() => {});
    const done = await handleCommand(a, stock, id, ship(2), ctx);
    expect(done.version).to.equal(2);
    expect(done.state).to.deep.equal({ units: 3 });

    let trxRef: unknown;
    await db.knex.transaction(async (trx) => {
      trxRef = trx;
      await handleCommand(a, stock, id, ship(1), { ...ctx, tx: trx });
    });
    aggregateCache(a).committed(trxRef);
    const reads = sinon.spy(a, 'readStream');
    expect((await handleCommand(a, stock, id, ship(1), ctx)).state).to.deep.equal({ units: 1 });
    expect(reads.callCount).to.equal(0);
  });

  it("decides a new stream's first command without reading it, and one that is not new after all on its stream", async () => {
    const id = unique('c');
    const reads = sinon.spy(b, 'readStream');
    expect((await handleFirstCommand(b, stock, id, receive(2), ctx)).version).to.equal(1);
    expect(reads.callCount, 'an empty stream is not read').to.equal(0);
    // Another process's first command on the same stream: its append at 'no_stream' fails, it reads and decides again.
    const second = await handleFirstCommand(a, stock, id, receive(3), ctx);
    expect(second.version).to.equal(2);
    expect(second.state).to.deep.equal({ units: 5 });
    // A refusal of the assumed empty state is checked on the stream, which has the units.
    const other = unique('c');
    await handleCommand(a, stock, other, receive(4), ctx);
    expect((await handleFirstCommand(b, stock, other, ship(3), ctx)).state).to.deep.equal({ units: 1 });
    expect((await b.readStream(`cachetest-${other}`)).map((e) => e.version)).to.deep.equal([1, 2]);
  });

  it('prepares a companion on the cached state: a stale one fails the append and is forgotten, a refusal is checked on the stream', async () => {
    const [shelf, order] = [unique('c'), unique('c')];
    await handleCommand(a, stock, shelf, receive(5), ctx);
    await handleCommand(b, stock, shelf, ship(1), ctx); // a's cache: 5 units at version 1; the stream: 4 at version 2
    const withShelf = async () => {
      const taken = await prepareCommand(a, stock, shelf, ship(2), ctx);
      return () => [{ append: taken.append, stored: () => {} }];
    };
    const stale = await handleCommand(a, stock, order, receive(1), ctx, await withShelf()).catch((err: unknown) => err);
    expect(stale).to.be.instanceOf(WrongExpectedVersionError);
    expect((stale as WrongExpectedVersionError).stream, 'the conflict names the companion').to.equal(`cachetest-${shelf}`);
    expect((await a.readStream(`cachetest-${order}`)).length, 'nothing of the command is stored').to.equal(0);
    // Prepared again, the companion rests on the stream: both go together.
    await handleCommand(a, stock, order, receive(1), ctx, await withShelf());
    expect(await current(b, stock, shelf)).to.deep.equal({ state: { units: 2 }, version: 3 });
    // a's cache now says 2 units; another process receives 6: a refusal of the cached state is not the answer.
    await handleCommand(b, stock, shelf, receive(6), ctx);
    const taken = await prepareCommand(a, stock, shelf, ship(7), ctx);
    expect(taken.append.expected).to.equal(4);
  });

  it("reads the current state from where the cache left the stream: another process's appends, and only those", async () => {
    const id = unique('c');
    await handleCommand(a, stock, id, receive(5), ctx);
    await handleCommand(b, stock, id, ship(2), ctx); // a's cache: 5 units at version 1
    const reads = sinon.spy(a, 'readStream');
    expect(await current(a, stock, id)).to.deep.equal({ state: { units: 3 }, version: 2 });
    expect(reads.firstCall.args[1]?.fromVersion, 'the events after the cached version').to.equal(2);
    expect(await current(a, stock, id)).to.deep.equal({ state: { units: 3 }, version: 2 });
    expect(reads.secondCall.args[1]?.fromVersion, 'the read found is cached').to.equal(3);
    // A stream no cache holds is read whole, and what a command decides next rests on it.
    const fresh = new PostgresEventStore(db);
    expect((await current(fresh, stock, id)).version).to.equal(2);
    expect((await handleCommand(fresh, stock, id, ship(3), ctx)).state).to.deep.equal({ units: 0 });
  });

  it('freezes cached states in tests, so a decider that mutates a shared state fails here', async () => {
    const id = unique('c');
    const done = await handleCommand(a, stock, id, receive(1), ctx);
    expect(Object.isFrozen(done.state)).to.equal(true);
    expect(() => {
      (done.state as Stock).units = 9;
    }).to.throw(TypeError);
  });
});
