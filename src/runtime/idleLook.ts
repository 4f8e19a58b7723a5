import type { Knex } from 'knex';
import { comparePositions, type EventStore, type Position } from '../eventstore/port.ts';
import { readCheckpoint } from './checkpoints.ts';
import type { Consumer } from './consumer.ts';

/**
 * How far the feed may run past an idle consumer's stored checkpoint before its look runs a batch
 * anyway, so the checkpoint follows: a batch reads from the stored checkpoint, and the feed
 * statement filters the types on the events it passes.
 */
const LOOK_BEHIND_POSITIONS = 20_000n;

/**
 * An idle consumer's look at the store, outside a transaction: two statements where a batch is a
 * transaction of five. Answers the feed's head when no event of the consumer's types lies past
 * `position` and its stored checkpoint is still `known` (where its last batch in this process left
 * it); the consumer may then move to that head, and its stored checkpoint follows with its next
 * batch. Null, and the consumer runs a batch, on anything else (a rebuild set the checkpoint back,
 * another instance moved it, a read failed).
 */
export async function idleLook(
  knex: Knex,
  store: EventStore,
  consumer: Consumer,
  position: Position,
  known: Position,
): Promise<Position | null> {
  try {
    const [stored, feed] = await Promise.all([
      readCheckpoint(knex, consumer.name),
      store.readFeed(position, { limit: 1, types: consumer.eventTypes }),
    ]);
    if (feed.events.length > 0 || comparePositions(stored, known) !== 0) return null;
    if (BigInt(feed.next.b) - BigInt(stored.b) >= LOOK_BEHIND_POSITIONS) return null;
    return feed.next;
  } catch {
    return null;
  }
}
