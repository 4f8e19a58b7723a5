import type { Command, Decider, DomainEvent } from '../core/decider.ts';
import { ConcurrencyException } from '../core/errors.ts';
import { deterministicId, newEventId } from '../core/ids.ts';
import { aggregateCache } from './aggregateCache.ts';
import {
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type RecordedEvent,
  type StoreTx,
  type StreamAppend,
  WrongExpectedVersionError,
} from '../eventstore/port.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';
import type { CommandContext } from './commandContext.ts';
import { foldStream, inlineProjectionsOf, inlineWrite, pendingEvent, type StreamRows } from './inlineProjection.ts';
import type { RowProjection } from './rowProjection.ts';

export type { CommandContext } from './commandContext.ts';
/** Deciding again after a lost race is part of handling a command: its callers import it from here. */
export { CONFLICT_ATTEMPTS, retryOnConflict, type ConflictPolicy } from './conflictRetry.ts';

export interface Handled<S, E extends DomainEvent> {
  state: S;
  events: E[];
  version: number;
  /** Where the events landed in the feed; absent when the decision produced no events. */
  position?: AppendResult['position'];
  eventTypes: string[];
  /** The projections whose rows the append wrote (inline): nothing waits for them to pass it. */
  inlined?: readonly string[];
}

/**
 * Another stream's append that goes into the statement of a command's own (EventStore.appendTogether):
 * stored together with the command's events or not at all. A quota's claim carries the products
 * it admits this way.
 */
export interface Companion {
  append: StreamAppend;
  /** Told where its events landed, once they are stored. */
  stored(result: AppendResult): void;
}

/**
 * Loads the aggregate, decides, and appends with the version it loaded (optimistic concurrency).
 * The state comes from the aggregate cache when it holds the stream (aggregateCache.ts): a
 * cached state that turns out stale fails the append and the command is decided once more on a
 * fresh load; a refusal or an empty decision on a cached state is checked on a fresh load too.
 * Only a conflict on a freshly loaded state reaches the caller (409).
 *
 * `along`, given the decision's events, names the appends of other streams that go with them
 * (Companion; only on a store with appendTogether). A conflict on one of theirs propagates as the
 * store's WrongExpectedVersionError naming that stream, for the caller to sort out.
 */
export async function handleCommand<S, C extends Command, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  id: string | number,
  command: C,
  ctx: CommandContext,
  along?: (events: readonly E[]) => readonly Companion[],
): Promise<Handled<S, E>> {
  const stream = `${decider.aggregate}-${id}`;
  return decideAndAppend(store, decider, id, command, ctx, along, cachedWithRows<S>(store, decider.aggregate, stream, ctx.tx));
}

/**
 * handleCommand on a stream the caller has just named and expects to be empty: an id fresh from
 * a sequence, a key this request is the first to claim. The command is decided on the
 * aggregate's initial state without reading the stream, as on a cached state: should the stream
 * hold events after all (a retried request's key), the append at 'no_stream' fails and the
 * command is decided again on the stream as it is; a refusal or an empty decision is checked on
 * the stream too. Only the read is saved, never a check. `along` as in handleCommand.
 */
export async function handleFirstCommand<S, C extends Command, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  id: string | number,
  command: C,
  ctx: CommandContext,
  along?: (events: readonly E[]) => readonly Companion[],
): Promise<Handled<S, E>> {
  const stream = `${decider.aggregate}-${id}`;
  const inline = inlineProjectionsOf(store, decider.aggregate);
  const empty = { state: decider.initialState(), version: 0, inline: inline.length > 0 ? foldStream(inline, stream, []) : undefined };
  return decideAndAppend(store, decider, id, command, ctx, along, empty);
}

