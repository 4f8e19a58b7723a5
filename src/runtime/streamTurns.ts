import type { EventStore } from '../eventstore/port.ts';

/** Per event store (one instance's), the turn taken last on each stream: it ends when its holder is done. */
const turns = new WeakMap<EventStore, Map<string, Promise<void>>>();

/**
 * Runs `decide` once this instance's earlier decisions on any of `streams` are done: the
 * decisions of one instance on the same streams go one after another, each on the state the one
 * before left. A decision that spans several streams (an order and the stock of each of its lines)
 * is otherwise decided on a cached state that a concurrent decision of this very instance is about
 * to change, and loses its append to it; across instances the expected version still decides.
 *
 * A turn is taken at once on every stream it names, behind the turns taken before it, so a wait
 * is always on an earlier turn and two turns never wait for each other.
 */
export async function inTurn<T>(store: EventStore, streams: readonly string[], decide: () => Promise<T>): Promise<T> {
  let held = turns.get(store);
  if (!held) turns.set(store, (held = new Map<string, Promise<void>>()));
  const before = streams.map((s) => held.get(s)).filter((p): p is Promise<void> => p !== undefined);
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  for (const s of streams) held.set(s, mine);
  try {
    await Promise.all(before);
    return await decide();
  } finally {
    done();
    for (const s of streams) if (held.get(s) === mine) held.delete(s);
  }
}
