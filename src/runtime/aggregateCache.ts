import type { EventStore, StoreTx } from '../eventstore/port.ts';
import type { StreamRows } from './inlineProjection.ts';

/**
 * The last known state of recently used aggregates, per event store (ARCHITECTURE.md "Write side":
 * loading a stream is the price of every command, and a hot stream — the stock of a best-selling
 * product, moved by every shipment — would otherwise be read in full on every command).
 *
 * It is an optimisation that correctness never depends on: a command decided on a cached state
 * appends with the cached version as its expected version, so a state that is stale (another
 * process appended meanwhile) fails the append, is forgotten, and the command is decided again
 * on a fresh load. A cached state that refuses a command or decides nothing is also reloaded
 * before the answer is given (commandHandler.ts), so no refusal rests on a stale state.
 *
 * Appends inside a caller's transaction are staged on that transaction and become the cached
 * state only when its owner reports the commit (`committed`); a rollback simply drops them.
 * Entries are kept in least-recently-used order, at most `max` of them.
 */
export interface CachedAggregate {
  state: unknown;
  version: number;
  /** The rows of the aggregate's inline read models at this version (src/runtime/inlineProjection.ts). */
  inline?: StreamRows;
}

export class AggregateCache {
  private readonly entries = new Map<string, CachedAggregate>();
  private readonly staged = new WeakMap<object, Map<string, CachedAggregate>>();

  constructor(public max: number) {}

  get(stream: string, tx?: StoreTx): CachedAggregate | undefined {
    if (tx) {
      const mine = this.staged.get(tx as object);
      if (mine?.has(stream)) return mine.get(stream);
    }
    const entry = this.entries.get(stream);
    if (entry) {
      this.entries.delete(stream);
      this.entries.set(stream, entry);
    }
    return entry;
  }

  set(stream: string, entry: CachedAggregate, tx?: StoreTx): void {
    if (this.max <= 0) return;
    if (process.env.NODE_ENV === 'test') deepFreeze(entry.state);
    if (tx) {
      let mine = this.staged.get(tx as object);
      if (!mine) this.staged.set(tx as object, (mine = new Map<string, CachedAggregate>()));
      mine.set(stream, entry);
      // Until the transaction commits, the committed state is the one before it: unknown here.
      this.entries.delete(stream);
      return;
    }
    this.entries.delete(stream);
    this.entries.set(stream, entry);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(stream: string, tx?: StoreTx): void {
    this.entries.delete(stream);
    if (tx) this.staged.get(tx as object)?.delete(stream);
  }

  /** The transaction committed: what its commands appended is now the cached state. */
  committed(tx: StoreTx): void {
    const mine = this.staged.get(tx as object);
    if (!mine) return;
    this.staged.delete(tx as object);
    for (const [stream, entry] of mine) this.set(stream, entry);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

export const DEFAULT_AGGREGATE_CACHE_SIZE = 5_000;
const caches = new WeakMap<EventStore, AggregateCache>();

/** The cache of one event store (two stores in one process, as in tests, never share states). */
export function aggregateCache(store: EventStore): AggregateCache {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new AggregateCache(DEFAULT_AGGREGATE_CACHE_SIZE)));
  return cache;
}

/**
 * Tests freeze every cached state: an `evolve` or `decide` that mutated a state shared between
 * requests would corrupt the cache, and fails loudly there instead.
 */
function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}
