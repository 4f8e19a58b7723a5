import type { Command, Decider, DomainEvent } from '../core/decider.ts';
import { aggregates } from './aggregates.ts';

/**
 * An aggregate's decider from the registry, by its stream prefix, for the process managers: they
 * import no command module, so neither the decider nor its state and command types. The caller
 * names what it relies on: S, the part of the state it reads, and E, the area's events (its
 * events.ts, the public contract). A command passes as a plain Command: its type is the command
 * module's, so the caller builds it as that area's handlers do.
 */
export function registeredDecider<S = unknown, E extends DomainEvent = DomainEvent>(aggregate: string): Decider<S, Command, E> {
  // The registry holds every area's decider under one type; the caller's view of this one is S and E.
  return aggregates[aggregate] as Decider<S, Command, E>;
}
