import { redactSecrets } from '../core/redact.ts';
import type { Command, Decider, DomainEvent } from '../core/decider.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';
import type { RecordedEvent } from '../eventstore/port.ts';

export interface HistoryStep {
  event: RecordedEvent;
  /** The aggregate state right after this event, secrets redacted. */
  state: unknown;
}

/**
 * Folds a stream step by step: the state after each event, for auditors and `npm run replay`,
 * secrets redacted. `redact: false` leaves the states as folded, for a caller that shows only a
 * few of them and redacts those (a record page's history: redacting every state of a 1,000-event
 * order was most of its time).
 */
export function replay<S, C extends Command, E extends DomainEvent>(
  decider: Decider<S, C, E>,
  events: RecordedEvent[],
  options: { redact?: boolean } = {},
): HistoryStep[] {
  const redact = options.redact ?? true;
  let state = decider.initialState();
  return events.map((event) => {
    state = decider.evolve(state, domainEvent<E>(event));
    return { event, state: redact ? redactSecrets(state) : state };
  });
}

/** The state as it was at `at` (events recorded up to and including that instant). */
export function stateAt<S, C extends Command, E extends DomainEvent>(
  decider: Decider<S, C, E>,
  events: RecordedEvent[],
  at: Date,
): unknown {
  const upTo = events.filter((e) => new Date(e.recorded_at).getTime() <= at.getTime());
  return redactSecrets(upTo.reduce((s, e) => decider.evolve(s, domainEvent<E>(e)), decider.initialState()));
}
