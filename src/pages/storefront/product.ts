import type Router from '@koa/router';
import type { Context } from 'koa';
import { getShopProduct } from '../../modules/catalogue.ts';
import { ProductNotFoundException } from '../../../commands/catalogue/errors.ts';
import { t } from '../../core/i18n.ts';
import { Api } from '../../http/api.ts';
import type { Services } from '../../runtime/services.ts';
import { html } from '../html.ts';
import { priceOf, viewOf } from './catalogue.ts';
import type { Storefront } from './context.ts';
import { csrfField, PRODUCT_PLACEHOLDER, renderNotFound, renderPage } from './layout.ts';
import { errorMessage } from './messages.ts';
import { HTML_PAGE, NOT_FOUND, positiveInt, routeParam, shopPage } from './routing.ts';

/** A product page (/shop/products/{id}): its text, images, price, availability and the "add to cart" form (no JavaScript needed). */
export function storefrontProductRoutes(services: Services): Router {
  const api = new Api(services, 'root');
  shopPage(
    services,
    api,
    'get',
    '/products/:product_id',
    {
      summary: 'Storefront page: a product with its price, availability and the "add to cart" form',
      responses: { 200: HTML_PAGE, 404: NOT_FOUND },
    },
    async (ctx: Context, sf: Storefront) => {
      const id = positiveInt(routeParam(ctx, 'product_id'));
      let product: Awaited<ReturnType<typeof getShopProduct>>;
      try {
        if (id === null) throw new ProductNotFoundException('not a product id');
        product = await getShopProduct(services.db.knex, sf.vendor.id, id, viewOf(sf));
      } catch (err) {
        if (err instanceof ProductNotFoundException) return renderNotFound(ctx, sf);
        throw err;
      }
      const L = (key: Parameters<typeof t>[1]) => t(sf.language, key);
      const title = product.title ?? product.vendor_sku ?? `#${product.id}`;
      const available = product.availability;
      const max = available.unlimited ? 999 : Math.min(999, Math.max(1, available.available_quantity ?? 1));
      renderPage(ctx, sf, {
        title,
        error: errorMessage(sf.language, ctx.query.error),
        body: html`<p><a href="${sf.shopPath('/')}">← ${L('storefront.products')}</a></p>
<article class="product-detail"><h1>${title}</h1>${product.brand ? html`<p class="muted">${product.brand}</p>` : ''}
<p class="product-image"><img src="${product.image_url ?? PRODUCT_PLACEHOLDER}" alt="${product.image_url ? title : ''}" width="800" height="800"></p>
<p>${priceOf(product)}</p>
<p class="muted">${L(available.in_stock ? 'storefront.in_stock' : 'storefront.out_of_stock')}</p>
${product.short_description ? html`<p><strong>${product.short_description}</strong></p>` : ''}
${product.description ? html`<div class="description">${product.description.split(/\n{2,}/).map((para) => html`<p>${para}</p>`)}</div>` : ''}
${
  available.in_stock
    ? html`<form method="post" action="${sf.shopPath('/cart/items')}" class="add-to-cart">${csrfField(ctx)}
<input type="hidden" name="product_id" value="${product.id}">
<label>${L('storefront.quantity')} <input type="number" name="quantity" value="1" min="1" max="${max}" required></label>
<button type="submit" class="primary">${L('storefront.add_to_cart')}</button></form>`
    : ''
}</article>`,
      });
    },
  );
  return api.router;
}
