import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { START, WrongExpectedVersionError, type EventStore } from '../../src/eventstore/port.ts';
import { openDatabase, type Database } from '../../src/runtime/database.ts';
import { migrate } from '../../src/runtime/migrate.ts';
import { freshPostgresDatabase, requirePostgres } from '../support/database.ts';

/**
 * Several streams appended together (EventStore.appendTogether), as a quota's claim and the product
 * it admits are: all of them or none, each stream's expected version checked, one statement.
 */
const ev = (type = 'ThingHappened') => ({ id: randomUUID(), type, data: { n: Math.random() }, metadata: { user_id: 1 } });

const stores: { name: string; open(test: Mocha.Context): Promise<{ store: EventStore; close(): Promise<void> }> }[] = [
  {
    name: 'on embedded PGlite',
    async open() {
      const db = await openDatabase({});
      await migrate(db.knex);
      return { store: new PostgresEventStore(db), close: () => db.close() };
    },
  },
  {
    name: 'on a PostgreSQL server',
    async open(test) {
      const server = await requirePostgres(test, 'appends together on a server');
      const { url, drop } = await freshPostgresDatabase(server);
      const db: Database = await openDatabase({ url });
      await migrate(db.knex);
      return {
        store: new PostgresEventStore(db),
        close: async () => {
          await db.close();
          await drop();
        },
      };
    },
  },
];

for (const { name, open } of stores) {
  describe(`appending to several streams together ${name}`, function () {
    let store: EventStore;
    let close: () => Promise<void>;
    before(async function () {
      ({ store, close } = await open(this));
    });
    after(() => close?.());

    const versions = async (...streams: string[]) => Promise.all(streams.map(async (s) => (await store.readStream(s)).length));

    it('stores every stream’s events at the versions that follow their expectations, and tells where each landed', async () => {
      const quota = `quota-${randomUUID()}`;
      const product = `product-${randomUUID()}`;
      await store.append(quota, [ev('QuotaOpened')], { expected: 'no_stream' });
      const [q, p] = await store.appendTogether!([
        { stream: quota, events: [ev('QuotaSlotClaimed')], expected: 1 },
        { stream: product, events: [ev('ProductCreated'), ev('PriceSet')], expected: 'no_stream' },
      ]);
      expect(q).to.include({ version: 2, appended: true });
      expect(p).to.include({ version: 2, appended: true });
      expect(await versions(quota, product)).to.deep.equal([2, 2]);
      const feed = await store.readFeed(START, { limit: 1000, types: ['QuotaSlotClaimed', 'ProductCreated', 'PriceSet'] });
      const ours = feed.events.filter((e) => e.stream === quota || e.stream === product);
      expect(ours.map((e) => e.type)).to.deep.equal(['QuotaSlotClaimed', 'ProductCreated', 'PriceSet']);
      expect(ours.every((e) => e.position.a === ours[0].position.a)).to.equal(true, 'one transaction');
      expect(p.position).to.deep.equal(ours[2].position);
    });

    it('stores nothing when one stream’s expected version was taken meanwhile, and names that stream', async () => {
      const quota = `quota-${randomUUID()}`;
      const product = `product-${randomUUID()}`;
      await store.append(quota, [ev('QuotaOpened'), ev('QuotaSlotClaimed')], { expected: 'no_stream' });
      const err = await store.appendTogether!([
        { stream: product, events: [ev('ProductCreated')], expected: 'no_stream' },
        { stream: quota, events: [ev('QuotaSlotClaimed')], expected: 1 },
      ]).catch((e: unknown) => e);
      expect(err).to.be.instanceOf(WrongExpectedVersionError);
      expect(err).to.include({ stream: quota, expected: 1, actual: 2 });
      expect(await versions(quota, product)).to.deep.equal([2, 0]);
    });

    it('stores nothing when one stream’s expected version is past its end, and names that stream', async () => {
      const quota = `quota-${randomUUID()}`;
      const product = `product-${randomUUID()}`;
      const err = await store.appendTogether!([
        { stream: quota, events: [ev('QuotaSlotClaimed')], expected: 4 },
        { stream: product, events: [ev('ProductCreated')], expected: 'no_stream' },
      ]).catch((e: unknown) => e);
      expect(err).to.be.instanceOf(WrongExpectedVersionError);
      expect(err).to.include({ stream: quota, expected: 4, actual: 0 });
      expect(await versions(quota, product)).to.deep.equal([0, 0]);
    });

    it('treats the same appends repeated (the same event ids) as a no-op that reports where they are', async () => {
      const appends = [
        { stream: `quota-${randomUUID()}`, events: [ev('QuotaOpened')], expected: 'no_stream' as const },
        { stream: `product-${randomUUID()}`, events: [ev('ProductCreated')], expected: 'no_stream' as const },
      ];
      const first = await store.appendTogether!(appends);
      const again = await store.appendTogether!(appends);
      expect(again.map((r) => r.appended)).to.deep.equal([false, false]);
      expect(again.map((r) => r.position)).to.deep.equal(first.map((r) => r.position));
      expect(await versions(...appends.map((a) => a.stream))).to.deep.equal([1, 1]);
    });
  });
}
