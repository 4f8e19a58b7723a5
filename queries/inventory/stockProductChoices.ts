import type { Knex } from 'knex';
import { productTitleSql } from './listInventory.ts';

/**
 * The products a vendor can open a stock row for (physical, not the placeholder of unmatched
 * extmarket items), as the back office's product choice offers them: id and "Title (SKU)", by
 * title, bounded (a shop with more finds a product by its id in the product pages).
 */
export async function stockProductChoices(knex: Knex, vendorId: number, limit = 1000): Promise<[string, string][]> {
  const rows: { id: number; title: string | null; vendor_sku: string | null }[] = await knex('vendor_product_list as p')
    .where('p.vendor_id', vendorId)
    .where('p.is_digital', false)
    .where('p.is_placeholder', false)
    .select('p.id', 'p.vendor_sku', knex.raw(`${productTitleSql} AS title`))
    .orderByRaw('title NULLS LAST, p.id')
    .limit(limit);
  return rows.map((r) => [String(r.id), `${r.title ?? `#${r.id}`}${r.vendor_sku ? ` (${r.vendor_sku})` : ''}`]);
}
