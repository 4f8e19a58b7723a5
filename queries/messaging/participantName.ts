import type { Knex } from 'knex';
import type { UserListRow } from '../../src/modules/users.ts';

/** How an admin or a team member is named on the messages they write: their name, else their username. */
export async function userDisplayName(knex: Knex, userId: number): Promise<string> {
  const row = await knex<UserListRow>('user_list').where('id', userId).first('first_name', 'last_name', 'username');
  if (!row) return `User ${userId}`;
  return [row.first_name, row.last_name].filter(Boolean).join(' ').trim() || row.username;
}
