import type Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { MediaNotFoundException } from '../../core/errors.ts';
import { getShopProductImage } from '../../modules/catalogue.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { ImageFile, sendVariant, VariantParams } from '../mediaUpload.ts';
import { IdParams } from '../validation.ts';
import { shopVendorOf } from '../vendorContext.ts';

const ImageParams = Type.Composite([Type.Object({ product_id: IdParams.properties.id }), VariantParams]);

/**
 * The shop's product images (the URLs the shop's catalogue answers with): a file is served only
 * when its product is one the shop shows, so an image of another vendor's or a hidden product is
 * "not found", like an unknown id.
 */
export function shopProductImageRoutes(services: Services): Router {
  const api = new Api(services, 'shop');
  const knex = services.db.knex;
  const vendorOf = (ctx: Context) => shopVendorOf(ctx).id;

  api.get(
    '/products/:product_id/images/:id/:variant',
    {
      summary: "A product image's file: the original or the 800 px or 200 px variant, WebP",
      params: ImageParams,
      responses: { 200: ImageFile },
      errors: [MediaNotFoundException],
    },
    async (ctx, { params }) => {
      await getShopProductImage(knex, vendorOf(ctx), params.product_id, params.id);
      await sendVariant(services, ctx, params.id, params.variant, vendorOf(ctx));
    },
  );

  return api.router;
}
