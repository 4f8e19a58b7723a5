import type { Knex } from 'knex';
import type { VendorListRow } from '../../projections/vendors/vendorList.ts';

export type ShopLink = Pick<VendorListRow, 'vendor_code' | 'name'>;

/** The open shops (active vendors) by name, the first `limit` of them, and how many there are: what the home page links. */
export async function listShops(knex: Knex, limit: number): Promise<{ shops: ShopLink[]; total: number }> {
  const open = knex('vendor_list').where('is_active', true);
  const [rows, [{ n }]] = await Promise.all([
    open
      .clone()
      .select('vendor_code', 'name')
      .orderBy([{ column: 'name' }, { column: 'id' }])
      .limit(limit),
    open.clone().count({ n: '*' }),
  ]);
  return { shops: rows.map((r: ShopLink) => ({ vendor_code: r.vendor_code, name: r.name })), total: Number(n) };
}
