import type { Knex } from 'knex';
import { type Position, START } from '../eventstore/port.ts';
import { sql } from './database.ts';

/**
 * Consumer checkpoints (ARCHITECTURE.md "Read side"): the pair (transaction id, position) per
 * consumer in consumer_checkpoints, written in the transaction of the batch it covers.
 */
export async function readCheckpoint(db: Knex | Knex.Transaction, name: string): Promise<Position> {
  const [row] = await sql(db, 'SELECT pos_a::text AS a, pos_b::text AS b FROM consumer_checkpoints WHERE name = $1', [name], 'cr_checkpoint');
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
export async function writeCheckpoint(trx: Knex.Transaction, name: string, from: Position, to: Position, options: { durable?: boolean } = {}): Promise<void> {
  const durable = options.durable ?? true;
  const rows = await sql(trx, `INSERT INTO consumer_checkpoints AS c (name, pos_a, pos_b) VALUES ($1, $4, $5)
    ON CONFLICT (name) DO UPDATE SET pos_a = $4, pos_b = $5, updated_at = now()
      WHERE c.pos_a = $2::numeric AND c.pos_b = $3::numeric
    RETURNING 1 AS ok${durable ? '' : `, set_config('synchronous_commit', 'off', true) AS sync`}`,
  [name, from.a, from.b, to.a, to.b], durable ? 'cr_checkpoint_cas' : 'cr_checkpoint_cas_async');
  if (rows.length !== 1) throw new CheckpointMovedError(`checkpoint of ${name} moved under this batch; retrying`);
}

export class CheckpointMovedError extends Error {}
