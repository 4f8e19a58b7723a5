import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Context } from 'koa';
import { Type, type TObject } from '@sinclair/typebox';
import { liveProduct } from '../modules/catalogue.ts';
import { uploadImage } from '../../commands/media/handlers.ts';
import { getMediaRow, toMedia } from '../../queries/media/listMedia.ts';
import { mediaFilePath } from '../adapters/mediaStorage.ts';
import { MediaNotFoundException, UnsupportedMediaException } from '../core/errors.ts';
import type { CommandContext } from '../runtime/commandHandler.ts';
import type { Services } from '../runtime/services.ts';
import { multipart, uploadLimits, uploadedFile } from './multipart.ts';
import { MediaListRow } from '../../projections/media/mediaList.ts';
import { Nullable, rowFields } from './responses.ts';

/**
 * Image upload and file serving, shared by the vendor media routes and the admin's upload for a
 * vendor (SPEC.md part 8: original, 800 px and 200 px, WebP). Over the size limit is a 413 before
 * the body is read to the end; a file sharp cannot read is a 422.
 */
export const imageUpload = multipart(() => ({ maxFileBytes: uploadLimits.imageBytes }));
export const VariantParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  variant: Type.Union([Type.Literal('original'), Type.Literal('800'), Type.Literal('200')]),
});

/** An image and its WebP variants (queries/media/listMedia.ts toMedia), for the admin and vendor media routes. */
export const MediaItem = Type.Object(
  {
    ...rowFields(MediaListRow, ['id', 'vendor_id', 'product_id', 'file_name', 'source_format']),
    // The byte counts are bigint in the table (exact text from the driver), numbers in the answer.
    source_bytes: Type.Integer(),
    ...rowFields(MediaListRow, ['width', 'height']),
    total_bytes: Type.Integer({ description: 'The stored variants together' }),
    // Each variant without its stored path, with the URL it is served at.
    variants: Type.Array(
      Type.Object({
        variant: Type.Union([Type.Literal('original'), Type.Literal('800'), Type.Literal('200')]),
        width: Type.Integer(),
        height: Type.Integer(),
        bytes: Type.Integer(),
        content_type: Type.String(),
        url: Type.String({ description: 'Where the file is served (GET, same credentials)' }),
      }),
    ),
    ...rowFields(MediaListRow, ['uploaded_by', 'created_at']),
  },
  { $id: 'MediaItem' },
);

/** Storage statistics (queries/media/getMediaStats.ts); platform-wide ones add the vendors. */
export const MediaStats = Type.Object(
  {
    vendor_id: Nullable(Type.Integer()),
    total_images: Type.Integer(),
    total_files: Type.Integer(),
    total_bytes: Type.Integer(),
    total_mb: Type.Number(),
    uploaded_bytes: Type.Integer(),
    by_variant: Type.Record(Type.String(), Type.Object({ files: Type.Integer(), bytes: Type.Integer() })),
    vendors: Type.Optional(Type.Integer()),
    top_vendors: Type.Optional(
      Type.Array(
        Type.Object({
          vendor_id: Type.Integer(),
          vendor_code: Nullable(Type.String()),
          vendor_name: Nullable(Type.String()),
          images: Type.Integer(),
          bytes: Type.Integer(),
        }),
      ),
    ),
  },
  { $id: 'MediaStatsResponse' },
);

/** An upload form as documented, named after its fields (`<fields>Form`): its fields and the image (read by the handler, src/http/multipart.ts). */
export const UploadForm = (fields: TObject) =>
  Type.Intersect(
    [
      fields,
      Type.Object({
        file: Type.String({
          format: 'binary',
          description: 'The image: JPEG, PNG, WebP, GIF, TIFF, HEIF or AVIF (not SVG), at most 60 megapixels',
        }),
      }),
    ],
    fields.$id ? { $id: `${fields.$id}Form` } : {},
  );

/** The answer of a file route: the WebP bytes. */
export const ImageFile = { description: "The variant's WebP file", contentType: 'image/webp' };

/** Stores the request's image (multipart field `file`) through the media commands and waits until it is listed; its id. */
export async function saveUploadedImage(
  services: Services,
  ctx: Context,
  vendorId: number,
  productId: number | null,
  actingVendor: number | null,
  command: CommandContext,
): Promise<number> {
  const file = uploadedFile(ctx, 'file');
  if (!file)
    throw new UnsupportedMediaException('Send the image in the multipart field "file"', [{ pointer: '/body/file', message: 'required' }]);
  if (file.size === 0) throw new UnsupportedMediaException('The file is empty', [{ pointer: '/body/file', message: '0 bytes' }]);
  if (productId !== null) await liveProduct(services, productId, actingVendor);
  const { id, done } = await uploadImage(
    { store: services.store, db: services.db.knex, clock: services.clock, dataDir: services.config.dataDir },
    { vendor_id: vendorId, product_id: productId, file_name: file.originalFilename, data: await readFile(file.filepath) },
    command,
  );
  await services.settle(done);
  return id;
}

export async function storeUploadedImage(
  services: Services,
  ctx: Context,
  vendorId: number,
  productId: number | null,
  actingVendor: number | null,
  command: CommandContext,
  urlOf: (id: number, v: string) => string,
) {
  const id = await saveUploadedImage(services, ctx, vendorId, productId, actingVendor, command);
  ctx.status = 201;
  ctx.body = toMedia(await getMediaRow(services.db.knex, id, vendorId), urlOf);
}

export async function sendVariant(services: Services, ctx: Context, id: number, variant: string, vendorId: number | null) {
  const row = await getMediaRow(services.db.knex, id, vendorId);
  const found = row.variants.find((v) => v.variant === variant);
  if (!found) throw new MediaNotFoundException(`Image ${id} has no ${variant} variant`);
  ctx.type = 'image/webp';
  ctx.length = found.bytes;
  ctx.set('Cache-Control', 'private, max-age=86400, immutable');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = createReadStream(mediaFilePath(services.config.dataDir, found.path));
}
