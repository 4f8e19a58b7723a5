import type { Knex } from 'knex';
import type { VendorListRow } from '../../projections/vendors/vendorList.ts';

/**
 * The vendors as an admin page's vendor filter offers them: id and "Name (CODE)", by name. The
 * platform's vendors are hundreds at most, so one bounded list serves every filter.
 */
export async function vendorChoices(knex: Knex): Promise<[string, string][]> {
  const rows: Pick<VendorListRow, 'id' | 'name' | 'vendor_code'>[] = await knex('vendor_list')
    .select('id', 'name', 'vendor_code')
    .orderBy('name')
    .limit(1000);
  return rows.map((r) => [String(r.id), `${r.name} (${r.vendor_code})`]);
}
