import type { Knex } from 'knex';
import { UserNotFoundException } from '../../commands/users/errors.ts';
import { sql } from '../../src/runtime/database.ts';
import type { UserListRow } from '../../projections/users/userList.ts';
import { toUserItem, type UserListItem } from './listUsers.ts';

/**
 * Counts of records related to a user, for UserDetailResponse (SPEC.md 4.1). Areas add their
 * counter here (companies owned, vendor memberships...) as they arrive: a scalar SQL expression
 * in which `$1` is the user id. The detail reads the user and every count in one statement.
 */
export const relatedCounters: Record<string, string> = {};

export async function getUser(knex: Knex, id: number): Promise<UserListItem & { counts: Record<string, number> }> {
  const names = Object.keys(relatedCounters);
  const counted = names.map((name, i) => `, (${relatedCounters[name]})::int AS "count_${i}"`).join('');
  // Named by the counters' number: areas register theirs when their modules load, before any request.
  const [row] = await sql<UserListRow & { [count: `count_${number}`]: number }>(
    knex,
    `SELECT u.*${counted} FROM user_list u WHERE u.id = $1`,
    [id],
    `get_user_${names.length}`,
  );
  if (!row) throw new UserNotFoundException(`User ${id} not found`);
  const counts: Record<string, number> = {};
  names.forEach((name, i) => {
    counts[name] = Number(row[`count_${i}`]);
    delete row[`count_${i}`];
  });
  return { ...toUserItem(row), counts };
}

/** Login lookup: by e-mail (case-insensitive) or username. */
export async function findUserIdByLogin(knex: Knex, emailOrUsername: string): Promise<number | null> {
  const value = emailOrUsername.trim().toLowerCase();
  const row = await knex<UserListRow>('user_list')
    .select('id')
    .whereRaw('lower(email) = ?', [value])
    .orWhereRaw('lower(username) = ?', [value])
    .first();
  return row ? row.id : null;
}
