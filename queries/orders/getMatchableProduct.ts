import type { Knex } from 'knex';
import { ProductException, ProductNotFoundException } from '../../commands/catalogue/errors.ts';
import type { VendorProductListRow } from '../../src/modules/catalogue.ts';

/**
 * A vendor product an unmatched order item may be linked to: one of the vendor's own, and not
 * its placeholder product (that is what the item is linked to already).
 */
export async function getMatchableProduct(
  knex: Knex,
  vendorId: number,
  productId: number,
): Promise<{ id: number; gtin: string | null; is_digital: boolean }> {
  const row = await knex<VendorProductListRow>('vendor_product_list')
    .select('id', 'gtin', 'is_digital', 'is_placeholder')
    .where({ id: productId, vendor_id: vendorId })
    .first();
  if (!row) throw new ProductNotFoundException(`Product ${productId} not found`);
  if (row.is_placeholder) throw new ProductException('An order item cannot be matched to the placeholder product');
  return { id: row.id, gtin: row.gtin, is_digital: row.is_digital };
}
