import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import {
  comparePositions,
  WrongExpectedVersionError,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '../../src/eventstore/port.ts';
import { openDatabase, type Database } from '../../src/runtime/database.ts';
import { migrate } from '../../src/runtime/migrate.ts';
import { freshPostgresDatabase, requirePostgres } from '../support/database.ts';

/**
 * The event store contract, run against every adapter available here:
 * PGlite always, a PostgreSQL server when one is reachable, EventStoreDB when EVENTSTORE_URL is set.
 */
interface Adapter {
  name: string;
  /** The opened store, or null when this machine has none (the suite is then skipped). */
  open(test: Mocha.Context): Promise<{ store: EventStore; close(): Promise<void> } | null>;
}

const adapters: Adapter[] = [
  {
    name: 'PostgreSQL adapter on embedded PGlite',
    async open() {
      const db = await openDatabase({});
      await migrate(db.knex);
      return { store: new PostgresEventStore(db), close: () => db.close() };
    },
  },
  {
    name: 'PostgreSQL adapter on a PostgreSQL server',
    async open(test) {
      const server = await requirePostgres(test, 'the contract on a server');
      const { url, drop } = await freshPostgresDatabase(server);
      const db: Database = await openDatabase({ url, poolMax: 12 });
      await migrate(db.knex);
      const store = new PostgresEventStore(db);
      await store.listen(url);
      return {
        store,
        close: async () => {
          await store.close();
          await db.close();
          await drop();
        },
      };
    },
  },
  {
    name: 'EventStoreDB adapter',
    async open() {
      const url = process.env.EVENTSTORE_URL;
      if (!url) return null;
      const { EventStoreDbStore } = await import('../../src/eventstore/eventstoredb.ts');
      const store = await EventStoreDbStore.connect(url);
      return { store, close: () => store.close() };
    },
  },
];

const ev = (type = 'ThingHappened', data: unknown = {}) => ({
  id: randomUUID(),
  type,
  data,
  metadata: { correlation_id: 'c1', user_id: 1 },
});

/**
 * Reads the feed from `from` until `expected` events of `types` arrived (or 20 s passed): on a
 * shared server, a transaction of another database can hold the visibility horizon back a moment.
 */
async function drainFeed(
  store: EventStore,
  from: Position,
  types: string[],
  expected: number,
): Promise<{ events: RecordedEvent[]; next: Position }> {
  const out: RecordedEvent[] = [];
  let pos = from;
  for (const end = Date.now() + 20_000; ;) {
    const batch = await store.readFeed(pos, { limit: 500, types });
    out.push(...batch.events);
    pos = batch.next;
    if (out.length >= expected || Date.now() > end) return { events: out, next: pos };
    if (batch.events.length === 0) await new Promise((r) => setTimeout(r, 10));
  }
}

for (const adapter of adapters) {
  describe(`event store contract: ${adapter.name}`, function () {
    this.timeout(120_000);
    let store: EventStore;
    let close: () => Promise<void>;

    before(async function () {
      const opened = await adapter.open(this);
      if (!opened) {
        console.log('      skipped: no EventStoreDB (set EVENTSTORE_URL; docker-compose.yml starts one)');
        this.skip();
      }
      ({ store, close } = opened!);
    });
    after(async () => {
      await close?.();
    });

    const stream = () => `contract-${randomUUID()}`;

    it('appends to a new stream with no_stream, and then with the exact version', async () => {
      const s = stream();
      const first = await store.append(s, [ev(), ev()], { expected: 'no_stream' });
      expect(first.version).to.equal(2);
      expect(first.appended).to.equal(true);
      const second = await store.append(s, [ev()], { expected: 2 });
      expect(second.version).to.equal(3);
      expect(comparePositions(second.position, first.position)).to.equal(1);
      const events = await store.readStream(s);
      expect(events.map((e) => e.version)).to.deep.equal([1, 2, 3]);
      expect(events[0].metadata).to.include({ correlation_id: 'c1' });
    });

    it('refuses a wrong expected version with a typed error, and no_stream on an existing stream', async () => {
      const s = stream();
      await store.append(s, [ev()], { expected: 'no_stream' });
      for (const expected of [0, 5, 'no_stream'] as const) {
        let err: unknown;
        try {
          await store.append(s, [ev()], { expected });
        } catch (e) {
          err = e;
        }
        expect(err).to.be.instanceOf(WrongExpectedVersionError);
      }
      expect((await store.readStream(s)).length).to.equal(1);
    });

    it('appends with expected version any whatever the stream holds', async () => {
      const s = stream();
      await store.append(s, [ev()], { expected: 'any' });
      const r = await store.append(s, [ev(), ev()], { expected: 'any' });
      expect(r.version).to.equal(3);
    });

    it('treats a repeated append of the same event ids as a no-op', async () => {
      const s = stream();
      const events = [ev(), ev()];
      await store.append(s, events, { expected: 'no_stream' });
      const again = await store.append(s, events, { expected: 'no_stream' });
      expect(again.version).to.equal(2);
      expect((await store.readStream(s)).length).to.equal(2);
    });

    it('reads a stream forwards from a version, and an unknown stream as empty', async () => {
      const s = stream();
      await store.append(s, [ev('A'), ev('B'), ev('C')], { expected: 'no_stream' });
      expect((await store.readStream(s, { fromVersion: 2 })).map((e) => e.type)).to.deep.equal(['B', 'C']);
      expect(await store.readStream(stream())).to.deep.equal([]);
    });

    it('answers reads of several streams at once, one stream twice from two versions, as each read alone', async () => {
      const [a, b, empty] = [stream(), stream(), stream()];
      await store.append(a, [ev('A1'), ev('A2'), ev('A3')], { expected: 'no_stream' });
      await store.append(b, [ev('B1'), ev('B2')], { expected: 'no_stream' });
      const reads: [string, number][] = [
        [a, 1],
        [b, 2],
        [a, 3],
        [empty, 1],
        [b, 3],
      ];
      const together = await Promise.all(reads.map(([s, fromVersion]) => store.readStream(s, { fromVersion })));
      expect(together.map((events) => events.map((e) => e.type))).to.deep.equal([['A1', 'A2', 'A3'], ['B2'], ['A3'], [], []]);
      for (const [i, [s, fromVersion]] of reads.entries()) expect(together[i]).to.deep.equal(await store.readStream(s, { fromVersion }));
    });

    it('answers more reads at once than one statement of the PostgreSQL store takes (200 streams)', async () => {
      const streams = Array.from({ length: 230 }, () => stream());
      await Promise.all(streams.map((s, i) => store.append(s, [ev(`T${i}`)], { expected: 'no_stream' })));
      const read = await Promise.all(streams.map((s) => store.readStream(s)));
      expect(read.map((events) => events.map((e) => e.type))).to.deep.equal(streams.map((_, i) => [`T${i}`]));
    });

    it('reads the global feed from a position, filtered by type, and advances past skipped events', async () => {
      const type = `Feed${randomUUID().slice(0, 8)}`;
      const start = await store.head();
      const s = stream();
      await store.append(s, [ev(type, { n: 1 }), ev('Other'), ev(type, { n: 2 })], { expected: 'no_stream' });
      const { events, next } = await drainFeed(store, start, [type], 2);
      expect(events.map((e) => e.data.n)).to.deep.equal([1, 2]);
      expect(comparePositions(next, events[1].position)).to.be.at.least(0);
      const again = await store.readFeed(next, { limit: 10, types: [type] });
      expect(again.events).to.have.length(0);
    });

    it('reads the feed lean (id, type, data, position): the same events and the same next position as the full read', async () => {
      const type = `Lean${randomUUID().slice(0, 8)}`;
      const start = await store.head();
      const s = stream();
      await store.append(s, [ev(type, { n: 1 }), ev('Other'), ev(type, { n: 2 }), ev(type, { n: 3 })], { expected: 'no_stream' });
      const full = await drainFeed(store, start, [type], 3);
      expect(full.events).to.have.length(3);
      for (const limit of [2, 10]) {
        const lean = await store.readFeed(start, { limit, types: [type], lean: true });
        const fullBatch = await store.readFeed(start, { limit, types: [type] });
        expect(
          lean.events.map((e) => ({ id: e.id, type: e.type, data: e.data, position: e.position })),
          `limit ${limit}`,
        ).to.deep.equal(fullBatch.events.map((e) => ({ id: e.id, type: e.type, data: e.data, position: e.position })));
        expect(lean.next, `limit ${limit}`).to.deep.equal(fullBatch.next);
      }
    });

    it('wakes subscribers promptly after an append', async () => {
      let woken = 0;
      const off = store.onAppended(() => {
        woken++;
      });
      await store.append(stream(), [ev()], { expected: 'no_stream' });
      await new Promise((r) => setTimeout(r, 50));
      off();
      expect(woken).to.be.greaterThan(0);
    });

    it('under 8 concurrent writers on overlapping streams: every acknowledged event once, no version gaps, a tailing consumer sees each exactly once', async () => {
      const type = `Concurrent${randomUUID().slice(0, 8)}`;
      const streams = Array.from({ length: 6 }, stream);
      const start = await store.head();
      const acknowledged: string[] = [];
      let conflicts = 0;
      let writing = true;
      let deadline = Infinity;

      const seen = new Map<string, number>();
      const consumer = (async () => {
        let pos = start;
        for (;;) {
          const stillWriting = writing;
          const batch = await store.readFeed(pos, { limit: 200, types: [type] });
          for (const e of batch.events) seen.set(e.id, (seen.get(e.id) ?? 0) + 1);
          pos = batch.next;
          // Once the writers are done, tail until every acknowledged event arrived: a transaction
          // of another database on the same server can hold the visibility horizon back a while.
          if (!stillWriting && batch.events.length === 0 && (seen.size >= acknowledged.length || Date.now() > deadline)) return;
          if (batch.events.length === 0) await new Promise((r) => setTimeout(r, 1));
        }
      })();

      const writer = async (w: number) => {
        for (let i = 0; i < 60; i++) {
          const s = streams[(w + i) % streams.length];
          const current = (await store.readStream(s)).length;
          const batch = [ev(type, { w, i }), ...(i % 3 === 0 ? [ev(type, { w, i, extra: true })] : [])];
          try {
            await store.append(s, batch, { expected: current === 0 ? 'no_stream' : current });
            acknowledged.push(...batch.map((b) => b.id));
          } catch (err) {
            if (!(err instanceof WrongExpectedVersionError)) throw err;
            conflicts++;
          }
        }
      };
      await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
      deadline = Date.now() + 20_000;
      writing = false;
      await consumer;

      const stored = (await Promise.all(streams.map((s) => store.readStream(s)))).flat();
      const storedIds = stored.map((e) => e.id);
      expect(new Set(storedIds).size).to.equal(storedIds.length);
      expect([...storedIds].sort()).to.deep.equal([...acknowledged].sort());
      for (const s of streams) {
        const versions = stored.filter((e) => e.stream === s).map((e) => e.version);
        expect(versions).to.deep.equal(versions.map((_, i) => i + 1));
      }
      expect(seen.size).to.equal(acknowledged.length);
      expect([...seen.values()].every((n) => n === 1)).to.equal(true);
      expect(acknowledged.length).to.be.greaterThan(100);
      console.log(`      ${acknowledged.length} events acknowledged, ${conflicts} expected-version conflicts, consumer saw each once`);
    });
  });
}
