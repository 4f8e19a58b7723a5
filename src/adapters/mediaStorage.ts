import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { ImageVariant, VariantName } from './images.ts';

/**
 * Media files under DATA_DIR/media/<vendor id>/<media id>/<variant>.webp. Every path segment is
 * an integer or a fixed variant name chosen by the server: a client's file name is kept only as
 * display text in the events, never used as a path.
 */
export interface StoredVariant {
  variant: VariantName;
  /** Relative to DATA_DIR. */
  path: string;
  width: number;
  height: number;
  bytes: number;
  content_type: 'image/webp';
}

const folder = (vendorId: number, mediaId: number) => `media/${vendorId}/${mediaId}`;

export async function writeVariants(
  dataDir: string,
  vendorId: number,
  mediaId: number,
  variants: ImageVariant[],
): Promise<StoredVariant[]> {
  const dir = folder(vendorId, mediaId);
  await mkdir(join(dataDir, dir), { recursive: true });
  return Promise.all(
    variants.map(async (v) => {
      const path = `${dir}/${v.name}.webp`;
      await writeFile(join(dataDir, path), v.data, { mode: 0o640 });
      return { variant: v.name, path, width: v.width, height: v.height, bytes: v.data.length, content_type: 'image/webp' as const };
    }),
  );
}

export async function removeMediaFiles(dataDir: string, vendorId: number, mediaId: number): Promise<void> {
  await rm(join(dataDir, folder(vendorId, mediaId)), { recursive: true, force: true });
}

/** The absolute path of a stored variant, refusing anything outside DATA_DIR/media. */
export function mediaFilePath(dataDir: string, relative: string): string {
  if (!/^media\/\d+\/\d+\/(original|800|200)\.webp$/.test(relative)) throw new Error(`not a media path: ${relative}`);
  const root = resolve(dataDir, 'media');
  const full = resolve(dataDir, relative);
  if (!full.startsWith(root + sep)) throw new Error('media path outside the media folder');
  return full;
}

/** A client's file name reduced to safe display text (no folders, no control characters). */
export function displayName(name: string | null | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .trim()
    .slice(0, 200);
  return clean || 'image';
}
