import type { Knex } from 'knex';

/**
 * The admin user list searched within one role (queries/users/listUsers.ts; the user list benchmark).
 * With the one search index of 2026112105_user_list_query.ts, a search with `role=admin` finds
 * every user whose text matches and throws two in three away after reading them: counting 1,001
 * admins called Anna read about 3,000 rows. These partial indexes hold one role each (the planner
 * picks them when the query names that role), so the candidates are the role's only. A role
 * without an index of its own is searched through user_list_search, as correctly, less cheaply.
 * A row is in two search indexes (the general one and its role's), half the four per-column
 * indexes of 20261121030001_user_list_search.ts.
 *
 * The expression must stay identical to USER_SEARCH_TEXT in queries/users/listUsers.ts.
 *
 * ANALYZE at the end: PostgreSQL keeps statistics of an index expression only from the next
 * ANALYZE on, and the list's estimated totals (past 1,000 matches) come from them.
 */
const SEARCH_TEXT = "lower(email || E'\\x1f' || username || E'\\x1f' || coalesce(first_name, '') || E'\\x1f' || coalesce(last_name, ''))";
const ROLES = ['admin', 'vendor'];

export async function up(knex: Knex): Promise<void> {
  const trgm = await knex.raw<{ rows: unknown[] }>(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
  if (trgm.rows.length === 0) return;
  for (const role of ROLES) {
    await knex.raw(
      `CREATE INDEX IF NOT EXISTS user_list_search_${role} ON user_list USING gin ((${SEARCH_TEXT}) gin_trgm_ops) WHERE role = '${role}'`,
    );
  }
  await knex.raw('ANALYZE user_list');
}

export async function down(knex: Knex): Promise<void> {
  for (const role of ROLES) await knex.raw(`DROP INDEX IF EXISTS user_list_search_${role}`);
}
