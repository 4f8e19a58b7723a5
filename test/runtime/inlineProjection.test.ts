import { expect } from 'chai';
import { changeUserProfile, createUser, deleteUser, type UserDeps } from '../../commands/users/handlers.ts';
import type { DomainEvent } from '../../src/core/decider.ts';
import type { Handled } from '../../src/runtime/commandHandler.ts';
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
