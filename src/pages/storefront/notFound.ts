import type { NotFoundPage } from '../../http/notFoundPage.ts';
import type { Services } from '../../runtime/services.ts';
import { storefrontOf, vendorOfPage } from './context.ts';
import { renderNotFound } from './layout.ts';

/**
 * A browser's unknown page under a shop, in the shop's frame (its theme, navigation and
 * language): any path under /vendors/{code}/ on the platform's host, any path of a vendor's
 * subdomain or custom domain. Elsewhere the service's own page answers.
 */
export function shopNotFoundPage(services: Services): NotFoundPage {
  return async (ctx) => {
    const segment = /^\/vendors\/([^/]+)(?:\/|$)/.exec(ctx.path)?.[1];
    let code: string | undefined;
    try {
      code = segment === undefined ? undefined : decodeURIComponent(segment);
    } catch {
      return false;
    }
    const vendor = await vendorOfPage(services, ctx, code);
    if (!vendor) return false;
    renderNotFound(ctx, await storefrontOf(services, ctx, vendor));
    return true;
  };
}
