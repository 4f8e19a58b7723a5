import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { getVendorRef } from '../../modules/vendors.ts';
import { getMediaStats } from '../../../queries/media/getMediaStats.ts';
import { listMedia } from '../../../queries/media/listMedia.ts';
import { MediaNotFoundException, UnsupportedMediaException, ValidationException, VendorNotFoundException } from '../../core/errors.ts';
import { ProductNotFoundException } from '../../../commands/catalogue/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import {
  ImageFile,
  imageUpload,
  MediaItem,
  MediaStats,
  sendVariant,
  storeUploadedImage,
  UploadForm,
  VariantParams,
} from '../mediaUpload.ts';
import { formBody } from '../multipart.ts';
import { Page } from '../responses.ts';
import { Id, PageQuery } from '../validation.ts';

const UploadFields = Type.Object(
  { vendor_id: Id, product_id: Type.Optional(Id) },
  { $id: 'AdminImageUpload', additionalProperties: false },
);
const urlOf = (id: number, variant: string) => `/api/v1/admin/media/${id}/${variant}`;

/**
 * Admin image endpoints (SPEC.md part 4 lists "the image upload and storage statistics
 * endpoints" without paths): upload for a vendor, the images of all vendors, the platform's
 * storage statistics (optionally for one vendor), and the files.
 */
export function adminMediaRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const knex = services.db.knex;

  api.post(
    '/media/images',
    {
      summary: 'Upload an image for a vendor (multipart field `file`): stored as original, 800 px and 200 px WebP',
      bodyType: 'multipart',
      body: UploadForm(UploadFields),
      use: [imageUpload],
      responses: { 201: MediaItem },
      errors: [ValidationException, UnsupportedMediaException, VendorNotFoundException, ProductNotFoundException],
    },
    async (ctx) => {
      const body = formBody(ctx, UploadFields);
      await getVendorRef(knex, body.vendor_id);
      await storeUploadedImage(
        services,
        ctx,
        body.vendor_id,
        body.product_id ?? null,
        body.vendor_id,
        commandContext(ctx, adminCaller(ctx).id),
        urlOf,
      );
    },
  );

  api.get(
    '/media/stats',
    {
      summary: 'Storage statistics of the platform (with the top vendors) or of one vendor',
      query: Type.Object({ vendor_id: Type.Optional(Id) }),
      responses: { 200: MediaStats },
    },
    async (ctx, { query }) => {
      ctx.body = await getMediaStats(knex, query.vendor_id ?? null);
    },
  );

  api.get(
    '/media',
    {
      summary: 'Images of every vendor (or one, or one product), newest first',
      query: Type.Object({ ...PageQuery, vendor_id: Type.Optional(Id), product_id: Type.Optional(Id) }),
      responses: { 200: Page(MediaItem) },
    },
    async (ctx, { query }) => {
      ctx.body = await listMedia(knex, query, { page: query.page ?? 1, limit: query.limit ?? 20 }, urlOf);
    },
  );

  api.get(
    '/media/:id/:variant',
    {
      summary: 'An image file: the original or the 800 px or 200 px variant, WebP',
      params: VariantParams,
      responses: { 200: ImageFile },
      errors: [MediaNotFoundException],
    },
    async (ctx, { params }) => {
      await sendVariant(services, ctx, params.id, params.variant, null);
    },
  );

  return api.router;
}
