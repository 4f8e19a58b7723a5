import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { LANGUAGE_INFO, LANGUAGES, t } from '../../core/i18n.ts';
import type { Services } from '../../runtime/services.ts';
import { Language, input } from '../validation.ts';
import { optionalVendorContext, type VendorContext } from '../vendorContext.ts';
import { LANGUAGE_COOKIE, resolveLanguage, resolveLocale } from './resolve.ts';

/** The language preference lives for a year in a cookie any page of the site can read. */
const COOKIE = { httpOnly: false, sameSite: 'lax' as const, path: '/', maxAge: 365 * 24 * 3600 * 1000, overwrite: true };

/**
 * SPEC.md 4.4: set, current, list and clear the language preference (en, fr, de, lb). On a shop
 * (Host or Referer naming a vendor) the shop's languages and locale apply; elsewhere the platform's.
 */
export function languageApiRoutes(services: Services): Router {
  const router = new Router();
  router.use(optionalVendorContext(services));
  const knex = services.db.knex;

  async function current(ctx: any, cookieOverride?: string | null) {
    const vendor = ctx.state.vendorContext as VendorContext | undefined;
    const locale = await resolveLocale(knex, vendor?.storefront_locale, services.config.defaultLocale);
    // Right after set or clear, the answer reflects the new preference, not the request's cookie.
    const language = resolveLanguage(ctx, locale.locale, cookieOverride);
    return {
      code: language.code, ...LANGUAGE_INFO[language.code], source: language.source,
      locale: locale.locale, locale_source: locale.source,
      vendor: vendor ? { id: vendor.id, vendor_code: vendor.vendor_code, storefront_languages: vendor.storefront_languages } : null,
    };
  }

  router.post('/set', async (ctx) => {
    const { body } = input(ctx, { body: Type.Object({ language: Language }, { additionalProperties: false }) });
    ctx.cookies.set(LANGUAGE_COOKIE, body.language, COOKIE);
    ctx.body = { success: true, language: body.language, message: t(body.language, 'language.set', { language: LANGUAGE_INFO[body.language].native_name }), current: await current(ctx, body.language) };
  });

  router.get('/current', async (ctx) => { ctx.body = await current(ctx); });

  router.get('/list', async (ctx) => {
    const vendor = ctx.state.vendorContext as VendorContext | undefined;
    const allowed = vendor ? vendor.storefront_languages : [...LANGUAGES];
    const now = await current(ctx);
    ctx.body = {
      languages: LANGUAGES.filter((code) => allowed.includes(code)).map((code) => ({ code, ...LANGUAGE_INFO[code], is_current: code === now.code })),
      current: now.code,
    };
  });

  router.delete('/clear', async (ctx) => {
    ctx.cookies.set(LANGUAGE_COOKIE, '', { ...COOKIE, maxAge: 0, expires: new Date(0) });
    const now = await current(ctx, null);
    ctx.body = { success: true, message: t(now.code, 'language.cleared'), current: now };
  });

  return router;
}
