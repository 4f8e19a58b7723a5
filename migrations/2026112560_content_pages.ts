import type { Knex } from 'knex';

/**
 * Content pages (commands/content-pages): their ids, and the content_pages read model
 * (projections/content-pages/contentPages.ts) behind the admin, vendor and shop page routes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE content_page_id_seq');
  await knex.raw(`CREATE TABLE content_pages (
    id                 integer PRIMARY KEY,
    vendor_id          integer,
    slug               text NOT NULL,
    template           text NOT NULL,
    is_published       boolean NOT NULL,
    show_in_header     boolean NOT NULL,
    show_in_footer     boolean NOT NULL,
    show_in_legal      boolean NOT NULL,
    sort_order         integer NOT NULL,
    default_language   text NOT NULL,
    translations       jsonb NOT NULL,
    created_at         timestamptz NOT NULL,
    updated_at         timestamptz NOT NULL,
    content_changed_at timestamptz NOT NULL,
    published_at       timestamptz
  )`);
  // One page per (owner, slug): the reservation streams decide it, the indexes state it.
  await knex.raw('CREATE UNIQUE INDEX content_pages_vendor_slug ON content_pages (vendor_id, slug) WHERE vendor_id IS NOT NULL');
  await knex.raw('CREATE UNIQUE INDEX content_pages_platform_slug ON content_pages (slug) WHERE vendor_id IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE content_pages');
  await knex.raw('DROP SEQUENCE content_page_id_seq');
}
