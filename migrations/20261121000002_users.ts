import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE user_id_seq');
  // Read model of the user aggregate (projections/users/userList.ts).
  await knex.raw(`CREATE TABLE user_list (
    id                   integer PRIMARY KEY,
    email                text NOT NULL,
    username             text NOT NULL,
    role                 text NOT NULL,
    first_name           text,
    last_name            text,
    preferred_language   text NOT NULL,
    is_active            boolean NOT NULL,
    must_change_password boolean NOT NULL DEFAULT false,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL
  )`);
  await knex.raw('CREATE UNIQUE INDEX user_list_email ON user_list (lower(email))');
  await knex.raw('CREATE UNIQUE INDEX user_list_username ON user_list (lower(username))');
  await knex.raw('CREATE INDEX user_list_role ON user_list (role, is_active)');
  // Failed sign-ins per key (account or address), for the login rate limit.
  await knex.raw(`CREATE TABLE auth_throttle (
    key          text PRIMARY KEY,
    failures     integer NOT NULL,
    window_start timestamptz NOT NULL
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE auth_throttle');
  await knex.raw('DROP TABLE user_list');
  await knex.raw('DROP SEQUENCE user_id_seq');
}
