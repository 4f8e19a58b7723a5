import type { Knex } from 'knex';
import { UserNotFoundException } from '../../src/core/errors.ts';
import { toUserItem, type UserListItem } from './listUsers.ts';

/**
 * Counts of records related to a user, for UserDetailResponse (SPEC.md 4.1). Areas add their
 * counter here (companies owned, vendor memberships...) as they arrive.
 */
export const relatedCounters: Record<string, (knex: Knex, userId: number) => Promise<number>> = {};

export async function getUser(knex: Knex, id: number): Promise<UserListItem & { counts: Record<string, number> }> {
  const row = await knex('user_list').where('id', id).first();
  if (!row) throw new UserNotFoundException(`User ${id} not found`);
  const counts: Record<string, number> = {};
  for (const [name, count] of Object.entries(relatedCounters)) counts[name] = await count(knex, id);
  return { ...toUserItem(row), counts };
}

/** Login lookup: by e-mail (case-insensitive) or username. */
export async function findUserIdByLogin(knex: Knex, emailOrUsername: string): Promise<number | null> {
  const value = emailOrUsername.trim().toLowerCase();
  const row = await knex('user_list').select('id')
    .whereRaw('lower(email) = ?', [value]).orWhereRaw('lower(username) = ?', [value]).first();
  return row ? Number(row.id) : null;
}
