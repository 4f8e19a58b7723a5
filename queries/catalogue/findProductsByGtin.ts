import type { Knex } from 'knex';
import type { VendorProductListRow } from '../../projections/catalogue/vendorProductList.ts';

/** The columns a match reads, with the English title. */
type Match = Pick<VendorProductListRow, 'id' | 'gtin14' | 'is_digital'> & { title: string | null };

/**
 * A vendor's products by GTIN/EAN, compared in the 14-digit form (an EAN-13 matches its GTIN-14
 * with a leading zero). A GTIN is unique in one vendor's catalogue (commands/catalogue/
 * productReservations.ts), so each GTIN maps to at most one product.
 */
export async function findProductsByGtin(
  knex: Knex,
  vendorId: number,
  gtins: string[],
): Promise<Map<string, { id: number; is_digital: boolean; title: string | null }>> {
  const wanted = [...new Set(gtins.map((g) => g.padStart(14, '0')))];
  const found = new Map<string, { id: number; is_digital: boolean; title: string | null }>();
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await knex<VendorProductListRow>('vendor_product_list')
      .select<Match[]>('id', 'gtin14', 'is_digital', knex.raw("translations->'en'->>'title' AS title"))
      .where('vendor_id', vendorId)
      .whereIn('gtin14', wanted.slice(i, i + 1000));
    // Matched by gtin14, so it is never null here.
    for (const r of rows) if (r.gtin14 !== null) found.set(r.gtin14, { id: r.id, is_digital: r.is_digital, title: r.title });
  }
  return found;
}
