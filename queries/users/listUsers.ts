import type { Knex } from 'knex';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';

export interface UserListFilter {
  search?: string;
  role?: string;
  is_active?: boolean;
}

export interface UserListItem {
  id: number;
  email: string;
  username: string;
  role: string;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  preferred_language: string;
  is_active: boolean;
  must_change_password: boolean;
  created_at: string;
  updated_at: string;
}

export function toUserItem(r: any): UserListItem {
  const full = [r.first_name, r.last_name].filter(Boolean).join(' ');
  return {
    id: r.id, email: r.email, username: r.username, role: r.role, first_name: r.first_name, last_name: r.last_name,
    full_name: full || null, preferred_language: r.preferred_language, is_active: r.is_active,
    must_change_password: r.must_change_password,
    created_at: new Date(r.created_at).toISOString(), updated_at: new Date(r.updated_at).toISOString(),
  };
}

/** UserListResponse (SPEC.md 4.1): paginated, searched on e-mail, username and names. */
export function listUsers(knex: Knex, filter: UserListFilter, page: PageRequest): Promise<Page<UserListItem>> {
  const q = knex('user_list');
  if (filter.search) {
    const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q.where((w) => w.whereILike('email', like).orWhereILike('username', like)
      .orWhereILike('first_name', like).orWhereILike('last_name', like));
  }
  if (filter.role) q.where('role', filter.role);
  if (filter.is_active !== undefined) q.where('is_active', filter.is_active);
  return paginate(q, page, (qb) => qb.orderBy('id', 'asc'), toUserItem);
}

/** Autocomplete: the first matches by prefix of e-mail or username. */
export async function searchUsers(knex: Knex, term: string, limit: number) {
  const like = `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await knex('user_list').select('id', 'email', 'username', 'role')
    .where((w) => w.whereILike('email', like).orWhereILike('username', like))
    .orderBy('username').limit(limit);
  return rows;
}
