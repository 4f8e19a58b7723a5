import type { Context } from 'koa';
import type { Api, RouteDecl } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import { type Storefront, storefrontOf, vendorOfPage } from './context.ts';
import { csrfValid } from './cookies.ts';
import { pathParams, routeParam } from '../forms.ts';
import { renderPage } from './layout.ts';
import { html } from '../html.ts';
import { t } from '../../core/i18n.ts';

/**
 * Storefront pages are declared like every route (src/http/api.ts, in the `root` area), once per
 * form the shop can be reached in: the path form /vendors/{code}/shop/… on the platform host, and
 * /shop/… on a vendor's subdomain or verified custom domain. A URL that names no shop answers the
 * service's plain 404, as an unknown route does.
 */
export { FORM_REFUSED, HTML_PAGE, NOT_FOUND, SEE_OTHER } from '../shopFrame.ts';

export type PageHandler = (ctx: Context, sf: Storefront) => Promise<void>;

type Method = 'get' | 'post';

/** Declares a shop page at `/vendors/:vendor_code/shop{path}` and `/shop{path}`. */
export function shopPage(services: Services, api: Api, method: Method, path: string, decl: RouteDecl, handler: PageHandler): void {
  for (const prefix of ['/vendors/:vendor_code/shop', '/shop']) {
    api[method](`${prefix}${path}`, { ...decl, params: pathParams(`${prefix}${path}`) }, async (ctx) => {
      await servePage(services, ctx, method, handler);
    });
  }
}

/** Runs a page for the shop its URL names (CSRF-checked for a POST), or answers 404. */
export async function servePage(services: Services, ctx: Context, method: Method, handler: PageHandler): Promise<void> {
  // The path form names the shop by its code; on a vendor's host (no code in the path) the host names it.
  const vendor = await vendorOfPage(services, ctx, routeParam(ctx, 'vendor_code') || undefined);
  if (!vendor) {
    ctx.status = 404;
    return;
  }
  const sf = await storefrontOf(services, ctx, vendor);
  if (method === 'post' && !csrfValid(ctx)) {
    renderPage(
      ctx,
      sf,
      {
        title: t(sf.language, 'storefront.forbidden_title'),
        body: html`<h1>${t(sf.language, 'storefront.forbidden_title')}</h1><p>${t(sf.language, 'storefront.forbidden_text')}</p>
<p><a href="${sf.shopPath('/')}">${t(sf.language, 'storefront.back_to_shop')}</a></p>`,
      },
      403,
    );
    return;
  }
  await handler(ctx, sf);
}

export { field, pathParams, routeParam, seeOther } from '../forms.ts';

/** A positive whole number of a form field or query parameter, or null. */
export function positiveInt(value: unknown, max = 2_147_483_647): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}
