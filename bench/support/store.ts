import { randomUUID } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import type { NewEvent } from '../../src/eventstore/port.ts';
import { APPEND_SQL, PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { openDatabase, type Database } from '../../src/runtime/database.ts';
import { migrate } from '../../src/runtime/migrate.ts';

export const silent = pino({ level: 'silent' });

/** The real stack as the service builds it: knex pool, migrations, the PostgreSQL adapter listening. */
export async function openStore(url: string, poolMax = 10): Promise<{ db: Database; store: PostgresEventStore; close(): Promise<void> }> {
  const db = await openDatabase({ url, poolMax });
  await migrate(db.knex);
  const store = new PostgresEventStore(db);
  await store.listen(url);
  return { db, store, close: async () => { await store.close(); await db.close(); } };
}

/** A bare node-postgres pool of the same size, for the baselines. */
export function barePool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {});
  return pool;
}

/** An event shaped like the service's: a few business fields and the command context's metadata. */
export function sampleEvent(type: string, i: number): NewEvent {
  return {
    id: randomUUID(),
    type,
    data: { order_id: i, item_id: i * 7 + 1, sku: `SKU-${i % 9973}`, quantity: 1 + (i % 5), at: new Date().toISOString() },
    metadata: { vendor_id: 1 + (i % 50), user_id: 1, correlation_id: randomUUID(), causation_id: undefined },
  };
}

/**
 * The baseline's table and statement: a copy of `events` (same columns, constraints and indexes)
 * and the adapter's very append statement pointed at it, so the bare node-postgres side differs
 * from the adapter only by the adapter's own code.
 */
export async function createBaselineEvents(pool: pg.Pool): Promise<string> {
  await pool.query('CREATE TABLE baseline_events (LIKE events INCLUDING ALL)');
  return APPEND_SQL.replace(/INTO events\b/, 'INTO baseline_events').replace(/FROM events\b/, 'FROM baseline_events');
}
