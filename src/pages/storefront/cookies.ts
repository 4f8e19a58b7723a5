import type { Context } from 'koa';
import { newSessionId } from '../../modules/carts.ts';

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
// The form token is every form's (src/pages/forms.ts).
export { CSRF_COOKIE, CSRF_FIELD, csrfToken, csrfValid } from '../forms.ts';

const MONTH = 30 * 24 * 3600 * 1000;
const options = (ctx: Context) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: ctx.secure,
  overwrite: true,
  maxAge: MONTH,
});

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
