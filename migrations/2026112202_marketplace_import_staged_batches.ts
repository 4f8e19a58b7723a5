import type { Knex } from 'knex';

/**
 * A running import's accepted rows are staged one batch per row (projections/catalogue/
 * marketplaceProductList.ts), not one CSV row per row.
 *
 * marketplace_import_staging held a row per accepted CSV row: each was parsed into jsonb at the
 * bind, inserted with its key, read twice at the completion (products, then translations),
 * deleted, and vacuumed away. A rebuild of the catalogue (630,457 rows) spent 7.1 s of its 20 s
 * of statements staging, 0.3 s deleting and 0.9 s vacuuming the staging table. Now a batch is
 * stored as the event carried it, as `json` (checked, not parsed into a tree), and expanded once
 * when it is published.
 *
 * The document is compressed with lz4 where the server has it; elsewhere (PGlite) it is stored
 * uncompressed: pglz took three times as long as lz4 over the same batches.
 *
 * Rows staged by jobs running at the migration are moved into the new table, in their order.
 */
const ROW_FIELDS = `"row", product_id, key, gtin, gtin_type, sku, brand, image_link, price_cents, sale_price_cents, currency,
  product_type_raw, marketplace, vendor_name, title, description, short_description`;

export async function up(knex: Knex): Promise<void> {
  const [lz4] = (
    await knex.raw<{ rows: unknown[] }>(`SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)`)
  ).rows;
  await knex.raw(`CREATE TABLE marketplace_import_staged_batches (
    job_id   integer NOT NULL,
    batch    integer NOT NULL,
    language text NOT NULL,
    rows     json NOT NULL,
    PRIMARY KEY (job_id, batch)
  )`);
  await knex.raw(
    lz4
      ? 'ALTER TABLE marketplace_import_staged_batches ALTER COLUMN rows SET COMPRESSION lz4'
      : 'ALTER TABLE marketplace_import_staged_batches ALTER COLUMN rows SET STORAGE EXTERNAL',
  );
  await knex.raw(`INSERT INTO marketplace_import_staged_batches (job_id, batch, language, rows)
    SELECT s.job_id, s.batch, min(s.language), json_agg((SELECT to_json(r) FROM (SELECT ${ROW_FIELDS.replace(/(\w+|"row")/g, (c) => `s.${c}`)}) r) ORDER BY s."row")
      FROM marketplace_import_staging s GROUP BY s.job_id, s.batch`);
  await knex.raw('DROP TABLE marketplace_import_staging');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE marketplace_import_staging (
    job_id integer NOT NULL, batch integer NOT NULL, "row" integer NOT NULL, language text NOT NULL, product_id integer NOT NULL,
    key text NOT NULL, gtin text, gtin_type text, sku text, brand text, image_link text, price_cents bigint, sale_price_cents bigint,
    currency text NOT NULL, product_type_raw text, marketplace text NOT NULL, vendor_name text, title text NOT NULL, description text,
    short_description text, PRIMARY KEY (job_id, batch, "row")
  )`);
  await knex.raw(`INSERT INTO marketplace_import_staging (job_id, batch, language, ${ROW_FIELDS})
    SELECT b.job_id, b.batch, b.language, r.* FROM marketplace_import_staged_batches b,
      json_to_recordset(b.rows) AS r("row" int, product_id int, key text, gtin text, gtin_type text, sku text, brand text, image_link text,
        price_cents bigint, sale_price_cents bigint, currency text, product_type_raw text, marketplace text, vendor_name text,
        title text, description text, short_description text)`);
  await knex.raw('DROP TABLE marketplace_import_staged_batches');
}
