import type { Knex } from 'knex';
import { MediaNotFoundException } from '../../src/core/errors.ts';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import type { MediaListRow } from '../../projections/media/mediaList.ts';

/** Uploaded images with their WebP variants, and storage statistics (SPEC.md part 8). */
export function toMedia(r: MediaListRow, urlOf: (id: number, variant: string) => string) {
  return {
    id: r.id,
    vendor_id: r.vendor_id,
    product_id: r.product_id,
    file_name: r.file_name,
    source_format: r.source_format,
    source_bytes: Number(r.source_bytes),
    width: r.width,
    height: r.height,
    total_bytes: Number(r.total_bytes),
    variants: r.variants.map((v) => ({
      variant: v.variant,
      width: v.width,
      height: v.height,
      bytes: v.bytes,
      content_type: v.content_type,
      url: urlOf(r.id, v.variant),
    })),
    uploaded_by: r.uploaded_by,
    created_at: r.created_at.toISOString(),
  };
}
export type MediaItem = ReturnType<typeof toMedia>;

export function listMedia(
  knex: Knex,
  filter: { vendor_id?: number; product_id?: number },
  page: PageRequest,
  urlOf: (id: number, variant: string) => string,
): Promise<Page<MediaItem>> {
  const q = knex<MediaListRow>('media_list');
  if (filter.vendor_id !== undefined) q.where('vendor_id', filter.vendor_id);
  if (filter.product_id !== undefined) q.where('product_id', filter.product_id);
  return paginate(
    q,
    page,
    (qb) => qb.orderBy('id', 'desc'),
    (r: MediaListRow) => toMedia(r, urlOf),
  );
}

/** The stored row (with relative file paths), for serving a file. */
export async function getMediaRow(knex: Knex, id: number, vendorId: number | null): Promise<MediaListRow> {
  const q = knex<MediaListRow>('media_list').where('id', id);
  if (vendorId !== null) q.where('vendor_id', vendorId);
  const row = await q.first();
  if (!row) throw new MediaNotFoundException(`Image ${id} not found`);
  return row;
}
