import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { newSessionId } from '../../../commands/carts/sessionId.ts';

/**
 * The storefront's own cookies. All are HttpOnly (no script reads them), SameSite=Lax (a form
 * of another site posting here sends none of them) and Path=/ (the path form
 * /vendors/{code}/shop and a vendor host's /shop both fall under it). Secure whenever the
 * request came over HTTPS.
 *
 * - `sf_cart`: the cart's session id (32 random bytes, base64url, as POST /cart hands out). A cart
 *   is keyed by vendor and session id, so one id on the platform host serves a cart per shop.
 * - `sf_csrf`: the visitor's form token (double submit): every form carries it in a hidden
 *   `_csrf` field and every POST must bring the same value in both places.
 */
export const CART_COOKIE = 'sf_cart';
export const CSRF_COOKIE = 'sf_csrf';
export const CSRF_FIELD = '_csrf';

const MONTH = 30 * 24 * 3600 * 1000;
const options = (ctx: Context) => ({ httpOnly: true, sameSite: 'lax' as const, path: '/', secure: ctx.secure, overwrite: true, maxAge: MONTH });

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The visitor's cart session id, when they have one. */
export function cartSession(ctx: Context): string | null {
  const id = ctx.cookies.get(CART_COOKIE);
  return id && TOKEN.test(id) ? id : null;
}

/** The visitor's cart session id, issued (and its cookie set) on the first add. */
export function ensureCartSession(ctx: Context): string {
  const known = cartSession(ctx);
  if (known) return known;
  const id = newSessionId();
  ctx.cookies.set(CART_COOKIE, id, options(ctx));
  return id;
}

/** The visitor's form token; a page that renders a form calls this, which sets the cookie the first time. */
export function csrfToken(ctx: Context): string {
  if (typeof ctx.state.csrfToken === 'string') return ctx.state.csrfToken;
  const known = ctx.cookies.get(CSRF_COOKIE);
  const token = known && TOKEN.test(known) ? known : randomBytes(32).toString('base64url');
  if (token !== known) ctx.cookies.set(CSRF_COOKIE, token, options(ctx));
  ctx.state.csrfToken = token;
  return token;
}

/** Whether a POST carries the visitor's form token in both its cookie and its `_csrf` field. */
export function csrfValid(ctx: Context): boolean {
  const cookie = ctx.cookies.get(CSRF_COOKIE);
  const body = (ctx.request as any).body;
  const field = body && typeof body === 'object' ? body[CSRF_FIELD] : undefined;
  if (!cookie || typeof field !== 'string' || !TOKEN.test(cookie) || field.length !== cookie.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(field));
}
