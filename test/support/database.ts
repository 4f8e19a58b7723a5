import knexFactory from 'knex';
import { openDatabase, type Database } from '../../src/runtime/database.ts';
import { closeInRootHook } from './rootBoot.ts';

/**
 * One database per test process (PGlite takes ~2 s and ~700 MB to start: never one per file).
 * TEST_DATABASE_URL=postgres://…/postgres runs the suite on a PostgreSQL server instead: a fresh
 * database is created there for this run and dropped at the end.
 */
let shared: Promise<Database> | null = null;
let dropAfter: (() => Promise<void>) | null = null;

export function testDatabase(): Promise<Database> {
  return (shared ??= open());
}

/** A file that uses the database without the app starts it in the root hook: `bootInRootHook('the test database', testDatabase)`. */
closeInRootHook(closeTestDatabase);

async function open(): Promise<Database> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return openDatabase({});
  const { url, drop } = await freshPostgresDatabase(server);
  dropAfter = drop;
  return openDatabase({ url, poolMax: 20 });
}

/** Creates an empty database on the server of `serverUrl`; `drop` removes it. */
export async function freshPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `commerce_test_${Date.now()}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  await admin.destroy();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const k = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
      await k.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await k.destroy();
    },
  };
}

export async function closeTestDatabase(): Promise<void> {
  if (!shared) return;
  const db = await shared;
  shared = null;
  await db.close();
  await dropAfter?.();
}

/** A PostgreSQL server for tests that need one besides the suite's database, or null. */
/**
 * Tries the server three times, 10 s each, a second apart: in CI the PostgreSQL pass, the
 * reliability suite's service instances and this process share the server and two busy cores,
 * and one slow or refused connection (all of max_connections in use for a moment) is no absent
 * server. The last error is kept for the message.
 */
async function probePostgres(): Promise<{ url: string | null; error?: string }> {
  const url = process.env.TEST_DATABASE_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let error = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 1000));
    const k = knexFactory({
      client: 'pg',
      connection: { connectionString: url, connectionTimeoutMillis: 10_000 },
      pool: { min: 0, max: 1 },
    });
    try {
      await k.raw('SELECT 1');
      return { url };
    } catch (err) {
      error = (err as Error).message;
    } finally {
      await k.destroy();
    }
  }
  return { url: null, error };
}

/**
 * The PostgreSQL server a test needs besides the suite's database (other processes, other
 * connections, late commits). On a developer's machine without one the test is skipped, saying
 * why; where the server is required (REQUIRE_POSTGRES=1, which .ci/run sets once it has started
 * the server) its absence fails the test: a suite CI counts never passes by being skipped.
 */
export async function requirePostgres(test: Mocha.Context, why: string): Promise<string> {
  const { url: server, error } = await probePostgres();
  if (server) return server;
  if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`No PostgreSQL server reachable (${error}), yet it is required here (${why})`);
  console.log(`      skipped: no PostgreSQL server reachable (${why})`);
  return test.skip();
}
