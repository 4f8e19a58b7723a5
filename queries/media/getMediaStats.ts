import type { Knex } from 'knex';

/** Storage statistics: images, bytes in total and per variant, and (platform-wide) the top vendors. */
export async function getMediaStats(knex: Knex, vendorId: number | null) {
  const scoped = () => (vendorId === null ? knex('media_list') : knex('media_list').where('vendor_id', vendorId));
  const [t] = await scoped().select(
    knex.raw('count(*)::int AS total_images'),
    knex.raw('coalesce(sum(total_bytes), 0)::bigint AS total_bytes'),
    knex.raw('coalesce(sum(source_bytes), 0)::bigint AS uploaded_bytes'),
    knex.raw('count(DISTINCT vendor_id)::int AS vendors'),
  );
  const perVariant = await scoped()
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
          await knex('media_list as m')
            .leftJoin('vendor_list as vl', 'vl.id', 'm.vendor_id')
            .select('m.vendor_id', 'vl.vendor_code', 'vl.name')
            .count({ images: '*' })
            .sum({ bytes: 'm.total_bytes' })
            .groupBy('m.vendor_id', 'vl.vendor_code', 'vl.name')
            .orderBy('bytes', 'desc')
            .limit(10)
        ).map((r: any) => ({
          vendor_id: r.vendor_id,
          vendor_code: r.vendor_code,
          vendor_name: r.name,
          images: Number(r.images),
          bytes: Number(r.bytes),
        }));
  const totalBytes = Number(t.total_bytes);
  return {
    vendor_id: vendorId,
    total_images: t.total_images,
    total_files: perVariant.reduce((n: number, v: any) => n + v.files, 0),
    total_bytes: totalBytes,
    total_mb: Math.round((totalBytes / 1024 / 1024) * 100) / 100,
    uploaded_bytes: Number(t.uploaded_bytes),
    by_variant: Object.fromEntries(perVariant.map((v: any) => [v.variant, { files: v.files, bytes: Number(v.bytes) }])),
    ...(topVendors ? { vendors: t.vendors, top_vendors: topVendors } : {}),
  };
}
