import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { AuthenticationException } from '../core/errors.ts';

/**
 * Access tokens (SPEC.md part 5): HS256 JWTs with `type` = admin | vendor | customer, and
 * `vendor_id` on vendor and customer tokens. Verification pins the algorithm, so `alg: none`
 * and key-confusion tokens are refused.
 */
export type TokenType = 'admin' | 'vendor' | 'customer';

export interface TokenClaims {
  sub: string;
  type: TokenType;
  vendor_id?: number;
  /** Vendor tokens: the team role, read for permission checks. */
  role?: string;
  username?: string;
  /** Customer tokens: the session it belongs to, so sign-out and password changes can end it. */
  sid?: string;
}

export interface Tokens {
  sign(claims: TokenClaims): { access_token: string; token_type: 'bearer'; expires_in: number };
  verify(token: string, expected: TokenType): TokenClaims;
}

/** Verified tokens remembered at most (the oldest forgotten first). */
const VERIFIED_KEPT = 10_000;

export function createTokens(secret: string, expiresInSeconds: number): Tokens {
  // A KeyObject made once: given a string, jsonwebtoken 9 first tries to parse it as a PEM public
  // key (createPublicKey, which throws) on every verify. Profiled under load that was 14 % of the
  // service's CPU.
  const key = createSecretKey(Buffer.from(secret));
  // The tokens whose signature was checked, with their claims, until they expire: a client sends
  // the same token with every request, and checking it again (decoding, an HMAC, parsing) was a
  // few per cent of a command's processor time. The same string can only carry the same claims.
  const verified = new Map<string, TokenClaims & { exp?: number }>();
  return {
    sign(claims) {
      const access_token = jwt.sign(claims, key, { algorithm: 'HS256', expiresIn: expiresInSeconds });
      return { access_token, token_type: 'bearer', expires_in: expiresInSeconds };
    },
    verify(token, expected) {
      let claims = verified.get(token);
      if (claims && (claims.exp ?? Infinity) <= Date.now() / 1000) {
        verified.delete(token);
        claims = undefined;
      }
      if (!claims) {
        try {
          claims = jwt.verify(token, key, { algorithms: ['HS256'] }) as TokenClaims & { exp?: number };
        } catch (err) {
          const expired = (err as Error).name === 'TokenExpiredError';
          throw new AuthenticationException(expired ? 'The access token has expired' : 'The access token is not valid');
        }
        if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
      }
      if (claims.type !== expected) throw new AuthenticationException(`A ${expected} token is required here`);
      return claims;
    },
  };
}

/** The bearer token of the Authorization header, or null. */
export function bearer(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m ? m[1] : null;
}
