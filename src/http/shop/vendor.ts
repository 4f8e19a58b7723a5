import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { vendorShopTheme } from '../../modules/registry.ts';
import type { Services } from '../../runtime/services.ts';
import { resolveLanguage, resolveLocale } from '../language/resolve.ts';
import { Api } from '../api.ts';
import { LocaleSource, PublicVendor, ThemeConfig } from '../schemas/tenancy.ts';
import { Language } from '../validation.ts';
import { shopVendorOf } from '../vendorContext.ts';

/**
 * GET /api/v1/shop/vendor: the storefront's own vendor as the vendor context resolved it, with
 * its theme, locale and the language of this visitor. The storefront pages render from this.
 */
export function shopVendorRoutes(services: Services): Router {
  const api = new Api(services, 'shop');
  api.get(
    '/vendor',
    {
      summary: "The shop's own vendor as the request names it, with its theme, locale and this visitor's language",
      responses: {
        200: Type.Composite(
          [
            PublicVendor,
            Type.Object({
              detected_by: Type.Union([Type.Literal('path'), Type.Literal('subdomain'), Type.Literal('custom_domain')]),
              source: Type.Union([Type.Literal('request'), Type.Literal('referer')]),
              locale: Type.String(),
              locale_source: LocaleSource,
              language: Language,
              theme: ThemeConfig,
            }),
          ],
          { $id: 'ShopVendorResponse' },
        ),
      },
    },
    async (ctx) => {
      const vendor = shopVendorOf(ctx);
      const locale = await resolveLocale(services, vendor.storefront_locale, services.config.defaultLocale);
      const language = resolveLanguage(ctx, locale.locale);
      ctx.body = {
        ...vendor,
        locale: locale.locale,
        locale_source: locale.source,
        language: language.code,
        theme: (await vendorShopTheme(services, vendor.id)).theme,
      };
    },
  );
  return api.router;
}
