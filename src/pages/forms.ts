import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { html, type Html } from './html.ts';

/**
 * What every server-rendered form of the service shares (the storefront, the vendor and the admin
 * back offices): the double-submit form token, the fields of a posted form, Post/Redirect/Get, the
 * path parameters a page reads itself.
 *
 * The form token: `sf_csrf` is an HttpOnly, SameSite=Lax cookie of 32 random bytes; every form
 * carries the same value in a hidden `_csrf` field and every POST must bring both, equal. A page of
 * another site can neither read the cookie nor make the browser send it with a cross-site post.
 */
export const CSRF_COOKIE = 'sf_csrf';
export const CSRF_FIELD = '_csrf';

const MONTH = 30 * 24 * 3600 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The visitor's form token; a page that renders a form calls this, which sets the cookie the first time. */
export function csrfToken(ctx: Context): string {
  if (typeof ctx.state.csrfToken === 'string') return ctx.state.csrfToken;
  const known = ctx.cookies.get(CSRF_COOKIE);
  const token = known && TOKEN.test(known) ? known : randomBytes(32).toString('base64url');
  if (token !== known) {
    ctx.cookies.set(CSRF_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure: ctx.secure, overwrite: true, maxAge: MONTH });
  }
  ctx.state.csrfToken = token;
  return token;
}

/** Whether a POST carries the visitor's form token in both its cookie and its `_csrf` field. */
export function csrfValid(ctx: Context): boolean {
  const cookie = ctx.cookies.get(CSRF_COOKIE);
  const value = formBody(ctx)[CSRF_FIELD];
  if (!cookie || typeof value !== 'string' || !TOKEN.test(cookie) || value.length !== cookie.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(value));
}

/** The hidden form-token field every form of a page carries. */
export const csrfInput = (ctx: Context): Html => html`<input type="hidden" name="${CSRF_FIELD}" value="${csrfToken(ctx)}">`;

/** The posted form as koa-body parsed it (an empty object for anything else). */
export function formBody(ctx: Context): Record<string, unknown> {
  const body: unknown = (ctx.request as { body?: unknown }).body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A form field as a string ('' when absent or not a string). */
export function field(ctx: Context, name: string): string {
  const value = formBody(ctx)[name];
  return typeof value === 'string' ? value : '';
}

/** The posted text fields of the given names that the form has (absent ones left out, so the API's schema decides what is required). */
export function postedFields(ctx: Context, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) if (typeof formBody(ctx)[n] === 'string') out[n] = field(ctx, n);
  return out;
}

/** A repeated form field (checkboxes of one name) as strings. */
export function fields(ctx: Context, name: string): string[] {
  const value = formBody(ctx)[name];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Post/Redirect/Get: answers 303 to a path of this site. */
export function seeOther(ctx: Context, location: string): void {
  ctx.redirect(location);
  ctx.status = 303;
}

/** A local path to come back to: only a path of this site ("/…", never "//…"). */
export function safeReturn(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && value.length <= 2000 && !/[\u0000-\u001f]/.test(value)
    ? value
    : fallback;
}

/**
 * The path parameters of a page path, documented as plain text: a page reads them itself and
 * answers its own "not found" page for a value that names nothing, never a validation problem.
 */
export function pathParams(path: string) {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  return names.length === 0
    ? undefined
    : Type.Object(
        Object.fromEntries(names.map((n) => [n, Type.String({ description: n === 'vendor_code' ? "The shop's vendor code" : undefined })])),
      );
}

/** A path parameter of the route that matched (the router sets `ctx.params`), as its text; '' when the route names none so. */
export function routeParam(ctx: Context, name: string): string {
  return (ctx as Context & { params?: Record<string, string | undefined> }).params?.[name] ?? '';
}
