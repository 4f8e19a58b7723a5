import type { Command, Decider, DomainEvent } from '../core/decider.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';
import type { EventStore, StoreTx } from '../eventstore/port.ts';
import { aggregateCache, type CachedAggregate } from './aggregateCache.ts';
import { foldStream, inlineProjectionsOf } from './inlineProjection.ts';

/**
 * The aggregate's state as its stream holds it now, for a read that must not rest on a state that
 * may be stale (what a shopper's cart, the product and its stock say at checkout): the same answer
 * as `load`, read from where the aggregate cache left the stream. One statement reads the events
 * after the cached version (usually none), not the whole stream, so the read costs what is new,
 * not what the stream has gathered: a best-selling product's stock holds an event per order.
 *
 * The state found is cached for the next reader and command. An aggregate whose appends write
 * inline read models (src/runtime/inlineProjection.ts) is cached with its rows folded from the
 * whole stream, so only a first read (all of its events at hand) caches it.
 */
export async function current<S, C extends Command, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  id: string | number,
  tx?: StoreTx,
): Promise<{ state: S; version: number }> {
  const stream = `${decider.aggregate}-${id}`;
  const cache = aggregateCache(store);
  const base = cache.get(stream, tx) as (CachedAggregate & { state: S }) | undefined;
  const from = base?.version ?? 0;
  const events = await store.readStream(stream, { fromVersion: from + 1, tx });
  if (events.length === 0) return base ? { state: base.state, version: base.version } : { state: decider.initialState(), version: 0 };
  const state = events.reduce((s, e) => decider.evolve(s, domainEvent<E>(e)), base ? base.state : decider.initialState());
  const version = events[events.length - 1].version;
  const inline = inlineProjectionsOf(store, decider.aggregate);
  if (inline.length === 0) cache.set(stream, { state, version }, tx);
  else if (!base) cache.set(stream, { state, version, inline: foldStream(inline, stream, events) }, tx);
  return { state, version };
}
