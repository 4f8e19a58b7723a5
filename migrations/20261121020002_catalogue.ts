import type { Knex } from 'knex';

/**
 * Catalogue read models: marketplace products with their translations (and the rows of
 * running imports, staged until their job completes), and vendor products. Money in *_cents
 * (SPEC.md part 2 "Conventions"); gtin14 is the 14-digit form used for matching.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE vendor_product_id_seq');
  // projections/catalogue/marketplaceProductList.ts
  // Rows of running imports, one per accepted CSV row, until their job completes or fails.
  await knex.raw(`CREATE TABLE marketplace_import_staging (
    job_id            integer NOT NULL,
    batch             integer NOT NULL,
    "row"             integer NOT NULL,
    language          text NOT NULL,
    product_id        integer NOT NULL,
    key               text NOT NULL,
    gtin              text,
    gtin_type         text,
    sku               text,
    brand             text,
    image_link        text,
    price_cents       bigint,
    sale_price_cents  bigint,
    currency          text NOT NULL,
    product_type_raw  text,
    marketplace       text NOT NULL,
    vendor_name       text,
    title             text NOT NULL,
    description       text,
    short_description text,
    PRIMARY KEY (job_id, batch, "row")
  )`);
  // When the catalogue has taken in a completed import (the job reads "publishing" until then).
  await knex.raw(`CREATE TABLE marketplace_import_publications (
    job_id       integer PRIMARY KEY,
    published_at timestamptz NOT NULL
  )`);
  await knex.raw(`CREATE TABLE marketplace_product_list (
    id               integer PRIMARY KEY,
    key              text NOT NULL UNIQUE,
    gtin             text,
    gtin14           text,
    gtin_type        text,
    sku              text,
    brand            text,
    image_link       text,
    price_cents      bigint,
    sale_price_cents bigint,
    currency         text NOT NULL,
    product_type_raw text,
    marketplace      text NOT NULL,
    vendor_name      text,
    vendor_id        integer,
    last_job_id      integer NOT NULL,
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL
  )`);
  await knex.raw('CREATE INDEX marketplace_product_list_marketplace ON marketplace_product_list (marketplace, id)');
  await knex.raw('CREATE INDEX marketplace_product_list_vendor_name ON marketplace_product_list (vendor_name)');
  await knex.raw('CREATE INDEX marketplace_product_list_gtin14 ON marketplace_product_list (gtin14)');
  await knex.raw(`CREATE TABLE marketplace_product_translations (
    product_id        integer NOT NULL,
    language          text NOT NULL,
    title             text NOT NULL,
    description       text,
    short_description text,
    updated_at        timestamptz NOT NULL,
    PRIMARY KEY (product_id, language)
  )`);
  // projections/catalogue/vendorProductList.ts
  await knex.raw(`CREATE TABLE vendor_product_list (
    id                            integer PRIMARY KEY,
    vendor_id                     integer NOT NULL,
    vendor_sku                    text,
    gtin                          text,
    gtin14                        text,
    gtin_type                     text,
    marketplace                   text,
    brand                         text,
    image_link                    text,
    product_type_raw              text,
    price_cents                   bigint NOT NULL,
    sale_price_cents              bigint,
    cost_cents                    bigint,
    tax_rate_bp                   integer NOT NULL,
    currency                      text NOT NULL,
    is_digital                    boolean NOT NULL,
    is_active                     boolean NOT NULL,
    is_placeholder                boolean NOT NULL,
    source_marketplace_product_id integer,
    translations                  jsonb NOT NULL,
    created_at                    timestamptz NOT NULL,
    updated_at                    timestamptz NOT NULL
  )`);
  await knex.raw('CREATE INDEX vendor_product_list_vendor ON vendor_product_list (vendor_id, id)');
  await knex.raw('CREATE INDEX vendor_product_list_gtin14 ON vendor_product_list (vendor_id, gtin14)');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'vendor_product_list',
    'marketplace_product_translations',
    'marketplace_product_list',
    'marketplace_import_publications',
    'marketplace_import_staging',
  ]) {
    await knex.raw(`DROP TABLE ${table}`);
  }
  await knex.raw('DROP SEQUENCE vendor_product_id_seq');
}
