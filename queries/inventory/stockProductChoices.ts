import type { Knex } from 'knex';
import type { VendorProductListRow } from '../../src/modules/catalogue.ts';
import { productTitleSql } from './listInventory.ts';

/** A product choice: the product's id and SKU, and its title (English first, else any). */
type Choice = Pick<VendorProductListRow, 'id' | 'vendor_sku'> & { title: string | null };

/**
 * The products a vendor can open a stock row for (physical, not the placeholder of unmatched
 * extmarket items), as the back office's product choice offers them: id and "Title (SKU)", by
 * title, bounded (a shop with more finds a product by its id in the product pages).
 */
export async function stockProductChoices(knex: Knex, vendorId: number, limit = 1000): Promise<[string, string][]> {
  const rows = await knex('vendor_product_list as p')
    .where('p.vendor_id', vendorId)
    .where('p.is_digital', false)
    .where('p.is_placeholder', false)
    .select<Choice[]>('p.id', 'p.vendor_sku', knex.raw(`${productTitleSql} AS title`))
    .orderByRaw('title NULLS LAST, p.id')
    .limit(limit);
  return rows.map((r) => [String(r.id), `${r.title ?? `#${r.id}`}${r.vendor_sku ? ` (${r.vendor_sku})` : ''}`]);
}
