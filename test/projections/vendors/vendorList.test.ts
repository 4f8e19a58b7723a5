import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pino from 'pino';
import type { VendorCreated, VendorSubdomainChanged } from '../../../commands/vendors/events.ts';
import { vendorList } from '../../../projections/vendors/vendorList.ts';
import { vendorCreated } from '../../support/vendorEvents.ts';
import { PostgresEventStore } from '../../../src/eventstore/postgres.ts';
import { ConsumerRunner } from '../../../src/runtime/consumerRunner.ts';
import { openDatabase, sql, type Database } from '../../../src/runtime/database.ts';
import { migrate } from '../../../src/runtime/migrate.ts';
import { rebuildProjection } from '../../../src/runtime/rebuild.ts';

const silent = pino({ level: 'silent' });

/**
 * vendor_list keeps a subdomain on one vendor at a time (a unique index). Two vendors that trade
 * subdomains in one batch of the feed end with each other's, live and rebuilt alike.
 */
describe('vendor_list: two vendors trading subdomains in one batch', function () {
  this.timeout(60_000);
  let db: Database;
  let store: PostgresEventStore;

  before(async () => {
    db = await openDatabase({});
    await migrate(db.knex);
    store = new PostgresEventStore(db);
  });

  after(async () => {
    await store?.close();
    await db?.close();
  });

  const created = (id: number, subdomain: string): { id: string } & VendorCreated => ({
    id: randomUUID(),
    ...vendorCreated(id, `TRADE${id}`, subdomain, '2026-01-01T00:00:00.000Z'),
  });
  const moved = (id: number, previous: string, subdomain: string): { id: string } & VendorSubdomainChanged => ({
    id: randomUUID(),
    type: 'VendorSubdomainChanged',
    data: { vendor_id: id, subdomain, previous, at: '2026-01-02T00:00:00.000Z' },
  });
  const subdomains = async () =>
    (await sql<{ subdomain: string }>(db.knex, 'SELECT subdomain FROM vendor_list WHERE id = ANY($1) ORDER BY id', [[a, b]])).map(
      (r) => r.subdomain,
    );
  const [a, b] = [930_001, 930_002];

  it('each ends with the other one’s subdomain, live (the refused batch applied event by event) and rebuilt', async () => {
    await store.append(`vendor-${a}`, [created(a, 'first')], { expected: 'no_stream' });
    await store.append(`vendor-${b}`, [created(b, 'second')], { expected: 'no_stream' });
    await new ConsumerRunner(db.knex, store, [vendorList], silent).catchUp(vendorList);
    expect(await subdomains()).to.deep.equal(['first', 'second']);

    await store.append(`vendor-${a}`, [moved(a, 'first', 'spare')], { expected: 1 });
    await store.append(`vendor-${b}`, [moved(b, 'second', 'first')], { expected: 1 });
    await store.append(`vendor-${a}`, [moved(a, 'spare', 'second')], { expected: 2 });
    let refused = 0;
    const logger = Object.assign(Object.create(silent) as typeof silent, {
      warn: () => {
        refused++;
      },
    });
    // Folded in one batch, a's row (changed first) takes "second" while b's stored row still holds it.
    await new ConsumerRunner(db.knex, store, [vendorList], logger).catchUp(vendorList);
    expect(refused, 'the batch was refused once').to.equal(1);
    expect(await subdomains()).to.deep.equal(['second', 'first']);

    const live = await sql(db.knex, 'SELECT to_jsonb(t)::text AS r FROM vendor_list t ORDER BY id');
    await rebuildProjection(db.knex, store, vendorList, silent);
    expect(await sql(db.knex, 'SELECT to_jsonb(t)::text AS r FROM vendor_list t ORDER BY id')).to.deep.equal(live);
  });
});
