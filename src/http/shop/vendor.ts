import Router from '@koa/router';
import { getVendorTheme } from '../../../queries/themes/getVendorTheme.ts';
import type { Services } from '../../runtime/services.ts';
import { resolveLanguage, resolveLocale } from '../language/resolve.ts';
import type { VendorContext } from '../vendorContext.ts';

/**
 * GET /api/v1/shop/vendor: the storefront's own vendor as the vendor context resolved it, with
 * its theme, locale and the language of this visitor. The storefront pages render from this.
 */
export function shopVendorRoutes(services: Services): Router {
  const router = new Router();
  router.get('/vendor', async (ctx) => {
    const vendor = ctx.state.vendorContext as VendorContext;
    const locale = await resolveLocale(services.db.knex, vendor.storefront_locale, services.config.defaultLocale);
    const language = resolveLanguage(ctx, locale.locale);
    ctx.body = {
      ...vendor,
      locale: locale.locale,
      locale_source: locale.source,
      language: language.code,
      theme: (await getVendorTheme(services.db.knex, vendor.id)).theme,
    };
  });
  return router;
}
