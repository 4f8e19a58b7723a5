import { expect } from 'chai';
import { runOrderCommand, shipOrderItem, type OrderDeps } from '../../commands/orders/handlers/order.ts';
import { changeUserProfile, createUser, deleteUser, type UserDeps } from '../../commands/users/handlers.ts';
import type { DomainEvent } from '../../src/core/decider.ts';
import type { Handled } from '../../src/runtime/commandHandler.ts';
import { orderDetail } from '../../projections/orders/orderDetail.ts';
import { shipmentStatus } from '../../projections/orders/shipmentStatus.ts';
import { userList } from '../../projections/users/userList.ts';
import { systemClock } from '../../src/core/clock.ts';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { aggregateCache } from '../../src/runtime/aggregateCache.ts';
import { ConsumerRunner } from '../../src/runtime/consumerRunner.ts';
import { sql, type Database } from '../../src/runtime/database.ts';
import { registerInlineProjections } from '../../src/runtime/inlineProjection.ts';
import { createLogger } from '../../src/runtime/logger.ts';
import { migrate } from '../../src/runtime/migrate.ts';
import { rowStatements } from '../../src/runtime/rowStatements.ts';
import { anOrder, item } from '../commands/orders/fixtures.ts';
import { unique } from '../support/app.ts';
import { testDatabase } from '../support/database.ts';
import { bootInRootHook } from '../support/rootBoot.ts';

bootInRootHook('the test database', testDatabase);

/**
 * user_list is an inline projection (src/runtime/inlineProjection.ts): a user's command writes
 * the user's row in the statement that appends its events. No consumer runs in these tests until
 * one is started on purpose, so what the table shows was written by the appends themselves.
 */
