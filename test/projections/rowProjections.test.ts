import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pino from 'pino';
import { rebuildTargets, targetAmount, type History } from '../../bench/support/generators/index.ts';
import { consumers } from '../../src/modules/index.ts';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { ConsumerRunner } from '../../src/runtime/consumerRunner.ts';
import { openDatabase, sql, type Database } from '../../src/runtime/database.ts';
import { migrate } from '../../src/runtime/migrate.ts';
import { rebuildProjection, type RebuildOptions } from '../../src/runtime/rebuild.ts';
import { isRowProjection, type RowProjection } from '../../src/runtime/rowProjection.ts';
import { rowStatements } from '../../src/runtime/rowStatements.ts';
import { freshPostgresDatabase } from '../support/database.ts';

const silent = pino({ level: 'silent' });
const rowProjections = consumers.filter((c): c is RowProjection => c.kind === 'projection' && isRowProjection(c));

/** Many small windows, rows forgotten between them and read back: every path of the folded rebuild. */
const TINY: RebuildOptions = { readLimit: 50, windowEvents: 120, windowRows: 40, cachedRows: 30 };

/**
 * Row projections (src/runtime/rowProjection.ts) fold batches in memory; the rebuild folds
 * windows of many batches and keeps rows across them (src/runtime/rebuild.ts). Both must give
 * exactly the rows of the live runner, whatever the batch and window sizes: here over the
 * benchmark's histories (bench/support/generators/: orders, vendor products and users written
 * by the areas' deciders), in a database of their own.
 */
