import type { Services } from '../../runtime/services.ts';
import type { ShopFrame, ShopView } from '../shopFrame.ts';
import type { Storefront } from './context.ts';
import { serveVendorHostRoot } from './content.ts';
import { csrfField, renderNotFound, renderPage } from './layout.ts';
import { shopPage } from './routing.ts';
import { signedInCustomer } from './session.ts';

/**
 * The storefront's frame for the pages other areas add to the shop (src/pages/shopFrame.ts): the
 * same routing, layout, form token and customer session as the storefront's own pages. The frame
 * hands a page only the storefront it resolved for the request, so what comes back is one.
 */
export function storefrontFrame(services: Services): ShopFrame {
  const own = (shop: ShopView) => shop as Storefront;
  return {
    page: (api, method, path, decl, handler) => shopPage(services, api, method, path, decl, handler),
    render: (ctx, shop, content, status) => renderPage(ctx, own(shop), content, status),
    renderNotFound: (ctx, shop) => renderNotFound(ctx, own(shop)),
    formToken: csrfField,
    signedInCustomer: (ctx, shop) => signedInCustomer(services, ctx, own(shop)),
    serveHostRoot: (ctx) => serveVendorHostRoot(services, ctx),
  };
}
