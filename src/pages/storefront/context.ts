import type { Context } from 'koa';
import { loadCart } from '../../modules/carts.ts';
import { listNavigationPages, type ShownPage } from '../../modules/contentPages.ts';
import { findPublicVendor } from '../../modules/vendors.ts';
import { VendorNotFoundException } from '../../core/errors.ts';
import type { LanguageCode } from '../../core/i18n.ts';
import type { ThemeConfig } from '../../core/themePresets.ts';
import { resolveShopLanguage } from '../../http/shop/shopLanguage.ts';
import { resolveVendorContext, type VendorContext } from '../../http/vendorContext.ts';
import { vendorShopTheme } from '../../modules/registry.ts';
import type { Services } from '../../runtime/services.ts';
import { cartSession } from './cookies.ts';

/**
 * What every storefront page knows about its request: the shop (resolved exactly as the shop API
 * resolves it, SPEC.md part 5 rule 2), the shopper's language and number locale, the shop's theme
 * and navigation, and the link builder that keeps the visitor in the form they came with.
 *
 * A page reads the vendor from its own URL only (the path form or the host), never from the
 * Referer: a page is where the visitor is, not where they came from.
 */
export interface Storefront {
  vendor: VendorContext;
  language: LanguageCode;
  /** The Intl locale prices are formatted in ("de", "fr-LU"). */
  locale: string;
  /** The languages the switch offers: the shop's storefront languages. */
  languages: LanguageCode[];
  theme: ThemeConfig;
  navigation: ShownPage[];
  /** How many items the visitor's cart holds (the header's counter). */
  cartCount: number;
  /** A path of the shop in the visitor's form: shopPath('/cart') → /vendors/ACME/shop/cart or /shop/cart. */
  shopPath(rest?: string): string;
  /** A path at the vendor's root (content pages, the landing page): /vendors/ACME/about or /about. */
  rootPath(rest?: string): string;
}

/** Reads the shop a page URL names: by the code of /vendors/{code}/… or by the host. Null when it names none. */
export async function vendorOfPage(services: Services, ctx: Context, code?: string): Promise<VendorContext | null> {
  if (code !== undefined) {
    if (!/^[A-Za-z0-9_-]{2,50}$/.test(code)) return null;
    const vendor = await findPublicVendor(services.db.knex, { vendor_code: code });
    return vendor ? { ...vendor, detected_by: 'path', source: 'request' } : null;
  }
  try {
    const found = await resolveVendorContext(services, ctx);
    return found && found.source === 'request' && found.detected_by !== 'path' ? found : null;
  } catch (err) {
    if (err instanceof VendorNotFoundException) return null;
    throw err;
  }
}

export function linksFor(vendor: Pick<VendorContext, 'detected_by' | 'vendor_code'>) {
  const root = vendor.detected_by === 'path' ? `/vendors/${encodeURIComponent(vendor.vendor_code)}` : '';
  return {
    rootPath: (rest = '/') => `${root}${rest}`,
    shopPath: (rest = '/') => `${root}/shop${rest}`,
  };
}

/** The storefront of a request whose vendor is known. */
export async function storefrontOf(services: Services, ctx: Context, vendor: VendorContext): Promise<Storefront> {
  ctx.state.vendorContext = vendor;
  const knex = services.db.knex;
  const session = cartSession(ctx);
  const [language, theme, navigation, cart] = await Promise.all([
    resolveShopLanguage(services, ctx),
    vendorShopTheme(services, vendor.id),
    listNavigationPages(knex, vendor.id),
    session ? loadCart(services.store, vendor.id, session) : null,
  ]);
  const offered = vendor.storefront_languages.filter((l): l is LanguageCode => ['en', 'fr', 'de', 'lb'].includes(l));
  return {
    vendor,
    language: language.code,
    locale: language.formatLocale,
    languages: offered.length > 0 ? offered : ['en', 'fr', 'de', 'lb'],
    theme: theme.theme,
    navigation,
    cartCount: cart ? cart.state.lines.reduce((n, line) => n + line.quantity, 0) : 0,
    ...linksFor(vendor),
  };
}
