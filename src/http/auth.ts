import type { Context, Next } from 'koa';
import { AuthenticationException, AuthorizationException } from '../core/errors.ts';
import type { Services } from '../runtime/services.ts';
import { adminAccessOf } from './adminAccess.ts';
import { bearer, type TokenClaims } from './tokens.ts';

export interface AdminState {
  admin: { id: number; claims: TokenClaims };
}

/** The admin the admin guard (requireAdmin) set on this request. */
export function adminCaller(ctx: { state: unknown }): AdminState['admin'] {
  const admin = (ctx.state as Partial<AdminState>).admin;
  if (!admin) throw new Error('no admin on this request: the route is not behind the admin guard');
  return admin;
}

/**
 * Admin API guard (SPEC.md part 5): the bearer header only, never a cookie. The user must still
 * exist, be active and be an admin: deactivating an admin ends their access on this instance when
 * the deactivation answers, and on every other within its live tail's delay (the access is held in
 * memory, kept current from the event feed).
 */
export function requireAdmin(services: Services) {
  return async function adminAuth(ctx: Context, next: Next) {
    const token = bearer(ctx.get('Authorization'));
    if (!token) throw new AuthenticationException('Missing Authorization: Bearer header (the admin API does not read cookies)');
    ctx.state.admin = adminOfToken(services, token);
    await next();
  };
}

/** The admin a token names, by the admin guard's rules (the admin pages check their cookie with it). */
export function adminOfToken(services: Services, token: string): AdminState['admin'] {
  const claims = services.tokens.verify(token, 'admin');
  const id = Number(claims.sub);
  const row = adminAccessOf(services, id);
  if (!row || !row.is_active) throw new AuthenticationException('The account is inactive or no longer exists');
  if (row.role !== 'admin') throw new AuthorizationException('Administrator access required');
  return { id, claims };
}

/** Command context of a request: the acting user and a correlation id for the audit trail. */
export function commandContext(ctx: Context, userId: number | string | null, vendorId: number | null = null) {
  return { userId, vendorId, correlationId: ctx.state.requestId as string };
}
