import type { Context, Next } from 'koa';
import {
  AuthenticationException,
  InsufficientVendorPermissionsException,
  PasswordChangeRequiredException,
  VendorAccessDeniedException,
  VendorOwnerOnlyException,
} from '../core/errors.ts';
import type { Services } from '../runtime/services.ts';
import { bearer } from './tokens.ts';

/** The cookie of the vendor pages (SPEC.md part 5). Logout clears this one and no other. */
export const VENDOR_COOKIE = 'vendor_token';

/** What a vendor route knows about its caller; the vendor comes from the token only. */
export interface VendorCaller {
  /** The vendor of the token (token_vendor_id), never a value of the URL or the body. */
  id: number;
  userId: number;
  role: string;
  permissions: string[];
  vendorCode: string;
  isOwner: boolean;
}

/** The caller the vendor guard (requireVendor) set on this request: a vendor route's handler reads it here. */
export function vendorCaller(ctx: { state: unknown }): VendorCaller {
  const caller = (ctx.state as { vendor?: VendorCaller }).vendor;
  if (!caller) throw new Error('no vendor caller on this request: the route is not behind the vendor guard');
  return caller;
}

/** What the vendor guard checks of a caller for a vendor, as the area that keeps the vendors' access answers it. */
export interface VendorAccessFacts {
  user: { is_active: boolean; must_change_password: boolean } | null;
  vendor: { is_active: boolean; vendor_code: string } | null;
  /** 'owner', a member role, or null when the user has no live access to this vendor. */
  role: string | null;
  /** Every permission the role grants (the owner's all, a custom member's its own). */
  permissions: string[];
  /** The owner of the vendor's company. */
  isOwner: boolean;
}

/** A caller's access to a vendor, answered from memory (no statement per request). */
export type VendorAccessCheck = (vendorId: number, userId: number) => VendorAccessFacts;

/** The access each service's app was given by the module that keeps the vendors' access (src/http/app.ts). */
const fromModules = new WeakMap<Services, VendorAccessCheck>();

export function registerVendorAccess(services: Services, access: VendorAccessCheck): void {
  fromModules.set(services, access);
}

function vendorAccessOf(services: Services, vendorId: number, userId: number): VendorAccessFacts {
  const access = fromModules.get(services);
  if (!access) throw new Error('no module provides the vendor access (vendorAccess): the vendor routes cannot check their callers');
  return access(vendorId, userId);
}

export interface RequireVendorOptions {
  /** Routes a user with a temporary password may still call (sign-in info, password change). */
  allowPasswordChange?: boolean;
}

/**
 * Vendor API guard (SPEC.md part 5): a vendor JWT from the Authorization header, or from the
 * vendor_token cookie of the vendor pages. The token's vendor_id names the vendor; the caller
 * must still be its owner or an active member, the user and the vendor must be active, and the
 * temporary password of a new account must have been changed. With `permission`, the caller's
 * role must grant it. Sets `ctx.state.vendor`. The facts come from the instance's memory
 * (`vendorAccess` of the module that keeps the access: the team area's access view): the check costs no statement, and a change of access
 * reaches every instance within its tail's delay.
 */
export function requireVendor(services: Services, permission?: string, options: RequireVendorOptions = {}) {
  return async function vendorAuth(ctx: Context, next: Next) {
    const token = bearer(ctx.get('Authorization')) ?? ctx.cookies.get(VENDOR_COOKIE) ?? null;
    if (!token) throw new AuthenticationException('Missing vendor credentials: send Authorization: Bearer or the vendor_token cookie');
    const claims = services.tokens.verify(token, 'vendor');
    const vendorId = Number(claims.vendor_id);
    const userId = Number(claims.sub);
    if (!Number.isInteger(vendorId) || vendorId < 1 || !Number.isInteger(userId))
      throw new AuthenticationException('The access token carries no vendor');
    const access = vendorAccessOf(services, vendorId, userId);
    if (!access.user || !access.user.is_active) throw new AuthenticationException('The account is inactive or no longer exists');
    if (!access.vendor) throw new VendorAccessDeniedException('The vendor of this token no longer exists');
    if (!access.vendor.is_active) throw new VendorAccessDeniedException('The vendor is inactive');
    if (!access.role) throw new VendorAccessDeniedException('You are not a member of this vendor');
    if (access.user.must_change_password && !options.allowPasswordChange) {
      throw new PasswordChangeRequiredException('Change your temporary password first (PUT /api/v1/vendor/auth/password)');
    }
    const permissions = access.permissions;
    if (permission && !permissions.includes(permission)) {
      throw new InsufficientVendorPermissionsException(`This operation needs the permission '${permission}'`, {
        required_permission: permission,
      });
    }
    const caller: VendorCaller = {
      id: vendorId,
      userId,
      role: access.role,
      permissions,
      vendorCode: access.vendor.vendor_code,
      isOwner: access.isOwner,
    };
    ctx.state.vendor = caller;
    await next();
  };
}

/** After requireVendor: only the owner (the company's owner) may go on. */
export function requireVendorOwner() {
  return async function vendorOwnerOnly(ctx: Context, next: Next) {
    const caller = ctx.state.vendor as VendorCaller | undefined;
    if (!caller?.isOwner) throw new VendorOwnerOnlyException('Only the vendor owner may do this');
    await next();
  };
}

/** Command context of a vendor request: the acting user, the token's vendor, a correlation id. */
export function vendorCommandContext(ctx: Context) {
  const caller = ctx.state.vendor as VendorCaller;
  return { userId: caller.userId, vendorId: caller.id, correlationId: ctx.state.requestId as string };
}
