/**
 * The shape of every aggregate (STYLE.md, after Emmett): `evolve` rebuilds the state from its
 * events, `decide` is a pure function from a command and the state to new events, or a thrown
 * domain exception. Time, ids and the actor arrive in the command, never from inside the domain.
 */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

export interface Command<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

export interface Decider<S, C extends Command, E extends DomainEvent> {
  /** Stream name prefix: streams are `<aggregate>-<id>` (ARCHITECTURE.md). */
  aggregate: string;
  initialState: () => S;
  evolve: (state: S, event: E) => S;
  decide: (command: C, state: S) => E[];
}

/** Fails to compile when a union member is not handled (the `never` check of STYLE.md). */
export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
