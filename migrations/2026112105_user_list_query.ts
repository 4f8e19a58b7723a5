import type { Knex } from 'knex';

/**
 * The admin user list at 100,000 users (the user list benchmark; queries/users/listUsers.ts).
 *
 * One trigram index over the searched text replaces the four per-column ones of
 * 20261121030001_user_list_search.ts: a search was a BitmapOr of four index scans and then four
 * ILIKEs per candidate row; now it is one index scan and one LIKE on a lower-cased text. The
 * expression must stay identical to USER_SEARCH_TEXT in queries/users/listUsers.ts (a test
 * checks that the planner uses the index). One GIN index instead of four is also less work for
 * every write of the user_list projection.
 *
 * user_list_created_at serves the created_at sorts (created_at, then id: a total order); the
 * email and username sorts use the unique lower(...) indexes, id the primary key.
 *
 * pg_trgm may be missing on a server without the contrib package: the search then scans.
 */
const SEARCH_TEXT = "lower(email || E'\\x1f' || username || E'\\x1f' || coalesce(first_name, '') || E'\\x1f' || coalesce(last_name, ''))";
const OLD = ['email', 'username', 'first_name', 'last_name'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS user_list_created_at ON user_list (created_at, id)');
  const trgm = await knex.raw<{ rows: unknown[] }>(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
  if (trgm.rows.length === 0) return;
  await knex.raw(`CREATE INDEX IF NOT EXISTS user_list_search ON user_list USING gin ((${SEARCH_TEXT}) gin_trgm_ops)`);
  for (const column of OLD) await knex.raw(`DROP INDEX IF EXISTS user_list_${column}_trgm`);
}

export async function down(knex: Knex): Promise<void> {
  const trgm = await knex.raw<{ rows: unknown[] }>(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
  if (trgm.rows.length > 0) {
    for (const column of OLD) {
      await knex.raw(`CREATE INDEX IF NOT EXISTS user_list_${column}_trgm ON user_list USING gin (${column} gin_trgm_ops)`);
    }
  }
  await knex.raw('DROP INDEX IF EXISTS user_list_search');
  await knex.raw('DROP INDEX IF EXISTS user_list_created_at');
}
