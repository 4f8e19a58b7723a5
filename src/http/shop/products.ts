import type Router from '@koa/router';
import type { Context } from 'koa';
import { getShopProduct } from '../../../queries/catalogue/getShopProduct.ts';
import { DEFAULT_SHOP_SORT, listShopProducts } from '../../../queries/catalogue/listShopProducts.ts';
import type { ShopView } from '../../../queries/catalogue/shopProduct.ts';
import { MediaNotFoundException, ValidationException } from '../../core/errors.ts';
import { ProductNotFoundException } from '../../../commands/catalogue/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { ShopProductDetail, ShopProductPage, ShopProductQuery } from '../schemas/shopCatalogue.ts';
import { IdParams } from '../validation.ts';
import { shopVendorOf } from '../vendorContext.ts';
import { resolveShopLanguage, type ShopLanguage } from './shopLanguage.ts';

const imageUrl: ShopView['imageUrl'] = (productId, imageId, variant) => `/api/v1/shop/products/${productId}/images/${imageId}/${variant}`;

/**
 * The shop's catalogue (SPEC.md 4.3 "GET /products", "GET /products/{id}"): the context vendor's
 * products a shopper may see, in the shopper's language (src/http/shop/shopLanguage.ts), with
 * prices formatted for it and what can be bought now. Anything the shop does not show (another
 * vendor's product, an inactive one, the placeholder) is "not found", like an unknown id.
 */
export function shopProductRoutes(services: Services): Router {
  const api = new Api(services, 'shop');
  const knex = services.db.knex;
  const vendorOf = (ctx: Context) => shopVendorOf(ctx).id;
  const viewOf = (language: ShopLanguage): ShopView => ({
    language: language.code,
    storefrontLanguage: language.storefront,
    formatLocale: language.formatLocale,
    imageUrl,
  });

  api.get(
    '/products',
    {
      summary: "The shop's products: searched, filtered (price, brand, stock, type), sorted, in the shopper's language",
      query: ShopProductQuery,
      responses: { 200: ShopProductPage },
    },
    async (ctx, { query }) => {
      const { page, limit, sort, ...filter } = query;
      if (filter.min_price_cents !== undefined && filter.max_price_cents !== undefined && filter.min_price_cents > filter.max_price_cents) {
        throw new ValidationException('min_price_cents is above max_price_cents', [
          { pointer: '/query/min_price_cents', message: 'must not be above max_price_cents' },
        ]);
      }
      const language = await resolveShopLanguage(services, ctx);
      const found = await listShopProducts(
        knex,
        { ...filter, vendor_id: vendorOf(ctx) },
        { page: page ?? 1, limit: limit ?? 20 },
        sort ?? DEFAULT_SHOP_SORT,
        viewOf(language),
      );
      ctx.set('Content-Language', language.code);
      ctx.body = { ...found, language: language.code, language_source: language.source };
    },
  );

  api.get(
    '/products/:id',
    {
      summary: "One of the shop's products with its images (original, 800 px, 200 px), every translation, price and availability",
      params: IdParams,
      responses: { 200: ShopProductDetail },
      errors: [ProductNotFoundException],
    },
    async (ctx, { params }) => {
      const language = await resolveShopLanguage(services, ctx);
      ctx.body = await getShopProduct(knex, vendorOf(ctx), params.id, viewOf(language));
      ctx.set('Content-Language', language.code);
    },
  );

  return api.router;
}
