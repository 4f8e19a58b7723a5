import type { Clock } from '../../src/core/clock.ts';
import { toWebpVariants } from '../../src/adapters/images.ts';
import { displayName, removeMediaFiles, writeVariants } from '../../src/adapters/mediaStorage.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, load, type CommandContext } from '../../src/runtime/commandHandler.ts';
import type { Executor } from '../../src/runtime/database.ts';
import { nextId } from '../../src/runtime/nextId.ts';
import { media } from './media.ts';

export interface MediaDeps {
  clock: Clock;
  store: EventStore;
  db: Executor;
  dataDir: string;
}

export interface Upload {
  vendor_id: number;
  product_id: number | null;
  /** The client's file name: display text only. */
  file_name: string | null | undefined;
  data: Buffer;
}

/**
 * Converts an upload into the three WebP variants, writes them under DATA_DIR/media, then records
 * ImageUploaded. A non-image is a 422 before anything is written; if the event cannot be
 * appended the written files are removed again.
 */
export async function uploadImage(deps: MediaDeps, upload: Upload, ctx: CommandContext) {
  const image = await toWebpVariants(upload.data);
  const id = await nextId(deps.db, media.aggregate);
  const variants = await writeVariants(deps.dataDir, upload.vendor_id, id, image.variants);
  try {
    const done = await handleCommand(
      deps.store,
      media,
      id,
      {
        type: 'RecordImageUpload',
        data: {
          media_id: id,
          vendor_id: upload.vendor_id,
          product_id: upload.product_id,
          file_name: displayName(upload.file_name),
          source_format: image.format,
          source_bytes: upload.data.length,
          width: image.width,
          height: image.height,
          variants,
          total_bytes: variants.reduce((n, v) => n + v.bytes, 0),
          uploaded_by: ctx.userId,
          at: deps.clock.now().toISOString(),
        },
      },
      { ...ctx, vendorId: upload.vendor_id },
    );
    return { id, done: [done] };
  } catch (err) {
    await removeMediaFiles(deps.dataDir, upload.vendor_id, id);
    throw err;
  }
}

/** Records the deletion, then removes the files. */
export async function deleteImage(deps: MediaDeps, id: number, actingVendor: number | null, ctx: CommandContext) {
  const { state } = await load(deps.store, media, id);
  const done = await handleCommand(
    deps.store,
    media,
    id,
    { type: 'DeleteImage', data: { acting_vendor_id: actingVendor, at: deps.clock.now().toISOString() } },
    ctx,
  );
  if (state.status === 'stored') await removeMediaFiles(deps.dataDir, state.vendor_id, id);
  return [done];
}
