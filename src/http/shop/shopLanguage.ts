import type { Context } from 'koa';
import { isLanguage, type LanguageCode } from '../../core/i18n.ts';
import type { Services } from '../../runtime/services.ts';
import { fromAcceptLanguage, LANGUAGE_COOKIE, resolveLocale } from '../language/resolve.ts';
import { shopVendorOf } from '../vendorContext.ts';

export type ShopLanguageSource = 'cookie' | 'accept-language' | 'vendor' | 'locale' | 'default';

export interface ShopLanguage {
  code: LanguageCode;
  source: ShopLanguageSource;
  /** The shop's storefront language, where content lacking `code` falls back first. */
  storefront: string;
  /** The Intl locale amounts are formatted in: the storefront locale when it is of `code` ("fr-LU"), else `code`. */
  formatLocale: string;
}

/**
 * The language a shopper reads the shop's content in (product titles, descriptions, formatted
 * prices): the language cookie, else the browser's Accept-Language, else the vendor's storefront
 * language, else the language of the storefront locale (SPEC.md part 2: the vendor's
 * storefront_locale, the platform setting, DEFAULT_LOCALE, 'en'), else English. A cookie or
 * browser language the shop does not offer (storefront_languages) is passed over.
 *
 * This differs from resolveLanguage (src/http/language/resolve.ts), which puts the vendor's
 * storefront language before the browser's: there the shop's own choice of interface language
 * wins, here what the shopper asked for does, as long as the shop offers it.
 */
export async function resolveShopLanguage(services: Services, ctx: Context): Promise<ShopLanguage> {
  const vendor = shopVendorOf(ctx);
  const offered = vendor.storefront_languages.filter(isLanguage);
  const locale = (await resolveLocale(services, vendor.storefront_locale, services.config.defaultLocale)).locale;
  const pick = (): { code: LanguageCode; source: ShopLanguageSource } => {
    const cookie = ctx.cookies.get(LANGUAGE_COOKIE);
    if (isLanguage(cookie) && offered.includes(cookie)) return { code: cookie, source: 'cookie' };
    const browser = fromAcceptLanguage(ctx.get('Accept-Language'));
    if (browser && offered.includes(browser)) return { code: browser, source: 'accept-language' };
    if (isLanguage(vendor.storefront_language)) return { code: vendor.storefront_language, source: 'vendor' };
    const fromLocale = locale.split(/[-_]/)[0].toLowerCase();
    if (isLanguage(fromLocale)) return { code: fromLocale, source: 'locale' };
    return { code: 'en', source: 'default' };
  };
  const chosen = pick();
  const sameLanguage = locale.split(/[-_]/)[0].toLowerCase() === chosen.code;
  return {
    ...chosen,
    storefront: vendor.storefront_language,
    formatLocale: sameLanguage && validLocale(locale) ? locale.replace('_', '-') : chosen.code,
  };
}

function validLocale(locale: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale.replace('_', '-')]).length > 0;
  } catch {
    return false;
  }
}
