import type { Knex } from 'knex';

/**
 * The admin user search keeps one trigram index, user_list_search; the per-role forms
 * (user_list_search_admin, user_list_search_vendor, of 2026112105_user_list_role_search.ts) go.
 *
 * They were made when every row a search read had its searched text lower-cased again: reading a
 * role's candidates only was then worth an index per role. Since 2026112201_user_list_search_text.ts
 * the text is stored, and testing a candidate's role costs next to nothing. Measured on the 100,000
 * users of scenario 6 (`npm run bench -- http-list`'s two mixes, 1,000 requests each, serially,
 * three alternations with and without them): 1.80 / 1.86 / 2.46 ms per request without, 1.86 /
 * 2.07 / 2.31 with (the issue's mix); 1.43 / 1.60 / 1.91 against 1.65 / 1.72 / 1.57 (the admin
 * mix). Without them every write of a user row updates one search index instead of three, and a
 * rebuild of user_list builds one.
 */
const ROLES = ['admin', 'vendor'];

export async function up(knex: Knex): Promise<void> {
  for (const role of ROLES) await knex.raw(`DROP INDEX IF EXISTS user_list_search_${role}`);
}

export async function down(knex: Knex): Promise<void> {
  const trgm = await knex.raw<{ rows: unknown[] }>(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
  if (trgm.rows.length === 0) return;
  for (const role of ROLES) {
    await knex.raw(
      `CREATE INDEX IF NOT EXISTS user_list_search_${role} ON user_list USING gin (search_text gin_trgm_ops) WHERE role = '${role}'`,
    );
  }
}
