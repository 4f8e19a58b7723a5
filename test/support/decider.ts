import { expect } from 'chai';
import type { Command, Decider, DomainEvent } from '../../src/core/decider.ts';

/**
 * Decider specifications (STYLE.md "Tests"):
 *   given(order, [OrderImported…]).when({ type: 'ShipItem', … }).then([ItemShipped…])
 *   given(order, […]).when(…).thenThrows(InvalidTransitionException, /shipped/)
 */
export function given<S, C extends Command, E extends DomainEvent>(decider: Decider<S, C, E>, history: E[]) {
  const state = history.reduce(decider.evolve, decider.initialState());
  return {
    when(command: C) {
      return {
        then(expected: E[]) {
          expect(decider.decide(command, state)).to.deep.equal(expected);
        },
        thenThrows(errorClass: new (...args: any[]) => Error, message?: RegExp) {
          let thrown: unknown;
          try {
            decider.decide(command, state);
          } catch (err) {
            thrown = err;
          }
          expect(thrown, 'the decision should be refused').to.be.instanceOf(errorClass);
          if (message) expect((thrown as Error).message).to.match(message);
          return thrown as any;
        },
      };
    },
    state,
  };
}