describe('an inline projection: user_list written with the append', function () {
  this.timeout(120_000);
  let db: Database;
  let deps: UserDeps;
  const ctx = { userId: 'system:test', correlationId: 'inline-test' };

  before(async () => {
    db = await testDatabase();
    await migrate(db.knex);
    registerInlineProjections([userList]);
    deps = { clock: systemClock, store: new PostgresEventStore(db), db: db.knex };
  });

  const row = async (id: number) =>
    (
      await sql<{ first_name: string | null; stream_version: number }>(
        db.knex,
        'SELECT first_name, stream_version FROM user_list WHERE id = $1',
        [id],
      )
    )[0];

  async function newUser(): Promise<number> {
    const name = unique('inline');
    const { id } = await createUser(deps, { email: `${name}@example.com`, username: name, password_hash: 'x', role: 'admin' }, ctx);
    return id;
  }

  it('a new user and each change of the profile are in the list as soon as the command returns, no projection running', async () => {
    const id = await newUser();
    expect(await row(id)).to.deep.equal({ first_name: null, stream_version: 1 });
    const [done] = (await changeUserProfile(deps, id, { first_name: 'Ada' }, ctx)).slice(-1);
    expect(done.inlined).to.deep.equal(['user_list']);
    expect(await row(id)).to.deep.equal({ first_name: 'Ada', stream_version: 2 });
  });

  it('folds the row from the whole stream when the command finds the user outside the aggregate cache', async () => {
    const id = await newUser();
    await changeUserProfile(deps, id, { first_name: 'Grace' }, ctx);
    aggregateCache(deps.store).forget(`user-${id}`);
    await changeUserProfile(deps, id, { last_name: 'Hopper' }, ctx);
    const [stored] = await sql<{ first_name: string; last_name: string; stream_version: number }>(
      db.knex,
      'SELECT first_name, last_name, stream_version FROM user_list WHERE id = $1',
      [id],
    );
    expect(stored).to.deep.equal({ first_name: 'Grace', last_name: 'Hopper', stream_version: 3 });
  });

  it('the projection, running behind on the feed, leaves a row it finds newer as it is', async () => {
    const id = await newUser();
    await changeUserProfile(deps, id, { first_name: 'First' }, ctx);
    await changeUserProfile(deps, id, { first_name: 'Second' }, ctx);
    // The stream's own events (with their feed positions): the feed may still hold them back
    // behind another test's open transaction.
    const events = await deps.store.readStream(`user-${id}`);
    expect(events.map((e) => e.version)).to.deep.equal([1, 2, 3]);
    // Each event again, one batch at a time, as a projection far behind would fold them.
    for (const e of events) await db.knex.transaction((trx) => userList.apply(trx, [e]));
    expect(await row(id)).to.deep.equal({ first_name: 'Second', stream_version: 3 });
  });

  it('an older row written over a newer one by a projection that loaded it before the append is refused by the table', async () => {
    const id = await newUser();
    await changeUserProfile(deps, id, { first_name: 'Newer' }, ctx);
    const [stored] = await sql<Record<string, unknown>>(db.knex, 'SELECT * FROM user_list WHERE id = $1', [id]);
    const older: Record<string, unknown> = { ...stored, first_name: 'Older', stream_version: 1 };
    delete older.search_text;
    const upsert = rowStatements(userList.fold).upsert;
    await sql(db.knex, upsert.text, [JSON.stringify([older])]);
    expect(await row(id)).to.deep.equal({ first_name: 'Newer', stream_version: 2 });
  });

  it('a deletion is left to the projection, and the command waits for it as before', async () => {
    const id = await newUser();
    const done = await deleteUser(deps, id, ctx);
    expect(done.every((d) => (d.inlined ?? []).length === 0)).to.equal(true);
    expect(await row(id)).to.not.equal(undefined);
    const runner = new ConsumerRunner(db.knex, deps.store, [userList], createLogger('silent'));
    await runner.catchUp(userList);
    expect(await row(id)).to.equal(undefined);
  });

  it('running behind the appends, the projection rests between its batches, and a command that needs it ends the rest', async () => {
    const runner = new ConsumerRunner(db.knex, deps.store, [userList], createLogger('silent'));
    const batches = () => runner.status()[0].batches;
    runner.start();
    try {
      const id = await newUser();
      const before = batches();
      const started = performance.now();
      let last: Handled<unknown, DomainEvent>[] = [];
      // Thirty changes 20 ms apart, as requests arrive.
      for (let i = 0; i < 30; i++) {
        last = await changeUserProfile(deps, id, { first_name: `N${i}` }, ctx);
        await new Promise((r) => setTimeout(r, 20));
      }
      const seconds = (performance.now() - started) / 1000;
      // Every append wakes an ordinary projection: about 30 batches. This one reads at most once a second.
      expect(batches() - before, `batches in ${seconds.toFixed(2)} s`).to.be.at.most(Math.ceil(seconds) + 2);

      // A wait on it (services.settle does this after a deletion) makes it read at once; it has just
      // begun its rest, so without that the wait would outlast its 800 ms.
      const changed = last.at(-1)!;
      expect(await runner.waitFor(changed.position!, changed.eventTypes, 5_000)).to.equal(true);
      const deleted = (await deleteUser(deps, id, ctx)).find((d) => d.eventTypes.some((t) => userList.eventTypes.includes(t)))!;
      expect(await runner.waitFor(deleted.position!, deleted.eventTypes, 800)).to.equal(true);
      expect(await row(id)).to.equal(undefined);
    } finally {
      await runner.stop();
    }
  });
});

/**
 * order_items and order_shipments are inline too, though an order owns many of their rows: an
 * order's command writes the items and shipments it changes with its append.
 */