/** handleCommand's decisions and appends, starting from `assumed` (a cached state, an empty new stream) or else a load. */
async function decideAndAppend<S, C extends Command, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  id: string | number,
  command: C,
  ctx: CommandContext,
  along: ((events: readonly E[]) => readonly Companion[]) | undefined,
  assumed: CachedStream<S> | undefined,
): Promise<Handled<S, E>> {
  const stream = `${decider.aggregate}-${id}`;
  const cache = aggregateCache(store);
  let cached = assumed;
  for (;;) {
    const fresh = !cached;
    let decided: Decided<S, E>;
    try {
      decided = await decideOn(store, decider, id, command, ctx, cached);
    } catch (err) {
      if (fresh) throw err;
      cached = undefined;
      continue;
    }
    if (decided.events.length === 0) {
      if (fresh) return { state: decided.state, events: [], version: decided.version, eventTypes: [] };
      cached = undefined;
      continue;
    }
    const companions = along?.(decided.events) ?? [];
    let result: AppendResult;
    try {
      if (companions.length > 0) {
        const [own, ...others] = await store.appendTogether!([decided.append, ...companions.map((c) => c.append)], { tx: ctx.tx });
        result = own;
        others.forEach((r, i) => companions[i].stored(r));
      } else {
        const { events, expected, rows } = decided.append;
        result = await store.append(stream, events, { expected, tx: ctx.tx, rows });
      }
    } catch (err) {
      // Whatever failed, the cached states are no longer known to be the streams'.
      cache.forget(stream, ctx.tx);
      for (const c of companions) cache.forget(c.append.stream, ctx.tx);
      if (!(err instanceof WrongExpectedVersionError) || err.stream !== stream) throw err;
      // Outside a transaction a stale cached state is simply decided again; inside one the
      // failed statement ended the transaction, and its owner retries the whole of it.
      if (!fresh && !ctx.tx) {
        cached = undefined;
        continue;
      }
      throw lostRace(stream, decided.version, err.actual);
    }
    return decided.stored(result);
  }
}

/**
 * The 409 of a command whose append lost its race on `stream` once no further try is made here:
 * its caller retries (retryOnConflict) or answers it.
 */
export function lostRace(stream: string, expected: ExpectedVersion, actual: number | null): ConcurrencyException {
  return new ConcurrencyException(`${stream} was changed by another request; reload and retry`, {
    expected_version: expected,
    actual_version: actual,
  });
}

/**
 * A command decided now, to be appended as a Companion of another stream's command (a product
 * with the quota claim that admits it, a line's stock with the order that holds it). A refusal
 * throws here. The stream's state comes from the aggregate cache or a load, as in handleCommand,
 * and a refusal of a cached state is checked on the stream as it is now. A stale cached state
 * fails the other command's append, naming this stream; that append forgets the cached state,
 * and the caller prepares it again from the stream.
 */
export async function prepareCommand<S, C extends Command, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  id: string | number,
  command: C,
  ctx: CommandContext,
): Promise<{ append: StreamAppend; events: readonly E[]; stored(result: AppendResult): Handled<S, E> }> {
  const cached = cachedWithRows<S>(store, decider.aggregate, `${decider.aggregate}-${id}`, ctx.tx);
  try {
    return await decideOn(store, decider, id, command, ctx, cached);
  } catch (err) {
    if (!cached) throw err;
    return decideOn(store, decider, id, command, ctx, undefined);
  }
}

type CachedStream<S> = { state: S; version: number; inline?: StreamRows };

/** The stream's cached state, when the cache has it with the rows of its inline read models (if any). */
function cachedWithRows<S>(store: EventStore, aggregate: string, stream: string, tx?: StoreTx): CachedStream<S> | undefined {
  const cached = aggregateCache(store).get(stream, tx) as CachedStream<S> | undefined;
  // An inline read model's rows are folded with the stream: a state cached without them is loaded again.
  return inlineProjectionsOf(store, aggregate).length > 0 && !cached?.inline ? undefined : cached;
}

