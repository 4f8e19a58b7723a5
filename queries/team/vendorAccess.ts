import type { Knex } from 'knex';

/**
 * Who may act for a vendor, read from the read models on every vendor request, so removing a
 * member, deactivating a user or a vendor, or transferring the company ends access at once.
 * The owner is the owner of the vendor's company (SPEC.md part 2: ownership comes from the company).
 */
export interface VendorAccess {
  vendor: { id: number; vendor_code: string; name: string; is_active: boolean; company_id: number } | null;
  user: { id: number; is_active: boolean; must_change_password: boolean; username: string; email: string } | null;
  /** 'owner', a member role, or null when the user has no live access to this vendor. */
  role: string | null;
  /** Explicit permissions of the membership (the owner's are implied). */
  permissions: string[];
}

export async function getVendorAccess(knex: Knex, vendorId: number, userId: number): Promise<VendorAccess> {
  const [vendor, user, member] = await Promise.all([
    knex('vendor_list as v').join('company_list as c', 'c.id', 'v.company_id')
      .select('v.id', 'v.vendor_code', 'v.name', 'v.is_active', 'v.company_id', 'c.owner_user_id')
      .where('v.id', vendorId).first(),
    knex('user_list').select('id', 'is_active', 'must_change_password', 'username', 'email').where('id', userId).first(),
    knex('vendor_team_members').select('role', 'permissions').where({ vendor_id: vendorId, user_id: userId, is_active: true }).first(),
  ]);
  const owner = vendor && Number(vendor.owner_user_id) === userId;
  return {
    vendor: vendor ? { id: vendor.id, vendor_code: vendor.vendor_code, name: vendor.name, is_active: vendor.is_active, company_id: vendor.company_id } : null,
    user: user ?? null,
    role: !vendor ? null : owner ? 'owner' : member ? member.role : null,
    permissions: !owner && member ? member.permissions : [],
  };
}

export interface AccessibleVendor {
  id: number;
  vendor_code: string;
  name: string;
  role: string;
}

/** The active vendors a user may sign in to: those of the companies they own, then memberships. */
export async function listAccessibleVendors(knex: Knex, userId: number): Promise<AccessibleVendor[]> {
  const owned = await knex('vendor_list as v').join('company_list as c', 'c.id', 'v.company_id')
    .select('v.id', 'v.vendor_code', 'v.name').where({ 'c.owner_user_id': userId, 'v.is_active': true }).orderBy('v.id');
  const member = await knex('vendor_team_members as m').join('vendor_list as v', 'v.id', 'm.vendor_id')
    .select('v.id', 'v.vendor_code', 'v.name', 'm.role').where({ 'm.user_id': userId, 'm.is_active': true, 'v.is_active': true }).orderBy('v.id');
  const out: AccessibleVendor[] = owned.map((v: any) => ({ ...v, role: 'owner' }));
  for (const m of member) if (!out.some((o) => o.id === m.id)) out.push(m);
  return out;
}
