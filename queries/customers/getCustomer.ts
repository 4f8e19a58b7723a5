import type { Knex } from 'knex';
import { CustomerNotFoundException } from '../../commands/customers/errors.ts';
import type { CustomerListRow } from '../../projections/customers/customerList.ts';
import { customerRow, type CustomerRead } from './listCustomers.ts';

/** A saved address as customer_list.addresses stores it. */
export type StoredAddress = CustomerListRow['addresses'][number];

/** An address as the API shows it: `id` for the aggregate's address_id. */
export function addressView({ address_id, ...rest }: StoredAddress) {
  return { id: address_id, ...rest };
}

/** Saved addresses in a stable order: by type (billing, shipping), the default first, then as added. */
export function sortedAddresses(addresses: StoredAddress[]): StoredAddress[] {
  return [...addresses].sort(
    (a, b) => a.type.localeCompare(b.type) || Number(b.is_default) - Number(a.is_default) || a.address_id - b.address_id,
  );
}

/**
 * One customer with statistics, preferences and saved addresses. With `vendorId` (vendor area,
 * shop) a customer of another vendor is not found, exactly like an unknown id.
 */
export async function getCustomer(knex: Knex, id: number, vendorId?: number) {
  const q = knex('customer_list as c')
    .leftJoin('vendor_list as v', 'v.id', 'c.vendor_id')
    .select('c.*', 'v.vendor_code', 'v.name as vendor_name')
    .where('c.id', id);
  if (vendorId !== undefined) q.where('c.vendor_id', vendorId);
  const row = await q.first<(CustomerListRow & Pick<CustomerRead, 'vendor_code' | 'vendor_name'>) | undefined>();
  if (!row) throw new CustomerNotFoundException(`Customer ${id} not found`);
  return { ...customerRow(row), preferences: row.preferences, addresses: sortedAddresses(row.addresses).map(addressView) };
}
