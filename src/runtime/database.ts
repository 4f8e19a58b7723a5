import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { join } from 'node:path';
import { lockDataDir } from './dataDirLock.ts';

/**
 * The database behind the event store and the read models: a PostgreSQL server when
 * DATABASE_URL is set, otherwise embedded PGlite (ARCHITECTURE.md "Storage and configuration").
 * Everything goes through one knex instance. On PGlite that instance has exactly one connection,
 * so code inside a transaction must use the transaction object, never the root knex.
 */
export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly knex: Knex;
  /**
   * The connections of the consumers (projections, process managers). On a server they are a
   * pool of their own: in one pool, a consumer batch queued behind every request's queries,
   * while the requests waited for that batch (read-your-writes), and under load the
   * read-your-writes wait grew to most of a command's time (measured: 86 of 140 ms at 32
   * connections). On PGlite it is the one connection there is.
   */
  readonly consumerKnex: Knex;
  close(): Promise<void>;
}

/** A knex instance or a knex transaction: everything that runs SQL takes one of these. */
export type Executor = Knex | Knex.Transaction;

// bigint (int8) and numeric come back as strings from node-postgres; ids that fit are parsed
// where they are read. Keep PGlite identical (see openPglite).
pg.types.setTypeParser(20, (v) => v);

export interface DatabaseOptions {
  url?: string;
  /** Folder of the embedded database; absent = in memory. */
  dataDir?: string;
  /** Connections for requests (default 10). */
  poolMax?: number;
  /** Connections for the consumers (default 4). */
  consumerPoolMax?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolMax ?? 10, options.consumerPoolMax ?? 4) : openPglite(options.dataDir);
}

function openPostgres(url: string, poolMax: number, consumerPoolMax: number): Database {
  const knex = pgKnex(url, poolMax);
  const consumerKnex = pgKnex(url, consumerPoolMax);
  return {
    kind: 'postgres',
    knex,
    consumerKnex,
    close: async () => {
      await consumerKnex.destroy();
      await knex.destroy();
    },
  };
}

function pgKnex(url: string, poolMax: number): Knex {
  return knexFactory({
    client: 'pg',
    connection: url,
    pool: {
      min: 0,
      max: poolMax,
      // A transaction left open holds back every projector (the xmin horizon): cap it.
      afterCreate(conn: pg.Client, done: (err: Error | null, conn: pg.Client) => void) {
        conn.query("SET idle_in_transaction_session_timeout = '60s'", (err) => done(err ?? null, conn));
      },
    },
  });
}

async function openPglite(dataDir?: string): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, ClientPgLite] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    // CommonJS: its class is the default export, or the module itself where a loader hands that out.
    import('knex-pglite').then((m) => m.default ?? m),
  ]);
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const identity = (v: string) => v;
  const pglite = await PGlite.create(dataDir ? join(dataDir, 'pglite') : 'memory://', {
    // Same shapes as node-postgres: int8 and numeric as strings, timestamps as Date.
    parsers: { 20: identity, 1700: identity },
    // Trigram indexes for substring search (ILIKE '%…%'), as on the server (pg_trgm is contrib).
    extensions: { pg_trgm },
  });
  const knex = knexFactory({ client: ClientPgLite, connection: () => ({ pglite }) } as Knex.Config);
  return {
    kind: 'pglite',
    knex,
    consumerKnex: knex,
    close: async () => {
      await knex.destroy();
      if (!pglite.closed) await pglite.close();
      unlock();
    },
  };
}

/** A table, index or column name of ours, checked and double-quoted for SQL text. */
export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name.length > 63) throw new Error(`not an identifier: ${name}`);
  return `"${name}"`;
}

/** PostgreSQL's unique_violation (23505). */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}

/**
 * Runs one SQL statement with native `$n` parameters on the executor's own connection (the
 * transaction's when given one). Hot paths use this rather than the query builder.
 *
 * `name` makes it a named prepared statement on a PostgreSQL server: parsed and planned once per
 * connection instead of on every call. The benchmark measured the event-store append at about
 * 1.7 times the throughput that way (planning cost more than executing the one-row insert). Give
 * a name only to a constant text (one name, one text); PGlite ignores it.
 *
 * `T` is the row the statement selects, as the driver gives it (int8 and numeric as text, times
 * as Date): the caller names it, or reads each column as unknown.
 */
export async function sql<T = Record<string, unknown>>(db: Executor, text: string, params: unknown[] = [], name?: string): Promise<T[]> {
  const client = clientOf(db);
  const conn = await client.acquireConnection();
  try {
    return await queryOn<T>(conn, text, params, name);
  } finally {
    await client.releaseConnection(conn);
  }
}

/**
 * Like `sql`, each row as an array of its columns in order: no object per row on node-postgres
 * (a feed read of millions of events, src/eventstore/postgres.ts).
 */
export async function sqlArrays(db: Executor, text: string, params: unknown[], name: string): Promise<unknown[][]> {
  const client = clientOf(db);
  const conn = await client.acquireConnection();
  try {
    if (conn instanceof pg.Client) return (await conn.query<unknown[]>({ name, text, values: params, rowMode: 'array' })).rows;
    return (await conn.query<Record<string, unknown>>(text, params)).rows.map((r) => Object.values(r));
  } finally {
    await client.releaseConnection(conn);
  }
}

/**
 * A connection of the pool: node-postgres's Client on a server, the PGlite instance itself when
 * embedded (knex-pglite hands it out as its one connection).
 */
export type Connection = pg.Client | PGlite;

/** knex's client of an executor (the transaction's own when given one): its configuration and connections. */
export interface ExecutorClient {
  readonly config: Knex.Config;
  acquireConnection(): Promise<Connection>;
  releaseConnection(conn: Connection): Promise<void>;
}

export function clientOf(db: Executor): ExecutorClient {
  // knex types its client `any`; its connections are those of openPostgres or openPglite.
  return db.client as ExecutorClient;
}

/** `sql` on a connection already held (a session lock's, src/runtime/rebuildLock.ts). */
export async function queryOn<T = Record<string, unknown>>(
  conn: Connection,
  text: string,
  params: unknown[] = [],
  name?: string,
): Promise<T[]> {
  if (!(conn instanceof pg.Client)) return (await conn.query<T>(text, params)).rows;
  const result = name ? await conn.query({ name, text, values: params }) : await conn.query(text, params);
  // node-postgres types a row `any`: `T` is the row the caller's statement selects.
  return result.rows as T[];
}
