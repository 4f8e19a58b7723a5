import type { Knex } from 'knex';
import { UserNotFoundException } from '../../commands/users/errors.ts';
import { coalescedReadsPer } from '../../src/runtime/coalescedReads.ts';
import { sql } from '../../src/runtime/database.ts';
import type { UserListRow } from '../../projections/users/userList.ts';
import { toUserItem, type UserListItem } from './listUsers.ts';

/**
 * Counts of records related to a user, for UserDetailResponse (SPEC.md 4.1). Areas add their
 * counter here (companies owned, vendor memberships...) as they arrive: a scalar SQL expression
 * in which `$1` is the user id. The detail reads the user and every count in one statement.
 */
export const relatedCounters: Record<string, string> = {};

type CountedRow = UserListRow & { [count: `count_${number}`]: number };

/** The users' rows with their counts, by id; the reads of concurrent requests go in one statement. */
const reader = coalescedReadsPer<number, CountedRow>(async (knex, ids) => {
  const names = Object.keys(relatedCounters);
  // Each counter names the user `$1`: here, the row's id.
  const counted = names.map((name, i) => `, (${relatedCounters[name].replaceAll('$1', 'u.id')})::int AS "count_${i}"`).join('');
  // Named by the counters' number: areas register theirs when their modules load, before any request.
  const rows = await sql<CountedRow>(
    knex,
    `SELECT u.*${counted} FROM user_list u WHERE u.id = ANY($1::int[])`,
    [ids],
    `get_users_${names.length}`,
  );
  return new Map(rows.map((row) => [Number(row.id), row]));
});

export async function getUser(knex: Knex, id: number): Promise<UserListItem & { counts: Record<string, number> }> {
  const found = await reader(knex).read(id);
  if (!found) throw new UserNotFoundException(`User ${id} not found`);
  const row = { ...found };
  const counts: Record<string, number> = {};
  Object.keys(relatedCounters).forEach((name, i) => {
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
