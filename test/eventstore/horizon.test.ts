import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { START } from '../../src/eventstore/port.ts';
import { openDatabase, type Database } from '../../src/runtime/database.ts';
import { migrate } from '../../src/runtime/migrate.ts';
import { freshPostgresDatabase, requirePostgres } from '../support/database.ts';

/**
 * The feed's horizon on a shared PostgreSQL server (migrations/2026112110_feed_horizon.ts): a
 * transaction open in another database of the server does not hold this database's feed back;
 * one open in this database still does (it may append an event below the ones committed since).
 */
describe('event store feed horizon on a shared server', function () {
  let db: Database;
  let store: PostgresEventStore;
  let serverUrl: string;
  let dbUrl: string;
  let drop: () => Promise<void>;
  const open: pg.Client[] = [];

  before(async function () {
    const server = await requirePostgres(this, 'PGlite has one database and one connection');
    serverUrl = server;
    ({ url: dbUrl, drop } = await freshPostgresDatabase(server));
    db = await openDatabase({ url: dbUrl, poolMax: 4 });
    await migrate(db.knex);
    store = new PostgresEventStore(db);
  });
  afterEach(async () => {
    for (const c of open.splice(0)) await c.end().catch(() => {});
  });
  after(async () => {
    await store?.close();
    await db?.close();
    await drop?.();
  });

  /** A transaction holding a transaction id, left open, in the database at `url`. */
  async function openTransaction(url: string): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    open.push(c);
    await c.query('BEGIN');
    await c.query('SELECT pg_current_xact_id()');
    return c;
  }

  const append = (stream: string) => store.append(stream, [{ id: randomUUID(), type: 'HorizonProbed', data: {} }], { expected: 'any' });
  const feedStreams = async () => (await store.readFeed(START, { limit: 100, types: ['HorizonProbed'] })).events.map((e) => e.stream);

  it('shows an event committed after a transaction that is still open in another database', async () => {
    await openTransaction(serverUrl);
    await append('probe-1');
    expect(await feedStreams()).to.deep.equal(['probe-1']);
  });

  it('hides an event committed after a transaction still open in this database, until that one ends', async () => {
    const older = await openTransaction(dbUrl);
    await append('probe-2');
    expect(await feedStreams(), 'while the older transaction is open').to.deep.equal(['probe-1']);
    await older.query(
      "INSERT INTO events (event_id, stream_id, version, type, data, metadata) VALUES ($1, 'probe-late', 1, 'HorizonProbed', '{}', '{}')",
      [randomUUID()],
    );
    await older.query('COMMIT');
    // The late event sorts before probe-2 (its transaction id is older): a reader never skipped it.
    expect(await feedStreams()).to.deep.equal(['probe-1', 'probe-late', 'probe-2']);
  });
});