interface Decided<S, E extends DomainEvent> {
  state: S;
  version: number;
  events: E[];
  /** The append of the events (with the inline read models' rows). */
  append: StreamAppend;
  /** Caches the new state and answers the command, once the append stored the events (or had them already). */
  stored(result: AppendResult): Handled<S, E>;
}

/** Loads the stream unless `cached` holds it, decides, and prepares the append of the events. */
async function decideOn<S, C extends Command, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  id: string | number,
  command: C,
  ctx: CommandContext,
  cached: CachedStream<S> | undefined,
): Promise<Decided<S, E>> {
  const stream = `${decider.aggregate}-${id}`;
  const cache = aggregateCache(store);
  const inline = inlineProjectionsOf(store, decider.aggregate);
  if (!cached) {
    cached = await loadWithRows(store, decider, id, inline, ctx.tx);
    cache.set(stream, cached, ctx.tx);
  }
  const { state, version, inline: rows } = cached;
  const events = decider.decide(command, state);
  const metadata: EventMetadata = {
    vendor_id: ctx.vendorId ?? null,
    user_id: ctx.userId,
    correlation_id: ctx.correlationId,
    causation_id: ctx.causationId,
  };
  const appended = events.map((e, i) => ({
    id: ctx.causationId ? deterministicId(ctx.causationId, stream, command.type, String(i)) : newEventId(),
    type: e.type,
    data: e.data,
    metadata,
  }));
  const written =
    inline.length > 0 && rows
      ? inlineWrite(
          inline,
          stream,
          rows,
          appended.map((e, i) => pendingEvent(e.id, e.type, e.data, version + i + 1)),
        )
      : null;
  return {
    state,
    version,
    events,
    append: { stream, events: appended, expected: version === 0 ? 'no_stream' : version, rows: written?.writes },
    stored: (result) => {
      const next = events.reduce(decider.evolve, state);
      // A repeated command whose events were stored before: the stream's state is not this one.
      if (result.appended === false) cache.forget(stream, ctx.tx);
      else cache.set(stream, { state: next, version: result.version, inline: written?.rows }, ctx.tx);
      return {
        state: next,
        events,
        version: result.version,
        position: result.position,
        eventTypes: events.map((e) => e.type),
        inlined: written && result.appended !== false ? inline.map((p) => p.name) : [],
      };
    },
  };
}

/**
 * The aggregate's state as the aggregate cache knows it (loading and caching it when it does not):
 * for facts that never change once set (the vendor of a product) or that the command's own
 * decision checks again on the stream's state. Anything else reads `load`.
 */
export async function cachedState<S, C extends Command, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  id: string | number,
): Promise<S> {
  const stream = `${decider.aggregate}-${id}`;
  const cache = aggregateCache(store);
  const hit = cache.get(stream);
  if (hit) return hit.state as S;
  // With the inline rows, as a command would cache it: the command that follows reads no stream again.
  const { state, version, inline } = await loadWithRows(store, decider, id, inlineProjectionsOf(store, decider.aggregate));
  cache.set(stream, { state, version, inline });
  return state;
}

/** `load`, with the rows of the aggregate's inline read models folded from the same events. */
async function loadWithRows<S, C extends Command, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  id: string | number,
  inline: readonly RowProjection<object>[],
  tx?: StoreTx,
): Promise<{ state: S; version: number; inline?: StreamRows }> {
  const { state, version, events } = await load(store, decider, id, tx);
  return { state, version, inline: inline.length > 0 ? foldStream(inline, `${decider.aggregate}-${id}`, events) : undefined };
}

export async function load<S, C extends Command, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  id: string | number,
  tx?: StoreTx,
): Promise<{ state: S; version: number; events: RecordedEvent[] }> {
  const events = await store.readStream(`${decider.aggregate}-${id}`, { tx });
  const state = events.reduce((s, e) => decider.evolve(s, domainEvent<E>(e)), decider.initialState());
  return { state, version: events.length === 0 ? 0 : events[events.length - 1].version, events };
}
