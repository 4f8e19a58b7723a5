import { createHash, randomBytes } from 'node:crypto';

/**
 * Password reset tokens. The raw token leaves the service only in the reset mail; the customer
 * stream keeps its SHA-256 (a leaked event or read of the store cannot reset a password). The
 * token starts with the customer id, so the reset finds its stream without a lookup table; the
 * 256 random bits after it are what make it unguessable.
 */
export interface ResetToken {
  token: string;
  hash: string;
}

export const hashResetToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function newResetToken(customerId: number): ResetToken {
  const token = `${customerId}.${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashResetToken(token) };
}

/** The customer a token names, or null for anything that is not a reset token's form. */
export function customerOfResetToken(token: string): number | null {
  const m = /^([1-9]\d{0,9})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return m ? Number(m[1]) : null;
}
