import type { Knex } from 'knex';
import { VendorNotFoundException } from '../../src/core/errors.ts';
import type { VendorListRow } from '../../projections/vendors/vendorList.ts';

/** The tenant directory entry of a vendor (vendor_list, the tenancy area's read model), or a 404. */
export async function getVendorRef(
  knex: Knex,
  vendorId: number,
): Promise<{ id: number; vendor_code: string; name: string; is_active: boolean; default_tax_rate: number | null }> {
  const row = await knex<VendorListRow>('vendor_list')
    .select('id', 'vendor_code', 'name', 'is_active', 'extmarket_settings')
    .where('id', vendorId)
    .first();
  if (!row) throw new VendorNotFoundException(`Vendor ${vendorId} not found`);
  // The jsonb document, or its JSON text where a driver hands it out unparsed.
  const stored: unknown = row.extmarket_settings;
  const settings = (typeof stored === 'string' ? JSON.parse(stored) : (stored ?? {})) as VendorListRow['extmarket_settings'];
  const rate = Number(settings.default_tax_rate);
  return {
    id: row.id,
    vendor_code: row.vendor_code,
    name: row.name,
    is_active: row.is_active,
    default_tax_rate: Number.isFinite(rate) && settings.default_tax_rate !== null ? rate : null,
  };
}
