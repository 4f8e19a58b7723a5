import { InvalidTransitionException } from './errors.ts';

/**
 * A state table of SPEC.md part 3, written as data: for each action, the states it may start
 * from and the state it leads to. Every decider checks its moves here, in one place, and a refused
 * move is a 409 that names the current state.
 */
export type TransitionTable<State extends string, Action extends string> = {
  readonly [A in Action]: { readonly from: readonly State[]; readonly to: State | 'computed' };
};

export function checkTransition<State extends string, Action extends string>(
  resource: string,
  table: TransitionTable<State, Action>,
  action: Action,
  current: State,
): void {
  if (!table[action].from.includes(current)) throw new InvalidTransitionException(resource, current, action);
}
