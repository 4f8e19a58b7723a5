import type { Context } from 'koa';
import { AuthenticationException } from '../../core/errors.ts';
import { customerOfToken, type CustomerCaller } from '../../http/customerAuth.ts';
import type { Services } from '../../runtime/services.ts';
import type { Storefront } from './context.ts';

/**
 * The customer session of the pages. The shop API's `customer_token` cookie has Path=/shop, which
 * a page of the path form (/vendors/{code}/shop/…) never receives, so pages keep the same token
 * (a customer JWT naming the shop's vendor and an open session) in their own cookie,
 * `sf_customer_<vendor id>`: HttpOnly, SameSite=Lax, Path=/, one per shop so that signing in at
 * one shop on the platform host does not sign the visitor out of another.
 */
export const customerCookie = (vendorId: number) => `sf_customer_${vendorId}`;

export function setCustomerCookie(ctx: Context, vendorId: number, token: string, maxAgeSeconds: number): void {
  ctx.cookies.set(customerCookie(vendorId), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: ctx.secure,
    overwrite: true,
    maxAge: maxAgeSeconds * 1000,
  });
}

export function clearCustomerCookie(ctx: Context, vendorId: number): void {
  ctx.cookies.set(customerCookie(vendorId), '', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: ctx.secure,
    overwrite: true,
    maxAge: 0,
    expires: new Date(0),
  });
}

export const customerToken = (ctx: Context, vendorId: number): string | null => ctx.cookies.get(customerCookie(vendorId)) ?? null;

/**
 * The signed-in customer of this shop, or null. The token is checked by the shop API's own guard
 * (requireCustomer: signature, type, this vendor, the session still open), given the page's token.
 */
export async function signedInCustomer(services: Services, ctx: Context, sf: Storefront): Promise<CustomerCaller | null> {
  const token = customerToken(ctx, sf.vendor.id);
  if (!token) return null;
  try {
    return await customerOfToken(services, token, sf.vendor);
  } catch (err) {
    if (err instanceof AuthenticationException) return null;
    throw err;
  }
}