describe("an inline projection of an aggregate's many rows: an order's items and shipments", function () {
  this.timeout(120_000);
  let db: Database;
  let deps: OrderDeps;
  const ctx = { userId: 'system:test', correlationId: 'inline-order-test' };
  const vendor = { vendor_id: 7, source: 'vendor' as const };

  before(async () => {
    db = await testDatabase();
    await migrate(db.knex);
    registerInlineProjections([orderDetail, shipmentStatus]);
    deps = { clock: systemClock, store: new PostgresEventStore(db), db: db.knex };
  });

  const items = async (orderId: number) =>
    sql<{ id: number; status: string; shipped_quantity: number; stream_version: number }>(
      db.knex,
      'SELECT id, status, shipped_quantity, stream_version FROM order_items WHERE order_id = $1 ORDER BY id',
      [orderId],
    );
  const shipments = async (orderId: number) =>
    sql<{ item_id: number; quantity: number; shipped_quantity: number }>(
      db.knex,
      'SELECT item_id, quantity, shipped_quantity FROM order_shipments WHERE order_id = $1 ORDER BY shipped_quantity',
      [orderId],
    );

  /**
   * An imported order of two items (3 units and 1), both confirmed: the import (version 1), the
   * first item (2), the order (3, its first confirmed item confirms it), the second item (4).
   */
  async function confirmedOrder(): Promise<{ orderId: number; first: number; second: number }> {
    const orderId = 900_000 + Math.floor(Math.random() * 1_000_000);
    const [first, second] = [orderId * 10 + 1, orderId * 10 + 2];
    const order = { ...anOrder([item(first, 3), item(second)]), order_id: orderId, external_order_id: `ext-${orderId}` };
    await runOrderCommand(deps, orderId, { type: 'ImportOrder', data: { order, unmatched: [], at: new Date().toISOString() } }, ctx);
    for (const itemId of [first, second])
      await runOrderCommand(
        deps,
        orderId,
        { type: 'ConfirmOrderItem', data: { ...vendor, item_id: itemId, at: new Date().toISOString() } },
        ctx,
      );
    return { orderId, first, second };
  }

  it('each item and each shipment is in its table as soon as the command returns, no projection running', async () => {
    const { orderId, first, second } = await confirmedOrder();
    expect(await items(orderId)).to.deep.equal([
      { id: first, status: 'confirmed', shipped_quantity: 0, stream_version: 2 },
      { id: second, status: 'confirmed', shipped_quantity: 0, stream_version: 4 },
    ]);
    const done = await shipOrderItem(deps, orderId, 7, first, 2, ctx);
    expect(done.inlined).to.have.members(['order_items', 'order_shipments']);
    // The item shipped moves to the shipment's version; the other keeps its own.
    expect(await items(orderId)).to.deep.equal([
      { id: first, status: 'confirmed', shipped_quantity: 2, stream_version: done.version - 1 },
      { id: second, status: 'confirmed', shipped_quantity: 0, stream_version: 4 },
    ]);
    expect(await shipments(orderId)).to.deep.equal([{ item_id: first, quantity: 2, shipped_quantity: 2 }]);
  });

  it('folds them from the whole stream when the command finds the order outside the aggregate cache', async () => {
    const { orderId, first } = await confirmedOrder();
    await shipOrderItem(deps, orderId, 7, first, 1, ctx);
    aggregateCache(deps.store).forget(`order-${orderId}`);
    await shipOrderItem(deps, orderId, 7, first, 2, ctx);
    expect((await items(orderId))[0]).to.include({ id: first, shipped_quantity: 3 });
    expect(await shipments(orderId)).to.deep.equal([
      { item_id: first, quantity: 1, shipped_quantity: 1 },
      { item_id: first, quantity: 2, shipped_quantity: 3 },
    ]);
  });

  it('the projections, running behind on the feed, leave the rows they find newer as they are and add no shipment twice', async () => {
    const { orderId, first } = await confirmedOrder();
    await shipOrderItem(deps, orderId, 7, first, 1, ctx);
    await shipOrderItem(deps, orderId, 7, first, 1, ctx);
    const before = { items: await items(orderId), shipments: await shipments(orderId) };
    const events = await deps.store.readStream(`order-${orderId}`);
    // Each event again, one batch at a time, as projections far behind would fold them.
    for (const e of events) {
      if (orderDetail.eventTypes.includes(e.type)) await db.knex.transaction((trx) => orderDetail.apply(trx, [e]));
      if (shipmentStatus.eventTypes.includes(e.type)) await db.knex.transaction((trx) => shipmentStatus.apply(trx, [e]));
    }
    expect({ items: await items(orderId), shipments: await shipments(orderId) }).to.deep.equal(before);
    expect(before.items[0]).to.include({ shipped_quantity: 2 });
  });
});
