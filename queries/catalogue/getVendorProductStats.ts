import type { Knex } from 'knex';

/** Counts by state and kind; the unit and value sums are bigint, exact text from the driver. */
interface Counts {
  total_products: number;
  active_products: number;
  inactive_products: number;
  digital_products: number;
  physical_products: number;
  placeholder_products: number;
  from_marketplace: number;
  in_stock: number;
  out_of_stock: number;
  total_units: string;
  stock_value_cents: string;
}

/**
 * Vendor product statistics (GET /admin/vendor-products/stats?vendor_id=, and the vendor's own):
 * counts by state and kind, and stock: products with and without units available.
 */
export async function getVendorProductStats(knex: Knex, vendorId: number | null) {
  const q = knex('vendor_product_list as p').leftJoin(
    knex('inventory_list')
      .select('product_id')
      .sum({ qty: 'quantity' })
      .sum({ reserved: 'reserved_quantity' })
      .groupBy('product_id')
      .as('s'),
    's.product_id',
    'p.id',
  );
  if (vendorId !== null) q.where('p.vendor_id', vendorId);
  const [r] = await q.select<Counts[]>(
    knex.raw('count(*)::int AS total_products'),
    knex.raw('count(*) FILTER (WHERE p.is_active)::int AS active_products'),
    knex.raw('count(*) FILTER (WHERE NOT p.is_active)::int AS inactive_products'),
    knex.raw('count(*) FILTER (WHERE p.is_digital)::int AS digital_products'),
    knex.raw('count(*) FILTER (WHERE NOT p.is_digital)::int AS physical_products'),
    knex.raw('count(*) FILTER (WHERE p.is_placeholder)::int AS placeholder_products'),
    knex.raw('count(*) FILTER (WHERE p.source_marketplace_product_id IS NOT NULL)::int AS from_marketplace'),
    knex.raw(
      'count(*) FILTER (WHERE NOT p.is_digital AND NOT p.is_placeholder AND coalesce(s.qty, 0) - coalesce(s.reserved, 0) > 0)::int AS in_stock',
    ),
    knex.raw(
      'count(*) FILTER (WHERE NOT p.is_digital AND NOT p.is_placeholder AND coalesce(s.qty, 0) - coalesce(s.reserved, 0) <= 0)::int AS out_of_stock',
    ),
    knex.raw('coalesce(sum(s.qty), 0)::bigint AS total_units'),
    knex.raw('coalesce(sum(s.qty * p.cost_cents), 0)::bigint AS stock_value_cents'),
  );
  return { vendor_id: vendorId, ...r, total_units: Number(r.total_units), stock_value_cents: Number(r.stock_value_cents) };
}
