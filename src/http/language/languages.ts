import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { LANGUAGE_INFO, LANGUAGES, t } from '../../core/i18n.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { Nullable } from '../responses.ts';
import { LanguageInfo, LocaleSource } from '../schemas/tenancy.ts';
import { Language } from '../validation.ts';
import { optionalVendorContext, type VendorContext } from '../vendorContext.ts';
import { LANGUAGE_COOKIE, resolveLanguage, resolveLocale } from './resolve.ts';

/** The language preference lives for a year in a cookie any page of the site can read. */
const COOKIE = { httpOnly: false, sameSite: 'lax' as const, path: '/', maxAge: 365 * 24 * 3600 * 1000, overwrite: true };

/**
 * SPEC.md 4.4: set, current, list and clear the language preference (en, fr, de, lb). On a shop
 * (Host or Referer naming a vendor) the shop's languages and locale apply; elsewhere the platform's.
 */
const Current = Type.Composite(
  [
    LanguageInfo,
    Type.Object({
      source: Type.Union(
        ['cookie', 'vendor', 'accept-language', 'locale', 'default'].map((x) => Type.Literal(x)),
        { description: 'Where the language came from' },
      ),
      locale: Type.String(),
      locale_source: LocaleSource,
      vendor: Nullable(Type.Object({ id: Type.Integer(), vendor_code: Type.String(), storefront_languages: Type.Array(Language) })),
    }),
  ],
  { $id: 'CurrentLanguage' },
);

export function languageApiRoutes(services: Services): Router {
  const api = new Api(services, 'language');
  // On a shop (Host or Referer naming a vendor) the shop's languages and locale apply.
  const use = [optionalVendorContext(services)];
  const knex = services.db.knex;

  async function current(ctx: Context, cookieOverride?: string | null) {
    const vendor = ctx.state.vendorContext as VendorContext | undefined;
    const locale = await resolveLocale(services, vendor?.storefront_locale, services.config.defaultLocale);
    // Right after set or clear, the answer reflects the new preference, not the request's cookie.
    const language = resolveLanguage(ctx, locale.locale, cookieOverride);
    return {
      code: language.code,
      ...LANGUAGE_INFO[language.code],
      source: language.source,
      locale: locale.locale,
      locale_source: locale.source,
      vendor: vendor ? { id: vendor.id, vendor_code: vendor.vendor_code, storefront_languages: vendor.storefront_languages } : null,
    };
  }

  api.post(
    '/set',
    {
      summary: 'Store a language preference in a cookie (en, fr, de, lb)',
      use,
      body: Type.Object({ language: Language }, { $id: 'LanguageSetRequest', additionalProperties: false }),
      responses: {
        200: Type.Object(
          { success: Type.Literal(true), language: Language, message: Type.String(), current: Current },
          { $id: 'LanguageSetResponse' },
        ),
      },
    },
    async (ctx, { body }) => {
      ctx.cookies.set(LANGUAGE_COOKIE, body.language, COOKIE);
      ctx.body = {
        success: true,
        language: body.language,
        message: t(body.language, 'language.set', { language: LANGUAGE_INFO[body.language].native_name }),
        current: await current(ctx, body.language),
      };
    },
  );

  api.get(
    '/current',
    { summary: 'The language of this visitor and where it comes from, and the locale', use, responses: { 200: Current } },
    async (ctx) => {
      ctx.body = await current(ctx);
    },
  );

  api.get(
    '/list',
    {
      summary: "The languages offered here (a shop's storefront languages, or all four)",
      use,
      responses: {
        200: Type.Object(
          { languages: Type.Array(Type.Composite([LanguageInfo, Type.Object({ is_current: Type.Boolean() })])), current: Language },
          { $id: 'LanguageListResponse' },
        ),
      },
    },
    async (ctx) => {
      const vendor = ctx.state.vendorContext as VendorContext | undefined;
      const allowed = vendor ? vendor.storefront_languages : [...LANGUAGES];
      const now = await current(ctx);
      ctx.body = {
        languages: LANGUAGES.filter((code) => allowed.includes(code)).map((code) => ({
          code,
          ...LANGUAGE_INFO[code],
          is_current: code === now.code,
        })),
        current: now.code,
      };
    },
  );

  api.delete(
    '/clear',
    {
      summary: 'Clear the language preference',
      use,
      responses: {
        200: Type.Object({ success: Type.Literal(true), message: Type.String(), current: Current }, { $id: 'LanguageClearResponse' }),
      },
    },
    async (ctx) => {
      ctx.cookies.set(LANGUAGE_COOKIE, '', { ...COOKIE, maxAge: 0, expires: new Date(0) });
      const now = await current(ctx, null);
      ctx.body = { success: true, message: t(now.code, 'language.cleared'), current: now };
    },
  );

  return api.router;
}
