import type Router from '@koa/router';
import { isLanguage } from '../../core/i18n.ts';
import { Api } from '../../http/api.ts';
import { LANGUAGE_COOKIE } from '../../http/language/resolve.ts';
import type { Services } from '../../runtime/services.ts';
import { safeReturn } from './layout.ts';
import { field, FORM_REFUSED, NOT_FOUND, SEE_OTHER, seeOther, shopPage } from './routing.ts';

/**
 * The language switch's form: sets the language cookie the shop API also reads (`lang`, the same
 * cookie PUT /api/v1/language/current sets: Path=/, a year, readable by scripts) and goes back
 * to the page the switch was on. A language the shop does not offer is not set.
 */
export function storefrontLanguageRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  shopPage(
    services,
    api,
    'post',
    '/language',
    {
      summary: "Storefront page form: choose the shop's language (en, fr, de, lb), then back to the page",
      responses: { 303: SEE_OTHER, 403: FORM_REFUSED, 404: NOT_FOUND },
    },
    async (ctx, sf) => {
      const language = field(ctx, 'language');
      if (isLanguage(language) && sf.languages.includes(language)) {
        ctx.cookies.set(LANGUAGE_COOKIE, language, {
          httpOnly: false,
          sameSite: 'lax',
          path: '/',
          maxAge: 365 * 24 * 3600 * 1000,
          overwrite: true,
          secure: ctx.secure,
        });
      }
      seeOther(ctx, safeReturn(field(ctx, 'return'), sf.shopPath('/')));
    },
  );
  return api.router;
}