describe('row projections: rebuilt in windows, applied live in batches of any size, the same rows', function () {
  this.timeout(600_000);
  let db: Database;
  let store: PostgresEventStore;
  let drop: (() => Promise<void>) | null = null;

  before(async () => {
    const server = process.env.TEST_DATABASE_URL;
    if (server) {
      const fresh = await freshPostgresDatabase(server);
      drop = fresh.drop;
      db = await openDatabase({ url: fresh.url, poolMax: 6 });
    } else {
      db = await openDatabase({});
    }
    await migrate(db.knex);
    store = new PostgresEventStore(db);
    const histories = [...new Set(rebuildTargets.filter((t) => isRowProjection(t.projection)).map((t) => t.history))];
    for (const history of histories) await history.generate(store, db.knex, enough(history, 500), undefined, 1 / 20);
    // Text that COPY must escape (tab, newline, carriage return, backslash, a literal \N) and JSON in a jsonb column.
    const odd = 'Tab\there\nnew line\r \\ back "quoted" \\N ü €';
    await store.append(
      'user-920001',
      [
        {
          id: randomUUID(),
          type: 'UserCreated',
          data: {
            user_id: 920001,
            role: 'vendor',
            email: 'odd@rows.test',
            username: 'odd\\user',
            first_name: odd,
            last_name: '\\N',
            preferred_language: 'fr',
            must_change_password: false,
            password_hash: 'x',
            created_at: '2026-01-01T00:00:00.000Z',
          },
        },
      ],
      { expected: 'no_stream' },
    );
    await store.append(
      'vendor_product-920001',
      [
        {
          id: randomUUID(),
          type: 'VendorProductCreated',
          data: {
            product_id: 920001,
            vendor_id: 1,
            is_placeholder: false,
            source_marketplace_product_id: null,
            vendor_sku: odd,
            gtin: null,
            gtin_type: null,
            marketplace: null,
            brand: null,
            image_link: null,
            product_type_raw: null,
            is_digital: false,
            is_active: true,
            translations: { en: { title: odd, description: '\\N', short_description: null } },
            price_cents: 100,
            sale_price_cents: null,
            cost_cents: null,
            tax_rate_bp: 1700,
            currency: 'EUR',
            created_at: '2026-01-01T00:00:00.000Z',
          },
        },
      ],
      { expected: 'no_stream' },
    );
  });

  after(async () => {
    await store?.close();
    await db?.close();
    await drop?.();
  });

  const enough = (history: History, min: number) => (counts: Parameters<typeof targetAmount>[1]) =>
    rebuildTargets.filter((t) => t.history === history).every((t) => targetAmount(t, counts) >= min);

  const rows = async (table: string): Promise<string[]> =>
    (await sql<{ r: string }>(db.knex, `SELECT to_jsonb(t)::text AS r FROM "${table}" t ORDER BY 1`)).map((r: { r: string }) => r.r);

  const live = async (projection: RowProjection, batchSize?: number): Promise<string[]> => {
    const p = { ...projection, batchSize };
    await db.knex.transaction(async (trx) => {
      await sql(trx, `TRUNCATE TABLE "${p.fold.table}"`);
      await sql(trx, 'DELETE FROM consumer_checkpoints WHERE name = $1', [p.name]);
    });
    await new ConsumerRunner(db.knex, store, [p], silent).catchUp(p);
    return rows(p.fold.table);
  };

  it('keeps text COPY must escape as it was (a rebuild on a server writes new rows with COPY)', async () => {
    const userList = rowProjections.find((p) => p.name === 'user_list')!;
    const products = rowProjections.find((p) => p.name === 'vendor_product_list')!;
    await rebuildProjection(db.knex, store, userList, silent);
    await rebuildProjection(db.knex, store, products, silent);
    const [user] = await sql(db.knex, 'SELECT username, first_name, last_name FROM user_list WHERE id = 920001');
    expect(user).to.deep.equal({ username: 'odd\\user', first_name: 'Tab\there\nnew line\r \\ back "quoted" \\N ü €', last_name: '\\N' });
    const [product] = await sql(db.knex, 'SELECT vendor_sku, translations FROM vendor_product_list WHERE id = 920001');
    expect(product.vendor_sku).to.equal(user.first_name);
    expect(product.translations).to.deep.equal({ en: { title: user.first_name, description: '\\N', short_description: null } });
  });

  it('every row projection names every column of its table (but the generated ones, which PostgreSQL computes)', async () => {
    expect(rowProjections.map((p) => p.name)).to.include.members([
      'user_list',
      'order_list',
      'order_items',
      'order_shipments',
      'order_item_exceptions',
      'extmarket_pushes',
      'vendor_product_list',
    ]);
    for (const { fold } of rowProjections) {
      const columns = (
        await sql<{ c: string }>(
          db.knex,
          `SELECT column_name AS c FROM information_schema.columns WHERE table_name = $1 AND is_generated = 'NEVER'`,
          [fold.table],
        )
      ).map((r: { c: string }) => r.c);
      const written = fold.insertOnly ? [...fold.columns] : [fold.key, ...fold.columns];
      expect([...written].sort(), fold.table).to.deep.equal([...columns].sort());
    }
  });

  for (const target of rebuildTargets.filter((t) => isRowProjection(t.projection))) {
    const projection = target.projection as RowProjection;
    it(`${projection.name}: live in batches of 200 and of 7, rebuilt in one window and in many tiny ones`, async () => {
      const [{ n }] = await sql<{ n: number }>(db.knex, 'SELECT count(*)::int AS n FROM events WHERE type = ANY($1)', [
        [...projection.eventTypes],
      ]);
      expect(n).to.be.greaterThan(400);
      const expected = await live(projection, 200);
      expect(expected.length).to.be.greaterThan(100);
      expect(await live(projection, 7), 'live, batches of 7').to.deep.equal(expected);
      expect(await rebuildProjection(db.knex, store, projection, silent)).to.equal(n);
      expect(await rows(projection.fold.table), 'rebuilt').to.deep.equal(expected);
      expect(await rebuildProjection(db.knex, store, projection, silent, undefined, TINY)).to.equal(n);
      expect(await rows(projection.fold.table), 'rebuilt in tiny windows').to.deep.equal(expected);
    });
  }

  it('two users who swap e-mails within a window: the unique index is built on the final rows, nothing is refused or replayed', async () => {
    const [a, b] = [910_001, 910_002];
    const created = (id: number, email: string) => ({
      id: randomUUID(),
      type: 'UserCreated',
      data: {
        user_id: id,
        role: 'vendor',
        email,
        username: `swap${id}`,
        first_name: 'S',
        last_name: 'W',
        preferred_language: 'en',
        must_change_password: false,
        password_hash: 'x',
        created_at: '2026-01-01T00:00:00.000Z',
      },
    });
    const changed = (id: number, email: string, at: string) => ({
      id: randomUUID(),
      type: 'UserProfileChanged',
      data: { user_id: id, changes: { email }, at },
    });
    const userList = rowProjections.find((p) => p.name === 'user_list')!;
    const before = await live(userList);
    const [{ n: earlier }] = await sql<{ n: number }>(db.knex, 'SELECT count(*)::int AS n FROM events WHERE type = ANY($1)', [
      [...userList.eventTypes],
    ]);
    await store.append(`user-${a}`, [created(a, 'x@swap.test')], { expected: 'no_stream' });
    await store.append(`user-${b}`, [created(b, 'y@swap.test')], { expected: 'no_stream' });
    await store.append(`user-${a}`, [changed(a, 't@swap.test', '2026-01-02T00:00:00.000Z')], { expected: 1 });
    await store.append(`user-${b}`, [changed(b, 'x@swap.test', '2026-01-03T00:00:00.000Z')], { expected: 1 });
    await store.append(`user-${a}`, [changed(a, 'y@swap.test', '2026-01-04T00:00:00.000Z')], { expected: 2 });
    // One window up to both creations, the next one with the three changes: written into the live
    // table in one statement, whichever row went first would take an e-mail the other still held.
    // The rebuild's shadow table gets its unique indexes once it holds the final rows.
    const first = earlier + 2;
    let refused = 0;
    const logger = Object.assign(Object.create(silent), {
      warn: () => {
        refused++;
      },
    });
    expect(
      await rebuildProjection(db.knex, store, userList, logger, undefined, {
        readLimit: first,
        windowEvents: first,
        windowRows: first,
        cachedRows: first,
      }),
    ).to.equal(earlier + 5);
    expect(refused, 'nothing refused').to.equal(0);
    const swapped = await sql(db.knex, 'SELECT id, email, updated_at FROM user_list WHERE id = ANY($1) ORDER BY id', [[a, b]]);
    expect(swapped.map((r: any) => [r.email, new Date(r.updated_at).toISOString()])).to.deep.equal([
      ['y@swap.test', '2026-01-04T00:00:00.000Z'],
      ['x@swap.test', '2026-01-03T00:00:00.000Z'],
    ]);
    const others = (
      await sql<{ r: string }>(db.knex, `SELECT to_jsonb(t)::text AS r FROM user_list t WHERE id <> ALL($1) ORDER BY 1`, [[a, b]])
    ).map((r: any) => r.r);
    expect(others).to.deep.equal(before);
  });

  it('the rebuilt table replaces the live one whole: the same indexes under the same names, no shadow left, the live rows served until the swap', async () => {
    const orderList = rowProjections.find((p) => p.name === 'order_list')!;
    const expected = await live(orderList);
    const indexes = () => sql(db.knex, `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'order_list' ORDER BY 1`);
    const before = await indexes();
    expect(before.length).to.be.greaterThan(1);
    let during = -1;
    // While the shadow is being filled, the live table still holds every row.
    const progress = () => {
      if (during < 0) during = 0;
    };
    const rebuilding = rebuildProjection(db.knex, store, orderList, silent, progress, TINY);
    for (let i = 0; i < 200 && during < 0; i++) await new Promise((r) => setTimeout(r, 5));
    if (during === 0) during = (await sql<{ n: number }>(db.knex, 'SELECT count(*)::int AS n FROM order_list'))[0].n;
    await rebuilding;
    expect(during, 'rows served during the rebuild').to.equal(expected.length);
    expect(await indexes()).to.deep.equal(before);
    expect(await sql(db.knex, `SELECT relname FROM pg_class WHERE relname LIKE 'rb\\_%'`)).to.deep.equal([]);
    expect(await rows('order_list')).to.deep.equal(expected);
  });

  it('a live batch a unique index refuses (two users swap e-mails) is applied again event by event, not retried for ever', async () => {
    const [a, b] = [910_011, 910_012];
    const created = (id: number, email: string) => ({
      id: randomUUID(),
      type: 'UserCreated',
      data: {
        user_id: id,
        role: 'vendor',
        email,
        username: `swap${id}`,
        first_name: 'S',
        last_name: 'W',
        preferred_language: 'en',
        must_change_password: false,
        password_hash: 'x',
        created_at: '2026-01-01T00:00:00.000Z',
      },
    });
    const changed = (id: number, email: string) => ({
      id: randomUUID(),
      type: 'UserProfileChanged',
      data: { user_id: id, changes: { email }, at: '2026-01-02T00:00:00.000Z' },
    });
    const userList = rowProjections.find((p) => p.name === 'user_list')!;
    await live(userList);
    await store.append(`user-${a}`, [created(a, 'p@swap.test')], { expected: 'no_stream' });
    await store.append(`user-${b}`, [created(b, 'q@swap.test')], { expected: 'no_stream' });
    await new ConsumerRunner(db.knex, store, [userList], silent).catchUp(userList);
    await store.append(`user-${a}`, [changed(a, 'tmp@swap.test')], { expected: 1 });
    await store.append(`user-${b}`, [changed(b, 'p@swap.test')], { expected: 1 });
    await store.append(`user-${a}`, [changed(a, 'q@swap.test')], { expected: 2 });
    let refused = 0;
    const logger = Object.assign(Object.create(silent), {
      warn: () => {
        refused++;
      },
    });
    // The three changes in one batch: folded, a's row takes q@ while b's stored row still holds it.
    await new ConsumerRunner(db.knex, store, [userList], logger).catchUp(userList);
    expect(refused, 'the batch was refused once').to.equal(1);
    const swapped = await sql(db.knex, 'SELECT email FROM user_list WHERE id = ANY($1) ORDER BY id', [[a, b]]);
    expect(swapped.map((r: any) => r.email)).to.deep.equal(['q@swap.test', 'p@swap.test']);
  });

  it("a shadow table's statements are not prepared: a prepared statement would outlive the shadow and keep its plan for the next one", () => {
    const fold = rowProjections.find((p) => p.name === 'vendor_product_list')!.fold;
    const live = rowStatements(fold);
    expect([live.load?.name, live.upsert.name, live.remove?.name]).to.deep.equal([
      'rp_load_vendor_product_list',
      'rp_upsert_vendor_product_list',
      'rp_delete_vendor_product_list',
    ]);
    const shadow = rowStatements(fold, 'rb_vendor_product_list');
    expect([shadow.load?.name, shadow.upsert.name, shadow.remove?.name]).to.deep.equal([undefined, undefined, undefined]);
  });

  it('a second rebuild of the same projection while one runs is refused, and the first completes', async () => {
    const userList = rowProjections.find((p) => p.name === 'user_list')!;
    const expected = await live(userList);
    const outcomes = await Promise.allSettled([
      rebuildProjection(db.knex, store, userList, silent),
      rebuildProjection(db.knex, store, userList, silent),
    ]);
    expect(outcomes.map((o) => o.status).sort()).to.deep.equal(['fulfilled', 'rejected']);
    // A server's rebuild lock is a session lock (any process); PGlite's data folder is one process's.
    const where = process.env.TEST_DATABASE_URL ? /already running \(another process or session\)/ : /already running \(in this process\)/;
    expect(String((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason)).to.match(where);
    expect(await rows('user_list')).to.deep.equal(expected);
  });

  it('a live runner applying batches during the rebuild: after the swap it goes on from where the shadow was built, to the same rows', async () => {
    const orderList = rowProjections.find((p) => p.name === 'order_list')!;
    const expected = await live(orderList);
    // The live runner starts from scratch too, and applies batches to the live table meanwhile.
    await db.knex.transaction(async (trx) => {
      await sql(trx, 'TRUNCATE TABLE order_list');
      await sql(trx, 'DELETE FROM consumer_checkpoints WHERE name = $1', [orderList.name]);
    });
    const small = { ...orderList, batchSize: 20 };
    const runner = new ConsumerRunner(db.knex, store, [small], silent);
    const rebuilding = rebuildProjection(db.knex, store, orderList, silent, undefined, { ...TINY, cachedRows: 1000 });
    runner.start();
    await rebuilding;
    await runner.stop();
    await runner.catchUp(small);
    expect(await rows('order_list')).to.deep.equal(expected);
  });
});
