import type { Knex } from 'knex';
import { TeamInvitationNotFoundException, TeamMemberNotFoundException } from '../../src/core/errors.ts';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';

/** Team queries; every one is scoped to the vendor of the caller's token. */
export interface TeamMemberItem {
  user_id: number;
  email: string | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  role: string;
  permissions: string[] | 'all';
  is_owner: boolean;
  is_active: boolean;
  joined_at: string | null;
}

const member = (r: any): TeamMemberItem => ({
  user_id: r.user_id, email: r.email ?? null, username: r.username ?? null, first_name: r.first_name ?? null, last_name: r.last_name ?? null,
  role: r.role, permissions: r.permissions, is_owner: false, is_active: r.is_active && r.user_active !== false,
  joined_at: r.joined_at ? new Date(r.joined_at).toISOString() : null,
});

/** The owner (from the company) first, then the active members in the order they joined (a team is small: paged in memory). */
export async function listTeamMembers(knex: Knex, vendorId: number, page: PageRequest = { page: 1, limit: 100 }): Promise<Page<TeamMemberItem>> {
  const owner = await knex('vendor_list as v').join('company_list as c', 'c.id', 'v.company_id')
    .leftJoin('user_list as u', 'u.id', 'c.owner_user_id')
    .select('c.owner_user_id as user_id', 'u.email', 'u.username', 'u.first_name', 'u.last_name', 'u.is_active')
    .where('v.id', vendorId).first();
  const rows = await knex('vendor_team_members as m').leftJoin('user_list as u', 'u.id', 'm.user_id')
    .select('m.*', 'u.email', 'u.username', 'u.first_name', 'u.last_name', 'u.is_active as user_active')
    .where({ 'm.vendor_id': vendorId, 'm.is_active': true }).orderBy('m.joined_at');
  const items: TeamMemberItem[] = [];
  if (owner) items.push({ ...member({ ...owner, role: 'owner', permissions: 'all', joined_at: null }), is_owner: true, is_active: owner.is_active ?? false });
  for (const r of rows) if (!owner || r.user_id !== owner.user_id) items.push(member(r));
  const from = (page.page - 1) * page.limit;
  return { items: items.slice(from, from + page.limit), total: items.length, page: page.page, limit: page.limit };
}

export async function getTeamMember(knex: Knex, vendorId: number, userId: number): Promise<TeamMemberItem> {
  const row = await knex('vendor_team_members as m').leftJoin('user_list as u', 'u.id', 'm.user_id')
    .select('m.*', 'u.email', 'u.username', 'u.first_name', 'u.last_name', 'u.is_active as user_active')
    .where({ 'm.vendor_id': vendorId, 'm.user_id': userId, 'm.is_active': true }).first();
  if (!row) throw new TeamMemberNotFoundException(`User ${userId} is not a member of this team`);
  return member(row);
}

const invitation = (r: any) => ({
  id: r.id, email: r.email, role: r.role, permissions: r.permissions,
  status: r.status === 'pending' && new Date(r.expires_at).getTime() <= Date.now() ? 'expired' : r.status,
  invited_by: r.invited_by, expires_at: new Date(r.expires_at).toISOString(), accepted_user_id: r.accepted_user_id,
  created_at: new Date(r.created_at).toISOString(),
});

/** The vendor's invitations, newest first. */
export function listTeamInvitations(knex: Knex, vendorId: number, status: string | undefined, page: PageRequest) {
  const q = knex('vendor_team_invitations').where('vendor_id', vendorId);
  if (status) q.where('status', status);
  return paginate(q, page, (x) => x.orderBy('id', 'desc'), invitation);
}

export async function getTeamInvitation(knex: Knex, vendorId: number, id: number) {
  const row = await knex('vendor_team_invitations').where({ vendor_id: vendorId, id }).first();
  if (!row) throw new TeamInvitationNotFoundException(`Invitation ${id} not found`);
  return invitation(row);
}

/** The acceptance lookup: an invitation by the hash of its secret (any vendor). */
export async function findInvitationByTokenHash(knex: Knex, tokenHash: string) {
  const row = await knex('vendor_team_invitations as i').join('vendor_list as v', 'v.id', 'i.vendor_id')
    .select('i.id', 'i.vendor_id', 'i.email', 'i.status', 'i.expires_at', 'v.name as vendor_name', 'v.vendor_code', 'v.is_active as vendor_active')
    .where('i.token_hash', tokenHash).first();
  return row ?? null;
}
