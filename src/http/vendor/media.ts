import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { deleteImage } from '../../../commands/media/handlers.ts';
import { getMediaStats } from '../../../queries/media/getMediaStats.ts';
import { getMediaRow, listMedia, toMedia } from '../../../queries/media/listMedia.ts';
import { MediaNotFoundException, UnsupportedMediaException, ValidationException } from '../../core/errors.ts';
import { ProductNotFoundException } from '../../../commands/catalogue/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
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
import { Message, Page } from '../responses.ts';
import { Id, IdParams, PageQuery } from '../validation.ts';
import { vendorCommandContext, vendorCaller } from '../vendorAuth.ts';

const UploadFields = Type.Object({ product_id: Type.Optional(Id) }, { $id: 'VendorImageUpload', additionalProperties: false });
const urlOf = (id: number, variant: string) => `/api/v1/vendor/media/${id}/${variant}`;

/**
 * The vendor's images (SPEC.md 4.2 "media", part 8): upload (multipart field `file`, optional
 * `product_id`) → original, 800 px and 200 px WebP; list; storage statistics; the files; delete.
 */
export function vendorMediaRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const knex = services.db.knex;
  const me = (ctx: { state: unknown }) => vendorCaller(ctx).id;

  api.post(
    '/media/images',
    {
      feature: 'product_media',
      summary: "Upload an image (multipart field `file`, optionally for one of the vendor's products): original, 800 px and 200 px WebP",
      permission: 'products.edit',
      bodyType: 'multipart',
      body: UploadForm(UploadFields),
      use: [imageUpload],
      responses: { 201: MediaItem },
      errors: [ValidationException, UnsupportedMediaException, ProductNotFoundException],
    },
    async (ctx) => {
      const body = formBody(ctx, UploadFields);
      await storeUploadedImage(services, ctx, me(ctx), body.product_id ?? null, me(ctx), vendorCommandContext(ctx), urlOf);
    },
  );

  api.get(
    '/media/stats',
    {
      feature: 'product_media',
      summary: "The vendor's storage statistics",
      permission: 'products.view',
      responses: { 200: MediaStats },
    },
    async (ctx) => {
      ctx.body = await getMediaStats(knex, me(ctx));
    },
  );

  api.get(
    '/media',
    {
      feature: 'product_media',
      summary: "The vendor's images (or one product's), newest first",
      permission: 'products.view',
      query: Type.Object({ ...PageQuery, product_id: Type.Optional(Id) }),
      responses: { 200: Page(MediaItem) },
    },
    async (ctx, { query }) => {
      ctx.body = await listMedia(
        knex,
        { vendor_id: me(ctx), product_id: query.product_id },
        { page: query.page ?? 1, limit: query.limit ?? 20 },
        urlOf,
      );
    },
  );

  api.get(
    '/media/:id',
    {
      feature: 'product_media',
      summary: "One of the vendor's images with its variants",
      permission: 'products.view',
      params: IdParams,
      responses: { 200: MediaItem },
      errors: [MediaNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = toMedia(await getMediaRow(knex, params.id, me(ctx)), urlOf);
    },
  );

  api.get(
    '/media/:id/:variant',
    {
      feature: 'product_media',
      summary: 'An image file: the original or the 800 px or 200 px variant, WebP',
      permission: 'products.view',
      params: VariantParams,
      responses: { 200: ImageFile },
      errors: [MediaNotFoundException],
    },
    async (ctx, { params }) => {
      await sendVariant(services, ctx, params.id, params.variant, me(ctx));
    },
  );

  api.delete(
    '/media/:id',
    {
      feature: 'product_media',
      summary: "Delete one of the vendor's images and its files",
      permission: 'products.edit',
      params: IdParams,
      responses: { 200: Message },
      errors: [MediaNotFoundException],
    },
    async (ctx, { params }) => {
      await services.settle(
        await deleteImage(
          { store: services.store, db: knex, clock: services.clock, dataDir: services.config.dataDir },
          params.id,
          me(ctx),
          vendorCommandContext(ctx),
        ),
      );
      ctx.body = { message: `Image ${params.id} deleted`, id: params.id };
    },
  );

  return api.router;
}
