import type { Knex } from 'knex';
import { sql } from '../../src/runtime/database.ts';

/**
 * Who may act for a vendor: the vendor guard reads it from the instance's memory (AccessFacts,
 * kept by projections/team/vendorAccessView.ts), so removing a member, deactivating a user or a
 * vendor, or transferring the company ends access on every instance within its tail's delay.
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

/** One statement (it runs on every vendor request): the vendor with its company, the user, the membership. */
const ACCESS_SQL = `SELECT v.id AS vendor_id, v.vendor_code, v.name AS vendor_name, v.is_active AS vendor_active, v.company_id, v.owner_user_id,
    u.id AS user_id, u.is_active AS user_active, u.must_change_password, u.username, u.email,
    m.role AS member_role, m.permissions AS member_permissions
  FROM (SELECT $1::int AS vendor_id, $2::int AS user_id) k
  LEFT JOIN (SELECT v.id, v.vendor_code, v.name, v.is_active, v.company_id, c.owner_user_id
      FROM vendor_list v JOIN company_list c ON c.id = v.company_id) v ON v.id = k.vendor_id
  LEFT JOIN user_list u ON u.id = k.user_id
  LEFT JOIN LATERAL (SELECT role, permissions FROM vendor_team_members
      WHERE vendor_id = k.vendor_id AND user_id = k.user_id AND is_active LIMIT 1) m ON true`;

/** A row of ACCESS_SQL: every column null that its join did not find. */
interface AccessRead {
  vendor_id: number | null;
  vendor_code: string;
  vendor_name: string;
  vendor_active: boolean;
  company_id: number;
  owner_user_id: number | string | null;
  user_id: number | null;
  user_active: boolean;
  must_change_password: boolean;
  username: string;
  email: string;
  member_role: string | null;
  member_permissions: string[] | null;
}

export async function getVendorAccess(knex: Knex, vendorId: number, userId: number): Promise<VendorAccess> {
  const [r] = (await sql<AccessRead>(knex, ACCESS_SQL, [vendorId, userId], 'vendor_access')) as [AccessRead];
  const vendor =
    r.vendor_id === null
      ? null
      : { id: r.vendor_id, vendor_code: r.vendor_code, name: r.vendor_name, is_active: r.vendor_active, company_id: r.company_id };
  const owner = vendor !== null && Number(r.owner_user_id) === userId;
  const member = r.member_role === null ? null : { role: r.member_role, permissions: r.member_permissions ?? [] };
  return {
    vendor,
    user:
      r.user_id === null
        ? null
        : { id: r.user_id, is_active: r.user_active, must_change_password: r.must_change_password, username: r.username, email: r.email },
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
  const owned = await knex('vendor_list as v')
    .join('company_list as c', 'c.id', 'v.company_id')
    .select<Omit<AccessibleVendor, 'role'>[]>('v.id', 'v.vendor_code', 'v.name')
    .where({ 'c.owner_user_id': userId, 'v.is_active': true })
    .orderBy('v.id');
  const member = await knex('vendor_team_members as m')
    .join('vendor_list as v', 'v.id', 'm.vendor_id')
    .select<AccessibleVendor[]>('v.id', 'v.vendor_code', 'v.name', 'm.role')
    .where({ 'm.user_id': userId, 'm.is_active': true, 'v.is_active': true })
    .orderBy('v.id');
  const out: AccessibleVendor[] = owned.map((v) => ({ ...v, role: 'owner' }));
  for (const m of member) if (!out.some((o) => o.id === m.id)) out.push(m);
  return out;
}

/** The memory view that holds AccessFacts (src/runtime/memoryViews.ts), named so a generic layer can read it. */
export const VENDOR_ACCESS_VIEW = 'vendor_access';

/** A user as the guards and the back offices' frame need them: access flags, and the name and language a page greets them with. */
export type AccessUser = NonNullable<VendorAccess['user']> & {
  role: string;
  first_name: string | null;
  last_name: string | null;
  preferred_language: string | null;
};
export type AccessVendor = NonNullable<VendorAccess['vendor']> & { dashboard_language: string | null };

/** Who may act for which vendor: the facts the vendor guard checks on every request. */
export interface AccessFacts {
  users: Map<number, AccessUser>;
  vendors: Map<number, AccessVendor>;
  /** Company → its owner (the owner of every vendor of the company). */
  owners: Map<number, number>;
  /** `vendor:user` → the active membership's role and permissions. */
  members: Map<string, { role: string; permissions: string[] }>;
}

export const memberKey = (vendorId: number, userId: number) => `${vendorId}:${userId}`;

/** The caller's access as getVendorAccess reads it from the tables, here from memory. */
export function vendorAccessOf(facts: AccessFacts, vendorId: number, userId: number): VendorAccess {
  const vendor = facts.vendors.get(vendorId) ?? null;
  const user = facts.users.get(userId) ?? null;
  const owner = vendor !== null && facts.owners.get(vendor.company_id) === userId;
  const member = facts.members.get(memberKey(vendorId, userId)) ?? null;
  return {
    vendor: vendor && {
      id: vendor.id,
      vendor_code: vendor.vendor_code,
      name: vendor.name,
      is_active: vendor.is_active,
      company_id: vendor.company_id,
    },
    user: user && {
      id: user.id,
      is_active: user.is_active,
      must_change_password: user.must_change_password,
      username: user.username,
      email: user.email,
    },
    role: !vendor ? null : owner ? 'owner' : member ? member.role : null,
    permissions: !owner && member ? [...member.permissions] : [],
  };
}

/** A signed-in account's name and language for a back office's frame, from memory (no statement per page). */
export function accountOf(
  facts: AccessFacts,
  userId: number,
): Pick<AccessUser, 'username' | 'first_name' | 'last_name' | 'preferred_language'> | null {
  return facts.users.get(userId) ?? null;
}

/** A vendor's name and dashboard language for its back office's frame, from memory. */
export function vendorFrameOf(facts: AccessFacts, vendorId: number): Pick<AccessVendor, 'name' | 'dashboard_language'> | null {
  return facts.vendors.get(vendorId) ?? null;
}
