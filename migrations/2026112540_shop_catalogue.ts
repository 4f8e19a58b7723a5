import type { Knex } from 'knex';

/**
 * The shop catalogue's reads (queries/catalogue/listShopProducts.ts) on vendor_product_list:
 *
 *  - `charged_price_cents`: what a shopper pays, the sale price when it is lower than the price.
 *    The shop's price filter and price order are on it, so it is a stored generated column with
 *    its own index, per vendor and over the products a shop shows only (active, not the
 *    placeholder): a price page is read in index order, as the vendor lists' pages are
 *    (20261125020001_catalogue_sort_indexes.ts).
 *  - `search_text`: the searched text of a product, lower-cased and stored (the projection does
 *    not name it; PostgreSQL fills it in): SKU, GTIN, brand, and the title and description of every
 *    language the product has, joined by a unit separator (U+001F) so that no match spans two
 *    fields. The translations are one jsonb document, so a column per language would mean four
 *    indexes for one search; a product matches when any of its texts holds the term, which is
 *    also what a shopper sees when a product lacks their language and is shown in another.
 *    Indexed by trigrams (pg_trgm: PGlite loads it, a server has it with its contrib package and
 *    20261121030001_user_list_search.ts created it), which serves `LIKE '%term%'` as the user
 *    search does (2026112201_user_list_search_text.ts). Without pg_trgm the search scans.
 *  - the brand and product type filters, any letter case, per vendor: (vendor_id, lower(brand))
 *    and (vendor_id, lower(product_type_raw)) with text_pattern_ops, which also serves the prefix
 *    match of a parent type (`LIKE 'home > %'`). Not partial: PostgreSQL keeps statistics of an
 *    index's expressions only for an index on every row, and the estimated total of a filtered
 *    list rests on them (without them it guessed 0.5 % of the rows for a brand 10 % had).
 *  - `media_list (product_id, id)`: a product's images in upload order, for the detail and the
 *    list's thumbnails (until now only the vendor's whole media list was indexed).
 *
 * One statement per raw call (PGlite).
 */
const TEXTS = ['en', 'fr', 'de', 'lb'].flatMap((l) => [`{${l},title}`, `{${l},description}`]).map((path) => `translations #>> '${path}'`);
const SEARCH_TEXT = `lower(${['vendor_sku', 'gtin', 'brand', ...TEXTS].map((f) => `coalesce(${f}, '')`).join(` || E'\\x1f' || `)})`;

const hasTrigrams = async (knex: Knex) =>
  (await knex.raw<{ rows: unknown[] }>(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`)).rows.length > 0;

export async function up(knex: Knex): Promise<void> {
  // One statement, one rewrite of the table.
  await knex.raw(`ALTER TABLE vendor_product_list
    ADD COLUMN IF NOT EXISTS charged_price_cents bigint GENERATED ALWAYS AS (LEAST(price_cents, sale_price_cents)) STORED,
    ADD COLUMN IF NOT EXISTS search_text text GENERATED ALWAYS AS (${SEARCH_TEXT}) STORED`);
  await knex.raw(`CREATE INDEX IF NOT EXISTS vendor_product_list_shop_price ON vendor_product_list (vendor_id, charged_price_cents, id)
    WHERE is_active AND NOT is_placeholder`);
  await knex.raw('CREATE INDEX IF NOT EXISTS vendor_product_list_brand ON vendor_product_list (vendor_id, lower(brand))');
  await knex.raw(
    'CREATE INDEX IF NOT EXISTS vendor_product_list_type ON vendor_product_list (vendor_id, lower(product_type_raw) text_pattern_ops)',
  );
  if (await hasTrigrams(knex)) {
    await knex.raw('CREATE INDEX IF NOT EXISTS vendor_product_list_search ON vendor_product_list USING gin (search_text gin_trgm_ops)');
  }
  await knex.raw('CREATE INDEX IF NOT EXISTS media_list_product ON media_list (product_id, id)');
  await knex.raw('ANALYZE vendor_product_list');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS media_list_product');
  await knex.raw('DROP INDEX IF EXISTS vendor_product_list_search');
  await knex.raw('DROP INDEX IF EXISTS vendor_product_list_type');
  await knex.raw('DROP INDEX IF EXISTS vendor_product_list_brand');
  await knex.raw('DROP INDEX IF EXISTS vendor_product_list_shop_price');
  await knex.raw('ALTER TABLE vendor_product_list DROP COLUMN IF EXISTS search_text, DROP COLUMN IF EXISTS charged_price_cents');
}
