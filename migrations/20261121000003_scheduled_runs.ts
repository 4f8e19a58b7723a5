import type { Knex } from 'knex';

/** One row per (task, tick): the claim that makes a scheduled task run once per tick across instances. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE scheduled_runs (
    task        text NOT NULL,
    tick        timestamptz NOT NULL,
    instance    text NOT NULL,
    started_at  timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    error       text,
    PRIMARY KEY (task, tick)
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE scheduled_runs');
}
