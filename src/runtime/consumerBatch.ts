/**
 * One batch of a consumer, inside the runner's transaction: read its checkpoint (or take its lock
 * with the feed statement), read the feed after it, apply the events (a projection all at once, a
 * process manager one by one for a bounded time) and move the checkpoint. The runner that
 * schedules the batches, retries them and reports progress is src/runtime/consumerRunner.ts.
 */
import type { Knex } from 'knex';
import { comparePositions, type EventStore, type Position } from '../eventstore/port.ts';
import { LOCK_CLASS, lockAndReadCheckpoint, writeCheckpoint } from './checkpoints.ts';
import { processContext } from './processContext.ts';
import type { Consumer } from './consumer.ts';

/**
 * A batch without events of the consumer's types still moves its checkpoint to the head (so the
 * next read does not scan the same events again), but writing that takes a transaction id, and
 * while any transaction with an id is open the feed's horizon stands still for every consumer.
 * Dozens of idle consumers polling a busy store held it back most of the time (measured: the
 * read-your-writes wait of a command grew to tens of ms). So a move without events is written
 * only once it skips this many positions, or this long after the consumer's last write; until
 * then the next read starts a little further back and finds the same nothing.
 */
const SKIP_WRITE_POSITIONS = 2000n;
const SKIP_WRITE_MS = 5000;
/**
 * A process manager's batch commits once it has worked this long (its commands append in the
 * batch's transaction): from its first write until its commit, that transaction holds back the
 * feed's horizon for every consumer, and a read-your-writes wait stands behind it (measured: a
 * batch of six shipments held it for 30 ms under load).
 */
const PROCESS_BATCH_MS = 10;

/**
 * How many events a consumer's batch reads: one while a refused batch is applied event by event
 * (`narrowed`), else its own batch size (1,000 for a projection, 100 for a process manager). A
 * process manager whose last batch ran out of time after `lastCut` events reads twice that many:
 * it read a hundred and handled a few before, then read most of them again in the next batch
 * (measured under shop orders: 42 feed rows read per order placed, for about ten events).
 */
export function batchLimit(consumer: Consumer, narrowed: boolean, lastCut: number | undefined): number {
  if (narrowed) return 1;
  const size = consumer.batchSize ?? (consumer.kind === 'projection' ? 1000 : 100);
  return lastCut === undefined ? size : Math.min(size, Math.max(8, 2 * lastCut));
}

/**
 * Applies one batch of `consumer` in `trx`, from `stored` (the checkpoint this process's last batch
 * left: the lock is taken in the feed statement) or else from the checkpoint it reads and locks.
 * `lastWrite` holds when each consumer last wrote its checkpoint (performance.now()); `onApplying`
 * hears how many events the batch applies and where it ends, before it applies them.
 */
export async function applyBatch(
  trx: Knex.Transaction,
  store: EventStore,
  consumer: Consumer,
  stored: Position | undefined,
  limit: number,
  lastWrite: Map<string, number>,
  onApplying: (applying: { count: number; next: Position }) => void,
) {
  let current: Position;
  let batch: Awaited<ReturnType<EventStore['readFeed']>>;
  if (stored) {
    current = stored;
    batch = await store.readFeed(current, { limit, types: consumer.eventTypes, tx: trx, lock: { space: LOCK_CLASS, key: consumer.name } });
    if (batch.locked === false) return { busy: true as const, current };
  } else {
    const lock = await lockAndReadCheckpoint(trx, consumer);
    current = lock.current;
    if (!lock.ok) return { busy: true as const, current };
    batch = await store.readFeed(current, { limit, types: consumer.eventTypes, tx: trx });
  }
  let next = batch.next;
  let count = batch.events.length;
  onApplying({ count, next });
  if (consumer.kind === 'projection' && count > 0) await consumer.apply(trx, batch.events);
  if (consumer.kind === 'process' && count > 0) {
    const started = performance.now();
    for (let i = 0; i < batch.events.length; i++) {
      await consumer.handle(batch.events[i], processContext(trx, store, consumer.name));
      if (i + 1 < batch.events.length && performance.now() - started >= PROCESS_BATCH_MS) {
        // Commit what is done; the rest is the next batch, read at once.
        count = i + 1;
        next = batch.events[i].position;
        break;
      }
    }
  }
  let checkpoint = current;
  if (comparePositions(next, current) > 0 && (count > 0 || skipIsWorthWriting(lastWrite, consumer.name, current, next))) {
    await writeCheckpoint(trx, consumer.name, current, next, { durable: consumer.kind !== 'projection' });
    lastWrite.set(consumer.name, performance.now());
    checkpoint = next;
  }
  const cut = count < batch.events.length;
  return { busy: false as const, current: next, checkpoint, count, full: count === limit || cut, cut };
}

function skipIsWorthWriting(lastWrite: Map<string, number>, name: string, from: Position, to: Position): boolean {
  if (BigInt(to.b) - BigInt(from.b) >= SKIP_WRITE_POSITIONS) return true;
  return performance.now() - (lastWrite.get(name) ?? 0) >= SKIP_WRITE_MS;
}
