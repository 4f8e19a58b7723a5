import type { Context } from 'koa';
import { isLanguage, type LanguageCode } from '../../core/i18n.ts';
import { AuthenticationException, DomainException } from '../../core/errors.ts';
import { requireAdmin, type AdminState } from '../../http/auth.ts';
import { requireVendor, type VendorCaller } from '../../http/vendorAuth.ts';
import type { Services } from '../../runtime/services.ts';
import { html, page, raw, type Html } from '../html.ts';
import { CSRF_FIELD, csrfToken } from '../storefront/cookies.ts';
import { STOREFRONT_CSP } from '../storefront/layout.ts';
import { MESSAGES_SCRIPT } from './assets.ts';
import { mt } from './texts.ts';
import { MESSAGES_STYLE } from './views.ts';

/**
 * The frame of the vendor's and the admin's messages pages (the back office has no other pages
 * yet): the same headers as the storefront's (no inline script, the service's own script file),
 * the caller's language from their profile, the form token of the storefront's double submit
 * (src/pages/storefront/cookies.ts: a cookie and a `_csrf` field, compared on every POST).
 */
export const csrfInput = (ctx: Context): Html => html`<input type="hidden" name="${CSRF_FIELD}" value="${csrfToken(ctx)}">`;

/** The admin pages' cookie: the admin API itself reads only the Authorization header (SPEC.md part 5). */
export const ADMIN_PAGE_COOKIE = 'admin_token';

const STYLE = `body{margin:0;font-family:system-ui,sans-serif;line-height:1.5;color:#18181b}header.bo{display:flex;justify-content:space-between;align-items:center;padding:.6em 1.5em;border-bottom:1px solid #ddd}
main{max-width:64em;margin:0 auto;padding:1em 1.5em}.notice{background:#eef8ee;border-left:4px solid #2a7a2a;padding:.5em 1em}.error{background:#fff0f0;border-left:4px solid #b00;padding:.5em 1em}
.muted{opacity:.7}button.primary{background:#18181b;color:#fff;border:0;border-radius:4px;padding:.5em 1em;cursor:pointer}input,textarea{padding:.4em;font:inherit}`;

export interface BackOfficePage {
  language: LanguageCode;
  title: string;
  body: Html;
  /** What the header shows on the right (the sign-out form). */
  aside?: Html | null;
  notice?: string | null;
  error?: string | null;
}

export function renderBackOffice(ctx: Context, p: BackOfficePage, status = 200): void {
  ctx.status = status;
  ctx.set('Content-Security-Policy', STOREFRONT_CSP);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Language', p.language);
  ctx.vary('Cookie');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = page({
    lang: p.language,
    title: p.title,
    head: html`<link rel="icon" href="data:,"><style>${raw(STYLE)}\n${raw(MESSAGES_STYLE)}</style><script src="${MESSAGES_SCRIPT}" defer></script>`,
    body: html`<header class="bo"><strong>${p.title}</strong>${p.aside ?? ''}</header>
<main>${p.notice ? html`<p class="notice" role="status">${p.notice}</p>` : ''}${p.error ? html`<p class="error" role="alert">${p.error}</p>` : ''}
${p.body}</main>`,
  });
}

/** The language of a platform user's pages: their profile's, else English. */
export async function userLanguage(services: Services, userId: number): Promise<LanguageCode> {
  const row = await services.db.knex('user_list').where('id', userId).first('preferred_language');
  const lang = String(row?.preferred_language ?? '').toLowerCase().split(/[-_]/)[0];
  return isLanguage(lang) ? lang : 'en';
}

/** Runs an API guard for a page: the caller it sets, or null when it refuses (the page then asks to sign in). */
async function guarded<T>(ctx: Context, guard: (ctx: Context, next: () => Promise<void>) => Promise<void>, read: () => T): Promise<T | null> {
  try {
    await guard(ctx, async () => {});
    return read();
  } catch (err) {
    if (err instanceof AuthenticationException || (err instanceof DomainException && (err.status === 401 || err.status === 403))) return null;
    throw err;
  }
}

/** The team member of the vendor_token cookie (the vendor API's own guard), or null. */
export function pageVendor(services: Services, ctx: Context): Promise<VendorCaller | null> {
  return guarded(ctx, requireVendor(services), () => ctx.state.vendor as VendorCaller);
}

/** The admin of the admin pages' cookie, checked by the admin API's guard as a bearer token, or null. */
export async function pageAdmin(services: Services, ctx: Context): Promise<number | null> {
  const token = ctx.cookies.get(ADMIN_PAGE_COOKIE);
  if (!token) return null;
  const request = {
    get: (name: string) => (name.toLowerCase() === 'authorization' ? `Bearer ${token}` : ''),
    state: {} as Record<string, unknown>,
  };
  const id = await guarded(request as unknown as Context, requireAdmin(services), () => (request.state as unknown as AdminState).admin.id);
  return id;
}

/** The sign-in form of a back-office area (`vendorCode`: the vendor pages ask for it when an account works for several). */
export function signInForm(ctx: Context, language: LanguageCode, action: string, back: string, options: { vendorCode?: boolean; login?: string } = {}): Html {
  return html`<h1>${mt(language, 'sign_in')}</h1>
<form method="post" action="${action}" class="login">${csrfInput(ctx)}<input type="hidden" name="return" value="${back}">
<p><label>${mt(language, 'login')}<br><input name="login" value="${options.login ?? ''}" required autocomplete="username"></label></p>
<p><label>${mt(language, 'password')}<br><input type="password" name="password" required autocomplete="current-password"></label></p>
${options.vendorCode ? html`<p><label>${mt(language, 'vendor_code')}<br><input name="vendor_code" maxlength="50"></label></p>` : ''}
<p><button type="submit" class="primary">${mt(language, 'sign_in')}</button></p></form>`;
}

export const signOutForm = (ctx: Context, language: LanguageCode, action: string): Html =>
  html`<form method="post" action="${action}">${csrfInput(ctx)}<button type="submit">${mt(language, 'sign_out')}</button></form>`;
