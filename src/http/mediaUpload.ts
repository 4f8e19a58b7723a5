import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Context } from 'koa';
import { Type } from '@sinclair/typebox';
import { productFor } from '../../commands/inventory/handlers.ts';
import { uploadImage } from '../../commands/media/uploadImage.ts';
import { getMediaRow, toMedia } from '../../queries/media/listMedia.ts';
import { mediaFilePath } from '../adapters/mediaStorage.ts';
import { MediaNotFoundException, UnsupportedMediaException } from '../core/errors.ts';
import type { CommandContext } from '../runtime/commandHandler.ts';
import type { Services } from '../runtime/services.ts';
import { multipart, uploadLimits, uploadedFile } from './multipart.ts';

/**
 * Image upload and file serving, shared by the vendor media routes and the admin's upload for a
 * vendor (SPEC.md part 8: original, 800 px and 200 px, WebP). Over the size limit is a 413 before
 * the body is read to the end; a file sharp cannot read is a 422.
 */
export const imageUpload = multipart(() => ({ maxFileBytes: uploadLimits.imageBytes }));
export const VariantParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), variant: Type.Union([Type.Literal('original'), Type.Literal('800'), Type.Literal('200')]) });

export async function storeUploadedImage(services: Services, ctx: Context, vendorId: number, productId: number | null, actingVendor: number | null, command: CommandContext, urlOf: (id: number, v: string) => string) {
  const file = uploadedFile(ctx, 'file');
  if (!file) throw new UnsupportedMediaException('Send the image in the multipart field "file"', [{ pointer: '/body/file', message: 'required' }]);
  if (file.size === 0) throw new UnsupportedMediaException('The file is empty', [{ pointer: '/body/file', message: '0 bytes' }]);
  if (productId !== null) await productFor({ store: services.store, db: services.db.knex }, productId, actingVendor);
  const { id, done } = await uploadImage({ store: services.store, db: services.db.knex, dataDir: services.config.dataDir },
    { vendor_id: vendorId, product_id: productId, file_name: file.originalFilename, data: await readFile(file.filepath) }, command);
  await services.settle(done);
  ctx.status = 201;
  ctx.body = toMedia(await getMediaRow(services.db.knex, id, vendorId), urlOf);
}

export async function sendVariant(services: Services, ctx: Context, id: number, variant: string, vendorId: number | null) {
  const row = await getMediaRow(services.db.knex, id, vendorId);
  const variants = (typeof row.variants === 'string' ? JSON.parse(row.variants) : row.variants) as { variant: string; path: string; bytes: number }[];
  const found = variants.find((v) => v.variant === variant);
  if (!found) throw new MediaNotFoundException(`Image ${id} has no ${variant} variant`);
  ctx.type = 'image/webp';
  ctx.length = found.bytes;
  ctx.set('Cache-Control', 'private, max-age=86400, immutable');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = createReadStream(mediaFilePath(services.config.dataDir, found.path));
}
