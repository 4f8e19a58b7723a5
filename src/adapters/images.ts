import sharp from 'sharp';
import { UnsupportedMediaException } from '../core/errors.ts';

/**
 * Image variants (SPEC.md part 8): the original, an 800 px and a 200 px version, all converted to
 * WebP with sharp. "800 px" is the longest side; smaller images are never enlarged. EXIF
 * orientation is applied and metadata (GPS position, camera serials) is dropped. SVG is refused:
 * it is a document that may reference other files, not a picture.
 */
export const VARIANTS = [
  { name: 'original', size: null, quality: 90 },
  { name: '800', size: 800, quality: 82 },
  { name: '200', size: 200, quality: 80 },
] as const;
export type VariantName = (typeof VARIANTS)[number]['name'];

const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif', 'avif']);
/** A decompression bomb guard: 60 megapixels is beyond any product photo. */
const MAX_PIXELS = 60_000_000;

export interface ImageVariant {
  name: VariantName;
  data: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  format: string;
  width: number;
  height: number;
  variants: ImageVariant[];
}

export async function toWebpVariants(input: Buffer): Promise<ProcessedImage> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new UnsupportedMediaException('The file is not an image (accepted: JPEG, PNG, WebP, GIF, TIFF, HEIF, AVIF)');
  }
  if (!meta.format || !FORMATS.has(meta.format)) {
    throw new UnsupportedMediaException(
      `Images in ${meta.format ?? 'this'} format are not accepted (accepted: JPEG, PNG, WebP, GIF, TIFF, HEIF, AVIF)`,
    );
  }
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_PIXELS) {
    throw new UnsupportedMediaException(`The image is larger than ${MAX_PIXELS / 1_000_000} megapixels`);
  }
  try {
    const variants = await Promise.all(
      VARIANTS.map(async (v) => {
        let pipeline = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
        if (v.size) pipeline = pipeline.resize({ width: v.size, height: v.size, fit: 'inside', withoutEnlargement: true });
        const { data, info } = await pipeline.webp({ quality: v.quality }).toBuffer({ resolveWithObject: true });
        return { name: v.name, data, width: info.width, height: info.height };
      }),
    );
    const original = variants[0];
    return { format: meta.format, width: original.width, height: original.height, variants };
  } catch {
    throw new UnsupportedMediaException('The image is damaged or truncated and cannot be converted');
  }
}
