import type { Context } from 'koa';
import { AuthenticationException, DomainException } from '../../core/errors.ts';
import { adminOfToken } from '../../http/auth.ts';
import { requireVendor, VENDOR_COOKIE, type VendorCaller, vendorCaller } from '../../http/vendorAuth.ts';
import type { Services } from '../../runtime/services.ts';

/**
 * The back offices' sessions. The admin API reads only the Authorization header (SPEC.md part 5),
 * so the admin pages keep an admin token in a cookie of their own, `admin_token`, sent to /admin
 * only (never to the API). The vendor pages use the vendor API's own cookie, `vendor_token`, which
 * the vendor API's guard also reads. Both HttpOnly and SameSite=Strict, Secure over TLS.
 */
export const ADMIN_PAGE_COOKIE = 'admin_token';

const cookieOptions = (ctx: Context, path: string, maxAgeSeconds: number) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: ctx.secure,
  path,
  maxAge: maxAgeSeconds * 1000,
  overwrite: true,
});

export function setAdminSession(ctx: Context, token: string, expiresIn: number): void {
  ctx.cookies.set(ADMIN_PAGE_COOKIE, token, cookieOptions(ctx, '/admin', expiresIn));
}
export function setVendorSession(ctx: Context, token: string, expiresIn: number): void {
  ctx.cookies.set(VENDOR_COOKIE, token, cookieOptions(ctx, '/', expiresIn));
}
/** Signing out of one area clears that area's cookie and no other (SPEC.md part 5). */
export function clearAdminSession(ctx: Context): void {
  ctx.cookies.set(ADMIN_PAGE_COOKIE, '', { ...cookieOptions(ctx, '/admin', 0), expires: new Date(0) });
}
export function clearVendorSession(ctx: Context): void {
  ctx.cookies.set(VENDOR_COOKIE, '', { ...cookieOptions(ctx, '/', 0), expires: new Date(0) });
}

/** Runs an API guard for a page: the caller it sets, or null when it refuses (the page then asks to sign in). */
async function guarded<T>(
  ctx: Context,
  guard: (ctx: Context, next: () => Promise<void>) => Promise<void>,
  read: () => T,
): Promise<T | null> {
  try {
    await guard(ctx, async () => {});
    return read();
  } catch (err) {
    if (refused(err)) return null;
    throw err;
  }
}

/** A guard's refusal (the page then asks to sign in), as against a failure. */
const refused = (err: unknown) =>
  err instanceof AuthenticationException || (err instanceof DomainException && (err.status === 401 || err.status === 403));

/** The team member of the vendor_token cookie (the vendor API's own guard), or null. */
export function pageVendor(services: Services, ctx: Context): Promise<VendorCaller | null> {
  return guarded(ctx, requireVendor(services), () => vendorCaller(ctx));
}

/** The admin of the admin pages' cookie, checked by the admin API's guard as a bearer token, or null. */
export async function pageAdmin(services: Services, ctx: Context): Promise<number | null> {
  const token = ctx.cookies.get(ADMIN_PAGE_COOKIE);
  if (!token) return null;
  try {
    return adminOfToken(services, token).id;
  } catch (err) {
    if (refused(err)) return null;
    throw err;
  }
}
