import type { Knex } from 'knex';
import { type Position, START } from '../eventstore/port.ts';
import type { Consumer } from './consumer.ts';
import { sql } from './database.ts';

/** The advisory lock namespace of consumers (2: scheduled tasks, 3: rebuilds). */
export const LOCK_CLASS = 1;

/**
 * Consumer checkpoints (ARCHITECTURE.md "Read side"): the pair (transaction id, position) per
 * consumer in consumer_checkpoints, written in the transaction of the batch it covers.
 */
export async function readCheckpoint(db: Knex | Knex.Transaction, name: string): Promise<Position> {
  const [row] = await sql<Position>(
    db,
    'SELECT pos_a::text AS a, pos_b::text AS b FROM consumer_checkpoints WHERE name = $1',
    [name],
    'cr_checkpoint',
  );
  return row ? { a: row.a, b: row.b } : START;
}

/**
 * Compare-and-set: a stale leader (or a concurrent rebuild) fails here and rolls back.
 *
 * `durable: false` (a projection's batch): the transaction then commits without waiting for its
 * WAL to reach the disk (synchronous_commit off for that transaction only). Its rows and its
 * checkpoint derive from events that are durable already, and a crash can only lose the last
 * batches whole, rows and checkpoint together, which the projection then applies again. The
 * commit was the longest statement of a batch (measured under the ShipItem load: 0.65 ms on
 * average, most of it the disk flush), and read-your-writes waits on it. A process manager's
 * batch appends events and records side effects: it stays durable.
 */
export async function writeCheckpoint(
  trx: Knex.Transaction,
  name: string,
  from: Position,
  to: Position,
  options: { durable?: boolean } = {},
): Promise<void> {
  const durable = options.durable ?? true;
  const rows = await sql(
    trx,
    `INSERT INTO consumer_checkpoints AS c (name, pos_a, pos_b) VALUES ($1, $4, $5)
    ON CONFLICT (name) DO UPDATE SET pos_a = $4, pos_b = $5, updated_at = now()
      WHERE c.pos_a = $2::numeric AND c.pos_b = $3::numeric
    RETURNING 1 AS ok${durable ? '' : `, set_config('synchronous_commit', 'off', true) AS sync`}`,
    [name, from.a, from.b, to.a, to.b],
    durable ? 'cr_checkpoint_cas' : 'cr_checkpoint_cas_async',
  );
  if (rows.length !== 1) throw new CheckpointMovedError(`checkpoint of ${name} moved under this batch; retrying`);
}

export class CheckpointMovedError extends Error {}

/**
 * The consumer's advisory transaction lock (one instance at a time) and its checkpoint.
 * A projection reads both in one statement: the checkpoint then comes from the statement's
 * snapshot, taken just before the lock, so a batch another instance committed in between is
 * not seen — and the compare-and-set of the checkpoint rolls this batch back (no harm: a
 * projection's writes are all in the transaction). A process manager may have called out of
 * the database, so it reads its checkpoint only once it holds the lock.
 */
export async function lockAndReadCheckpoint(trx: Knex.Transaction, consumer: Consumer): Promise<{ ok: boolean; current: Position }> {
  if (consumer.kind === 'projection') {
    const [row] = await sql<{ ok: boolean; a: string | null; b: string }>(
      trx,
      `SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS ok, c.pos_a::text AS a, c.pos_b::text AS b
      FROM (SELECT 1) one LEFT JOIN consumer_checkpoints c ON c.name = $2`,
      [LOCK_CLASS, consumer.name],
      'cr_lock_checkpoint',
    );
    return { ok: row.ok, current: row.a === null ? START : { a: row.a, b: row.b } };
  }
  const [lock] = await sql<{ ok: boolean }>(
    trx,
    'SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS ok',
    [LOCK_CLASS, consumer.name],
    'cr_lock',
  );
  return { ok: lock.ok, current: await readCheckpoint(trx, consumer.name) };
}
