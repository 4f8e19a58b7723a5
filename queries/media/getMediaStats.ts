import type { Knex } from 'knex';
import type { MediaListRow } from '../../projections/media/mediaList.ts';

/** Sums and counts of bigint columns come back as exact text (src/core/readModel.ts column.exact). */
interface Totals {
  total_images: number;
  total_bytes: string;
  uploaded_bytes: string;
  vendors: number;
}
interface VariantTotals {
  variant: string;
  bytes: string;
  files: number;
}
interface VendorTotals {
  vendor_id: MediaListRow['vendor_id'];
  vendor_code: string | null;
  name: string | null;
  images: string;
  bytes: string;
}

/** Storage statistics: images, bytes in total and per variant, and (platform-wide) the top vendors. */
export async function getMediaStats(knex: Knex, vendorId: number | null) {
  const scoped = () =>
    vendorId === null ? knex<MediaListRow>('media_list') : knex<MediaListRow>('media_list').where('vendor_id', vendorId);
  const [t]: Totals[] = await scoped().select(
    knex.raw('count(*)::int AS total_images'),
    knex.raw('coalesce(sum(total_bytes), 0)::bigint AS total_bytes'),
    knex.raw('coalesce(sum(source_bytes), 0)::bigint AS uploaded_bytes'),
    knex.raw('count(DISTINCT vendor_id)::int AS vendors'),
  );
  const perVariant: VariantTotals[] = await scoped()
    .joinRaw('CROSS JOIN LATERAL jsonb_array_elements(media_list.variants) AS v(item)')
    .select(
      knex.raw("v.item->>'variant' AS variant"),
      knex.raw("sum((v.item->>'bytes')::bigint)::bigint AS bytes"),
      knex.raw('count(*)::int AS files'),
    )
    .groupByRaw("v.item->>'variant'");
  const topVendors =
    vendorId !== null
      ? undefined
      : (
          (await knex('media_list as m')
            .leftJoin('vendor_list as vl', 'vl.id', 'm.vendor_id')
            .select('m.vendor_id', 'vl.vendor_code', 'vl.name')
            .count({ images: '*' })
            .sum({ bytes: 'm.total_bytes' })
            .groupBy('m.vendor_id', 'vl.vendor_code', 'vl.name')
            .orderBy('bytes', 'desc')
            .limit(10)) as VendorTotals[]
        ).map((r) => ({
          vendor_id: r.vendor_id,
          vendor_code: r.vendor_code,
          vendor_name: r.name,
          images: Number(r.images),
          bytes: Number(r.bytes),
        }));
  // An aggregate without GROUP BY answers one row, even over no image.
  const totals = t;
  const totalBytes = Number(totals.total_bytes);
  return {
    vendor_id: vendorId,
    total_images: totals.total_images,
    total_files: perVariant.reduce((n, v) => n + v.files, 0),
    total_bytes: totalBytes,
    total_mb: Math.round((totalBytes / 1024 / 1024) * 100) / 100,
    uploaded_bytes: Number(totals.uploaded_bytes),
    by_variant: Object.fromEntries(perVariant.map((v) => [v.variant, { files: v.files, bytes: Number(v.bytes) }])),
    ...(topVendors ? { vendors: totals.vendors, top_vendors: topVendors } : {}),
  };
}
