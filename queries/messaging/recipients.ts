import type { Knex } from 'knex';
import type { UserListRow } from '../../src/modules/users.ts';
import type { VendorListRow } from '../../src/modules/vendors.ts';
import type { CustomerListRow } from '../../src/modules/customers.ts';
import { containing } from '../../src/core/likePattern.ts';

/**
 * Whom the back-office "new conversation" forms can name (src/pages/messaging/*Pages.ts): the
 * other admins, a vendor found by its code or name, a customer of the caller's vendor found by
 * e-mail. The command handlers check every recipient again on its own stream; these reads only
 * turn what a person typed or ticked into ids.
 */
export interface AdminRecipient {
  id: number;
  name: string;
  email: string;
}

/** The active admins other than the caller, by name (the platform has few admins: every one is a checkbox). */
export async function otherAdmins(knex: Knex, callerId: number, limit = 200): Promise<AdminRecipient[]> {
  const rows = await knex<UserListRow>('user_list')
    .where({ role: 'admin', is_active: true })
    .whereNot('id', callerId)
    .orderBy([{ column: 'last_name' }, { column: 'first_name' }, { column: 'username' }, { column: 'id' }])
    .limit(limit)
    .select('id', 'email', 'username', 'first_name', 'last_name');
  return rows.map((r) => ({ id: r.id, email: r.email, name: [r.first_name, r.last_name].filter(Boolean).join(' ').trim() || r.username }));
}

export interface VendorChoice {
  id: number;
  vendor_code: string;
  name: string;
}

/** Vendors whose code or name contains the term, for the admin form's search (a short list, not the catalogue of vendors). */
export async function searchVendors(knex: Knex, term: string, limit = 25): Promise<VendorChoice[]> {
  const like = containing(term);
  return knex<VendorListRow>('vendor_list')
    .where((w) => w.whereILike('vendor_code', like).orWhereILike('name', like))
    .orderBy([{ column: 'name' }, { column: 'id' }])
    .limit(limit)
    .select('id', 'vendor_code', 'name');
}

/**
 * The vendor an admin named: its code (any case), else the one vendor bearing exactly that name.
 * None when nothing matches or the name is shared (the code then tells them apart).
 */
export async function vendorNamed(knex: Knex, codeOrName: string): Promise<number | null> {
  const term = codeOrName.trim();
  if (term === '') return null;
  const byCode = await knex<VendorListRow>('vendor_list').whereRaw('upper(vendor_code) = upper(?)', [term]).first('id');
  if (byCode) return byCode.id;
  const byName = await knex<VendorListRow>('vendor_list').whereRaw('lower(name) = lower(?)', [term]).limit(2).select('id');
  return byName.length === 1 ? byName[0]!.id : null;
}

/** The vendor's customer with this e-mail (any case); a customer of another vendor is none. */
export async function vendorCustomerByEmail(knex: Knex, vendorId: number, email: string): Promise<number | null> {
  const term = email.trim();
  if (term === '') return null;
  const row = await knex<CustomerListRow>('customer_list')
    .where('vendor_id', vendorId)
    .whereRaw('lower(email) = lower(?)', [term])
    .first('id');
  return row ? row.id : null;
}
