import type { Context } from 'koa';
import type { Knex } from 'knex';
import { isLanguage, LANGUAGES, type LanguageCode } from '../../core/i18n.ts';
import { coalescedReadsPer } from '../../runtime/coalescedReads.ts';
import { sql } from '../../runtime/database.ts';
import type { Views } from '../../runtime/memoryView.ts';

/** The cookie set by POST /api/v1/language/set (SPEC.md 4.4). */
export const LANGUAGE_COOKIE = 'lang';
/** The platform setting row behind the second step of the locale resolution. */
export const PLATFORM_LOCALE_KEY = 'storefront_locale';

export type LanguageSource = 'cookie' | 'vendor' | 'accept-language' | 'locale' | 'default';

/** The shop vendor of the request, when the vendor context middleware found one. */
interface ContextVendor {
  storefront_language: string;
  storefront_languages: string[];
  storefront_locale: string | null;
}

/** The best supported language of an Accept-Language header, by q-value. */
export function fromAcceptLanguage(header: string | undefined): LanguageCode | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q[1]) : 1, i };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return (ranked.find((r) => isLanguage(r.lang))?.lang as LanguageCode | undefined) ?? null;
}

/**
 * The language of a request: the cookie (when the shop allows it), the shop's storefront
 * language, the browser's Accept-Language, the language of the resolved locale, then English.
 */
export function resolveLanguage(
  ctx: Context,
  locale?: string,
  cookieValue?: string | null,
): { code: LanguageCode; source: LanguageSource } {
  // undefined: read the request's cookie; null: the preference was just cleared.
  const cookie = cookieValue === undefined ? ctx.cookies.get(LANGUAGE_COOKIE) : cookieValue;
  const vendor = ctx.state.vendorContext as ContextVendor | undefined;
  const allowed = vendor ? vendor.storefront_languages.filter(isLanguage) : [...LANGUAGES];
  if (isLanguage(cookie) && allowed.includes(cookie)) return { code: cookie, source: 'cookie' };
  if (vendor && isLanguage(vendor.storefront_language)) return { code: vendor.storefront_language, source: 'vendor' };
  const browser = fromAcceptLanguage(ctx.get('Accept-Language'));
  if (browser && allowed.includes(browser)) return { code: browser, source: 'accept-language' };
  const fromLocale = locale?.split('-')[0];
  if (isLanguage(fromLocale) && allowed.includes(fromLocale)) return { code: fromLocale, source: 'locale' };
  return { code: allowed[0] ?? 'en', source: 'default' };
}

/** The language API messages of this request are written in. */
export const requestLanguage = (ctx: Context): LanguageCode => resolveLanguage(ctx).code;

/** The platform's settings by key: every storefront request reads the locale, and concurrent ones read it together. */
const platformSetting = coalescedReadsPer<string, unknown>(async (knex, keys) => {
  const rows = await sql<{ key: string; value: unknown }>(
    knex,
    'SELECT key, value FROM platform_settings WHERE key = ANY($1::text[])',
    [keys],
    'platform_settings_by_key',
  );
  return new Map(rows.map((r) => [r.key, r.value]));
});

/** The settings module's memory view of the platform settings (projections/settings/platformSettingsView.ts), by name. */
const PLATFORM_SETTINGS_VIEW = 'platform_settings';

/** Where the platform's settings are read: the instance's memory view when it is loaded, else the table. */
export interface SettingsSource {
  db: { knex: Knex };
  views: Pick<Views, 'find'>;
}

/**
 * SPEC.md part 2 Conventions: the storefront locale is the vendor's storefront_locale, then the
 * platform admin setting, then the environment (DEFAULT_LOCALE), then 'en'.
 */
export async function resolveLocale(
  services: SettingsSource,
  vendorLocale: string | null | undefined,
  envLocale: string | undefined,
): Promise<{ locale: string; source: 'vendor' | 'platform' | 'environment' | 'fallback' }> {
  if (vendorLocale) return { locale: vendorLocale, source: 'vendor' };
  const settings = services.views.find<Map<string, { value: unknown }>>(PLATFORM_SETTINGS_VIEW);
  const value = settings ? settings.get(PLATFORM_LOCALE_KEY)?.value : await platformSetting(services.db.knex).read(PLATFORM_LOCALE_KEY);
  if (typeof value === 'string' && value) return { locale: value, source: 'platform' };
  if (envLocale) return { locale: envLocale, source: 'environment' };
  return { locale: 'en', source: 'fallback' };
}
