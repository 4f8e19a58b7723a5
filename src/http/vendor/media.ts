import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { deleteImage } from '../../../commands/media/uploadImage.ts';
import { getMediaStats } from '../../../queries/media/getMediaStats.ts';
import { getMediaRow, listMedia, toMedia } from '../../../queries/media/listMedia.ts';
import type { Services } from '../../runtime/services.ts';
import { imageUpload, sendVariant, storeUploadedImage, VariantParams } from '../mediaUpload.ts';
import { coerceFormFields } from '../multipart.ts';
import { Id, IdParams, input, PageQuery } from '../validation.ts';
import { requireVendor, vendorCommandContext, type VendorCaller } from '../vendorAuth.ts';

const UploadFields = Type.Object({ product_id: Type.Optional(Id) }, { additionalProperties: false });
const urlOf = (id: number, variant: string) => `/api/v1/vendor/media/${id}/${variant}`;

/**
 * The vendor's images (SPEC.md 4.2 "media", part 8): upload (multipart field `file`, optional
 * `product_id`) → original, 800 px and 200 px WebP; list; storage statistics; the files; delete.
 */
export function vendorMediaRoutes(services: Services): Router {
  const router = new Router();
  const knex = services.db.knex;
  const me = (ctx: { state: any }) => (ctx.state.vendor as VendorCaller).id;
  const view = requireVendor(services, 'products.view');
  const edit = requireVendor(services, 'products.edit');

  router.post('/media/images', edit, imageUpload, async (ctx) => {
    (ctx.request as any).body = coerceFormFields((ctx.request as any).body ?? {}, UploadFields);
    const { body } = input(ctx, { body: UploadFields });
    await storeUploadedImage(services, ctx, me(ctx), body.product_id ?? null, me(ctx), vendorCommandContext(ctx), urlOf);
  });

  router.get('/media/stats', view, async (ctx) => {
    ctx.body = await getMediaStats(knex, me(ctx));
  });

  router.get('/media', view, async (ctx) => {
    const { query } = input(ctx, { query: Type.Object({ ...PageQuery, product_id: Type.Optional(Id) }) });
    ctx.body = await listMedia(knex, { vendor_id: me(ctx), product_id: query.product_id }, { page: query.page ?? 1, limit: query.limit ?? 20 }, urlOf);
  });

  router.get('/media/:id', view, async (ctx) => {
    const { params } = input(ctx, { params: IdParams });
    ctx.body = toMedia(await getMediaRow(knex, params.id, me(ctx)), urlOf);
  });

  router.get('/media/:id/:variant', view, async (ctx) => {
    const { params } = input(ctx, { params: VariantParams });
    await sendVariant(services, ctx, params.id, params.variant, me(ctx));
  });

  router.delete('/media/:id', edit, async (ctx) => {
    const { params } = input(ctx, { params: IdParams });
    await services.settle(await deleteImage({ store: services.store, db: knex, dataDir: services.config.dataDir }, params.id, me(ctx), vendorCommandContext(ctx)));
    ctx.body = { message: `Image ${params.id} deleted`, id: params.id };
  });

  return router;
}
