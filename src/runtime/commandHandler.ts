import type { Command, Decider, DomainEvent } from '../core/decider.ts';
import { ConcurrencyException } from '../core/errors.ts';
import { deterministicId, newEventId } from '../core/ids.ts';
import {
  type AppendResult, type EventMetadata, type EventStore, type RecordedEvent, type StoreTx,
  WrongExpectedVersionError,
} from '../eventstore/port.ts';

/** Who acts and why: carried into every event's metadata (ARCHITECTURE.md "Event store"). */
export interface CommandContext {
  /** Acting user id, or a system actor such as `system:bootstrap`. */
  userId: number | string | null;
  vendorId?: number | null;
  correlationId: string;
  /**
   * The event (or request idempotency key) that caused this command. When set, the new
   * events' ids derive from it, so a repeated command appends nothing new.
   */
  causationId?: string;
  /** Run inside this transaction (process managers on the PostgreSQL store). */
  tx?: StoreTx;
}

export interface Handled<S, E extends DomainEvent> {
  state: S;
  events: E[];
  version: number;
  /** Where the events landed in the feed; absent when the decision produced no events. */
  position?: AppendResult['position'];
  eventTypes: string[];
}

/** Loads the aggregate, decides, and appends with the version it loaded (optimistic concurrency). */
export async function handleCommand<S, C extends Command, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  id: string | number,
  command: C,
  ctx: CommandContext,
): Promise<Handled<S, E>> {
  const stream = `${decider.aggregate}-${id}`;
  const { state, version } = await load(store, decider, id, ctx.tx);
  const events = decider.decide(command, state);
  if (events.length === 0) return { state, events, version, eventTypes: [] };
  const metadata: EventMetadata = {
    vendor_id: ctx.vendorId ?? null,
    user_id: ctx.userId,
    correlation_id: ctx.correlationId,
    causation_id: ctx.causationId,
  };
  try {
    const result = await store.append(
      stream,
      events.map((e, i) => ({
        id: ctx.causationId ? deterministicId(ctx.causationId, stream, command.type, String(i)) : newEventId(),
        type: e.type,
        data: e.data,
        metadata,
      })),
      { expected: version === 0 ? 'no_stream' : version, tx: ctx.tx },
    );
    const next = events.reduce(decider.evolve, state);
    return { state: next, events, version: result.version, position: result.position, eventTypes: events.map((e) => e.type) };
  } catch (err) {
    if (err instanceof WrongExpectedVersionError) {
      throw new ConcurrencyException(`${stream} was changed by another request; reload and retry`, {
        expected_version: version,
        actual_version: err.actual,
      });
    }
    throw err;
  }
}

export async function load<S, C extends Command, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  id: string | number,
  tx?: StoreTx,
): Promise<{ state: S; version: number; events: RecordedEvent[] }> {
  const events = await store.readStream(`${decider.aggregate}-${id}`, { tx });
  const state = events.reduce((s, e) => decider.evolve(s, e as unknown as E), decider.initialState());
  return { state, version: events.length === 0 ? 0 : events[events.length - 1].version, events };
}
