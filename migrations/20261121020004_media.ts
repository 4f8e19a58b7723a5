import type { Knex } from 'knex';

/** Media read model: uploaded images and their WebP variants (SPEC.md part 8). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE media_id_seq');
  // projections/media/mediaList.ts
  await knex.raw(`CREATE TABLE media_list (
    id              integer PRIMARY KEY,
    vendor_id       integer NOT NULL,
    product_id      integer,
    file_name       text NOT NULL,
    source_format   text NOT NULL,
    source_bytes    bigint NOT NULL,
    width           integer NOT NULL,
    height          integer NOT NULL,
    variants        jsonb NOT NULL,
    total_bytes     bigint NOT NULL,
    uploaded_by     text,
    created_at      timestamptz NOT NULL
  )`);
  await knex.raw('CREATE INDEX media_list_vendor ON media_list (vendor_id, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE media_list');
  await knex.raw('DROP SEQUENCE media_id_seq');
}
