import type { Knex } from 'knex';

/**
 * Trigram indexes for the admin user search (queries/users/listUsers.ts: ILIKE '%term%' on the
 * e-mail, the username and the names; searchUsers: ILIKE 'term%'). Without them every search
 * reads the whole user_list (measured at 100,000 users: a sequential scan per request for the
 * count and another for the page). pg_trgm is a contrib extension: PGlite loads it
 * (src/runtime/database.ts), a PostgreSQL server has it with its contrib package. Where it is not
 * available the migration does nothing: the search still works, by scanning.
 */
const COLUMNS = ['email', 'username', 'first_name', 'last_name'];

export async function up(knex: Knex): Promise<void> {
  const available = await knex.raw<{ rows: unknown[] }>(`SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'`);
  if (available.rows.length === 0) return;
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  for (const column of COLUMNS) {
    await knex.raw(`CREATE INDEX IF NOT EXISTS user_list_${column}_trgm ON user_list USING gin (${column} gin_trgm_ops)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const column of COLUMNS) await knex.raw(`DROP INDEX IF EXISTS user_list_${column}_trgm`);
}
