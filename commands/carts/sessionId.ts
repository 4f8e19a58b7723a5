import { randomBytes } from 'node:crypto';
import { CartValidationException } from '../../src/core/errors.ts';

/**
 * A cart is found by its session id alone (SPEC.md part 2 "Cart item": no login), so whoever
 * knows the id holds the cart: the id must be unguessable. The documented format is 22 to 128
 * characters of base64url (A–Z, a–z, 0–9, '-', '_'); 22 random characters carry 132 bits.
 * POST /cart hands out a fresh one (32 random bytes, 43 characters), so a client need never
 * invent its own.
 *
 * An id a client makes up is checked by an entropy estimate, and refused under 128 bits. The
 * estimate is what the id's characters can carry, lowered only where it shows a structure that
 * random ids do not show:
 * - capacity: `length × log2(alphabet)`, the alphabet being base64url's 64 characters when the id
 *   mixes lower and upper case letters, 16 for hexadecimal, else the classes it uses (lower case
 *   26, upper case 26, digits 10, '-' and '_' 2): 22 digits carry 73 bits and are refused, 39
 *   digits pass, 32 hexadecimal digits (16 random bytes) carry 128;
 * - repeats: the character-distribution (Shannon) entropy against the most a string of its
 *   length can show; random ids stay above 0.7 of it, so only less than that lowers the estimate
 *   ('aaaa…', 'abab…');
 * - sequences: a character that continues the step of the two before it ('abcdef', '13579')
 *   carries nothing; random ids have few, so only more than a quarter of them lower it.
 * A random id of 22 characters is estimated at 132 bits and passes (a simulation of a million
 * refused about 2 in 100,000: those without both letter cases); from 32 characters on, none.
 * No estimate proves randomness (an id made of words can pass): ids from POST /cart are the
 * safe way, and the documentation says so.
 */
export const SESSION_ID_PATTERN = '^[A-Za-z0-9_-]{22,128}$';
export const SESSION_ID_MIN_LENGTH = 22;
export const SESSION_ID_MAX_LENGTH = 128;
export const SESSION_ID_MIN_BITS = 128;
export const SESSION_ID_FORMAT = `22 to 128 characters of base64url (A-Z, a-z, 0-9, '-', '_') carrying at least ${SESSION_ID_MIN_BITS} bits of randomness; POST /cart issues one`;

const FORMAT = new RegExp(SESSION_ID_PATTERN);

export const newSessionId = (): string => randomBytes(32).toString('base64url');

function alphabetSize(id: string): number {
  if (/^[0-9a-f]+$/.test(id) || /^[0-9A-F]+$/.test(id)) return 16;
  const lower = /[a-z]/.test(id);
  const upper = /[A-Z]/.test(id);
  if (lower && upper) return 64;
  return (lower ? 26 : 0) + (upper ? 26 : 0) + (/[0-9]/.test(id) ? 10 : 0) + (/[-_]/.test(id) ? 2 : 0);
}

function distributionEntropy(id: string): number {
  const counts = new Map<string, number>();
  for (const c of id) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) h -= (n / id.length) * Math.log2(n / id.length);
  return h;
}

/** Characters that do not continue the step of the two before them. */
function freshCharacters(id: string): number {
  let fresh = Math.min(id.length, 2);
  for (let i = 2; i < id.length; i++) {
    if (id.charCodeAt(i) - id.charCodeAt(i - 1) !== id.charCodeAt(i - 1) - id.charCodeAt(i - 2)) fresh++;
  }
  return fresh;
}

/** What random ids show at worst: above these shares nothing is deducted. */
const RANDOM_SPREAD = 0.7;
const RANDOM_FRESH = 0.75;

/** Estimated bits of randomness in an id of the documented format (see above). */
export function sessionIdBits(id: string): number {
  const alphabet = alphabetSize(id);
  if (alphabet < 2 || id.length < 2) return 0;
  const capacity = id.length * Math.log2(alphabet);
  const spread = distributionEntropy(id) / Math.log2(Math.min(id.length, alphabet));
  const fresh = freshCharacters(id) / id.length;
  return capacity * Math.min(1, spread / RANDOM_SPREAD) * Math.min(1, fresh / RANDOM_FRESH);
}

/** Refuses an id outside the documented format or estimated under 128 bits (CartValidationException, 422). */
export function checkSessionId(id: string): void {
  if (!FORMAT.test(id)) {
    throw new CartValidationException(`The session id must be ${SESSION_ID_FORMAT}`, [
      { pointer: '/path/session_id', message: `must be ${SESSION_ID_FORMAT}` },
    ]);
  }
  const bits = sessionIdBits(id);
  if (bits < SESSION_ID_MIN_BITS) {
    throw new CartValidationException(
      `The session id is too predictable (about ${Math.floor(bits)} bits); it must be ${SESSION_ID_FORMAT}`,
      [{ pointer: '/path/session_id', message: `too predictable: must be ${SESSION_ID_FORMAT}` }],
    );
  }
}
