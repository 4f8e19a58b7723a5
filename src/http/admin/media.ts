import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { getVendorRef } from '../../../queries/catalogue/getVendorRef.ts';
import { getMediaStats } from '../../../queries/media/getMediaStats.ts';
import { listMedia } from '../../../queries/media/listMedia.ts';
import type { Services } from '../../runtime/services.ts';
import { commandContext } from '../auth.ts';
import { imageUpload, sendVariant, storeUploadedImage, VariantParams } from '../mediaUpload.ts';
import { coerceFormFields } from '../multipart.ts';
import { Id, input, PageQuery } from '../validation.ts';

const UploadFields = Type.Object({ vendor_id: Id, product_id: Type.Optional(Id) }, { additionalProperties: false });
const urlOf = (id: number, variant: string) => `/api/v1/admin/media/${id}/${variant}`;

/**
 * Admin image endpoints (SPEC.md part 4 lists "the image upload and storage statistics
 * endpoints" without paths): upload for a vendor, the images of all vendors, the platform's
 * storage statistics (optionally for one vendor), and the files.
 */
export function adminMediaRoutes(services: Services): Router {
  const router = new Router();
  const knex = services.db.knex;

  router.post('/media/images', imageUpload, async (ctx) => {
    (ctx.request as any).body = coerceFormFields((ctx.request as any).body ?? {}, UploadFields);
    const { body } = input(ctx, { body: UploadFields });
    await getVendorRef(knex, body.vendor_id);
    await storeUploadedImage(services, ctx, body.vendor_id, body.product_id ?? null, body.vendor_id, commandContext(ctx, ctx.state.admin.id), urlOf);
  });

  router.get('/media/stats', async (ctx) => {
    const { query } = input(ctx, { query: Type.Object({ vendor_id: Type.Optional(Id) }) });
    ctx.body = await getMediaStats(knex, query.vendor_id ?? null);
  });

  router.get('/media', async (ctx) => {
    const { query } = input(ctx, { query: Type.Object({ ...PageQuery, vendor_id: Type.Optional(Id), product_id: Type.Optional(Id) }) });
    ctx.body = await listMedia(knex, query, { page: query.page ?? 1, limit: query.limit ?? 20 }, urlOf);
  });

  router.get('/media/:id/:variant', async (ctx) => {
    const { params } = input(ctx, { params: VariantParams });
    await sendVariant(services, ctx, params.id, params.variant, null);
  });

  return router;
}
