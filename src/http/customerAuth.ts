import type { Context, Middleware, Next } from 'koa';
import { AuthenticationException } from '../core/errors.ts';
import type { CommandContext } from '../runtime/commandHandler.ts';
import { sql } from '../runtime/database.ts';
import type { Services } from '../runtime/services.ts';
import { bearer } from './tokens.ts';
import type { VendorContext } from './vendorContext.ts';

/** The cookie of the shop (SPEC.md part 4.3: path /shop); vendor and admin logouts never touch it. */
export const CUSTOMER_COOKIE = 'customer_token';

/** What a shop route knows about its signed-in customer (SPEC.md part 5: "the customer dependency returns a Customer"). */
export interface CustomerCaller {
  id: number;
  vendorId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  preferredLanguage: string | null;
  /** The session the token names (its `sid` claim): sign-out and password changes end sessions. */
  sessionId: string;
}

/** The customer the shop's guard (requireCustomer) set on this request. */
export function customerCaller(ctx: { state: unknown }): CustomerCaller {
  const caller = (ctx.state as { customer?: CustomerCaller }).customer;
  if (!caller) throw new Error('no customer on this request: the route is not behind the customer guard');
  return caller;
}

/**
 * Shop customer guard (SPEC.md part 5): a customer JWT from `Authorization: Bearer` or the
 * customer_token cookie. Admin and vendor tokens are refused; the token's vendor_id must be the
 * vendor of the request's shop (a customer of vendor A is nobody at vendor B); the session the
 * token names must still be open: sign-out, a password change (other sessions) and a reset (all
 * sessions) end sessions, so a token stops working before it expires. Sessions are events of the
 * customer stream (audited, replayable, decided with the password changes that end them)
 * projected into customer_sessions, which holds open sessions only; the route that starts or
 * ends one waits for that projection (read-your-writes), so the next request sees it. One
 * statement per request: the session joined with the customer row, both by primary key.
 */
export function requireCustomer(services: Services): Middleware {
  return async function customerAuth(ctx: Context, next: Next) {
    const token = bearer(ctx.get('Authorization')) ?? ctx.cookies.get(CUSTOMER_COOKIE) ?? null;
    if (!token) throw new AuthenticationException('Missing customer credentials: send Authorization: Bearer or the customer_token cookie');
    ctx.state.customer = await customerOfToken(services, token, ctx.state.vendorContext as VendorContext);
    await next();
  };
}

/** The customer a token names at this shop, by the shop guard's rules (the storefront pages check their cookie with it). */
export async function customerOfToken(services: Services, token: string, shop: VendorContext): Promise<CustomerCaller> {
  const claims = services.tokens.verify(token, 'customer');
  const customerId = Number(claims.sub);
  const vendorId = Number(claims.vendor_id);
  if (!Number.isInteger(customerId) || !Number.isInteger(vendorId) || typeof claims.sid !== 'string') {
    throw new AuthenticationException('The access token is not a customer session');
  }
  if (vendorId !== shop.id) throw new AuthenticationException('This customer token belongs to another shop; sign in at this shop');
  const [row] = await sql<{
    id: number;
    vendor_id: number;
    email: string;
    first_name: string | null;
    last_name: string | null;
    preferred_language: string | null;
  }>(
    services.db.knex,
    `SELECT c.id, c.vendor_id, c.email, c.first_name, c.last_name, c.preferred_language
         FROM customer_sessions s JOIN customer_list c ON c.id = s.customer_id
        WHERE s.session_id = $1 AND s.customer_id = $2`,
    [claims.sid, customerId],
    'customer_auth',
  );
  if (!row || row.vendor_id !== vendorId) throw new AuthenticationException('This session has ended; sign in again');
  const caller: CustomerCaller = {
    id: row.id,
    vendorId: row.vendor_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    preferredLanguage: row.preferred_language,
    sessionId: claims.sid,
  };
  return caller;
}

/** Command context of a customer request: the customer acts (`customer:<id>`) for the shop's vendor. */
export function customerCommandContext(ctx: Context): CommandContext {
  const caller = ctx.state.customer as CustomerCaller;
  return { userId: `customer:${caller.id}`, vendorId: caller.vendorId, correlationId: ctx.state.requestId as string };
}
