import { ConcurrencyException } from '../core/errors.ts';
import type { StoreTx } from '../eventstore/port.ts';

/** How many times in all a command is decided when each of its appends loses a race (retryOnConflict). */
export const CONFLICT_ATTEMPTS = 25;

export interface ConflictPolicy {
  /**
   * Tries in all, the first included (default CONFLICT_ATTEMPTS). Give another bound only for a
   * reason of the caller's, and say it where it is given.
   */
  attempts?: number;
  /**
   * The caller's transaction, when the command runs inside one: then nothing is retried here. A
   * failed append may have ended the transaction, and its owner retries the whole of it.
   */
  tx?: StoreTx;
}

/**
 * The one way a command is decided again when another write to its stream came first. `decide`
 * loads, decides and appends at the version it loaded (handleCommand, or several of them); the
 * policy:
 *
 * - only a ConcurrencyException (the expected version was taken meanwhile) is retried; any other
 *   error, a refusal included, propagates at once, from the attempt that threw it;
 * - up to CONFLICT_ATTEMPTS (25) tries in all, enough for the most contended streams decided
 *   this way today: one shopper's parallel adds to a cart, clerks on one order, a vendor's
 *   invoice numbers, the last seat of a team, a quota stream shared by instances;
 * - before each new try, a pause of a random 0 to 5 × (tries so far) milliseconds, so that the
 *   writers of one race spread out instead of colliding again;
 * - when the tries are spent, the last ConcurrencyException propagates, and the API answers its
 *   409 problem;
 * - inside a caller's transaction (`tx`) the first conflict propagates (see ConflictPolicy.tx).
 *
 * A decision taken again reads the stream as the winner left it, so it never undoes the winner's
 * write: an idempotent one finds nothing new to append, a counted one counts from the new state.
 */
export async function retryOnConflict<T>(decide: () => Promise<T>, policy: ConflictPolicy = {}): Promise<T> {
  const attempts = policy.attempts ?? CONFLICT_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await decide();
    } catch (err) {
      if (!(err instanceof ConcurrencyException) || attempt >= attempts || policy.tx) throw err;
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 5 * attempt)));
    }
  }
}
