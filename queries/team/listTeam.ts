import type { Knex } from 'knex';
import { TeamInvitationNotFoundException, TeamMemberNotFoundException } from '../../commands/team/errors.ts';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';
import type { VendorTeamInvitationRow } from '../../projections/team/vendorTeamInvitations.ts';
import type { VendorTeamMemberRow } from '../../projections/team/vendorTeamMembers.ts';

/** Team queries; every one is scoped to the vendor of the caller's token. */
export interface TeamMemberItem {
  user_id: number;
  email: string | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  role: string;
  permissions: VendorTeamMemberRow['permissions'] | 'all';
  is_owner: boolean;
  is_active: boolean;
  joined_at: string | null;
}

/** A membership (or the owner's row, whose permissions are 'all') with its user's names. */
type MemberRead = Pick<VendorTeamMemberRow, 'user_id' | 'role' | 'is_active'> & {
  permissions: TeamMemberItem['permissions'];
  joined_at: Date | null;
  email?: string | null;
  username?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  user_active?: boolean | null;
};

const member = (r: MemberRead): TeamMemberItem => ({
  user_id: r.user_id,
  email: r.email ?? null,
  username: r.username ?? null,
  first_name: r.first_name ?? null,
  last_name: r.last_name ?? null,
  role: r.role,
  permissions: r.permissions,
  is_owner: false,
  is_active: r.is_active && r.user_active !== false,
  joined_at: r.joined_at ? r.joined_at.toISOString() : null,
});

/**
 * The owner (from the company) first, then the active members in the order they joined (user id
 * on a tie), paged in SQL: one UNION ALL of the owner row and the membership rows (the owner's own
 * membership, if any, left out), joined to the users for their names, counted by paginate.
 */
export function listTeamMembers(knex: Knex, vendorId: number, page: PageRequest): Promise<Page<TeamMemberItem>> {
  const owner = knex('vendor_list as v')
    .join('company_list as c', 'c.id', 'v.company_id')
    .where('v.id', vendorId)
    .select(
      'c.owner_user_id as user_id',
      knex.raw(`'owner'::text AS role`),
      knex.raw(`'"all"'::jsonb AS permissions`),
      knex.raw('true AS is_owner'),
      knex.raw('NULL::timestamptz AS joined_at'),
      knex.raw('0 AS rank'),
    );
  const members = knex('vendor_team_members as m')
    .where({ 'm.vendor_id': vendorId, 'm.is_active': true })
    .whereNotExists(
      knex('vendor_list as v')
        .join('company_list as c', 'c.id', 'v.company_id')
        .where('v.id', vendorId)
        .whereRaw('c.owner_user_id = m.user_id')
        .select(knex.raw('1')),
    )
    .select('m.user_id', 'm.role', 'm.permissions', knex.raw('false AS is_owner'), 'm.joined_at', knex.raw('1 AS rank'));
  const base = knex
    .from(owner.unionAll(members, true).as('t'))
    .leftJoin('user_list as u', 'u.id', 't.user_id')
    .select('t.*', 'u.email', 'u.username', 'u.first_name', 'u.last_name', 'u.is_active as user_active');
  return paginate(
    base,
    page,
    (q) => q.orderBy([{ column: 't.rank' }, { column: 't.joined_at' }, { column: 't.user_id' }]),
    (r: Omit<MemberRead, 'is_active'> & { is_owner: boolean; user_active: boolean | null }) =>
      r.is_owner
        ? // The owner is active while their account is; a member while the membership (always, here) and the account are.
          { ...member({ ...r, is_active: true }), is_owner: true, is_active: r.user_active ?? false }
        : member({ ...r, is_active: true }),
  );
}

export async function getTeamMember(knex: Knex, vendorId: number, userId: number): Promise<TeamMemberItem> {
  const row = await knex('vendor_team_members as m')
    .leftJoin('user_list as u', 'u.id', 'm.user_id')
    .select('m.*', 'u.email', 'u.username', 'u.first_name', 'u.last_name', 'u.is_active as user_active')
    .where({ 'm.vendor_id': vendorId, 'm.user_id': userId, 'm.is_active': true })
    .first<MemberRead | undefined>();
  if (!row) throw new TeamMemberNotFoundException(`User ${userId} is not a member of this team`);
  return member(row);
}

/** An invitation as the API shows it: a pending one past its expiry (by the service's clock) is expired. */
const invitation = (r: VendorTeamInvitationRow, now: Date) => ({
  id: r.id,
  email: r.email,
  role: r.role,
  permissions: r.permissions,
  status: r.status === 'pending' && r.expires_at.getTime() <= now.getTime() ? ('expired' as const) : r.status,
  invited_by: r.invited_by,
  expires_at: r.expires_at.toISOString(),
  accepted_user_id: r.accepted_user_id,
  created_at: r.created_at.toISOString(),
});

/** The vendor's invitations, newest first. */
export function listTeamInvitations(knex: Knex, vendorId: number, status: string | undefined, page: PageRequest, now: Date) {
  const q = knex('vendor_team_invitations').where('vendor_id', vendorId);
  if (status) q.where('status', status);
  return paginate(
    q,
    page,
    (x) => x.orderBy('id', 'desc'),
    (r: VendorTeamInvitationRow) => invitation(r, now),
  );
}

export async function getTeamInvitation(knex: Knex, vendorId: number, id: number, now: Date) {
  const row = await knex<VendorTeamInvitationRow>('vendor_team_invitations').where({ vendor_id: vendorId, id }).first();
  if (!row) throw new TeamInvitationNotFoundException(`Invitation ${id} not found`);
  return invitation(row, now);
}

/** An invitation as its acceptance reads it, with the vendor it opens. */
export interface InvitationByToken {
  id: number;
  vendor_id: number;
  email: string;
  status: VendorTeamInvitationRow['status'];
  expires_at: Date;
  vendor_name: string;
  vendor_code: string;
  vendor_active: boolean;
}

/** The acceptance lookup: an invitation by the hash of its secret (any vendor). */
export async function findInvitationByTokenHash(knex: Knex, tokenHash: string) {
  const row = await knex('vendor_team_invitations as i')
    .join('vendor_list as v', 'v.id', 'i.vendor_id')
    .select(
      'i.id',
      'i.vendor_id',
      'i.email',
      'i.status',
      'i.expires_at',
      'v.name as vendor_name',
      'v.vendor_code',
      'v.is_active as vendor_active',
    )
    .where('i.token_hash', tokenHash)
    .first<InvitationByToken | undefined>();
  return row ?? null;
}
