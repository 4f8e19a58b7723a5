import type { Knex } from 'knex';

/**
 * The signup's rate limit per client address (src/http/platform/signupThrottle.ts): attempts in
 * the current window, counted in PostgreSQL so every instance sees the same counts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE signup_throttle (
    key           text PRIMARY KEY,
    attempts      integer NOT NULL,
    window_start  timestamptz NOT NULL
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE signup_throttle');
}
