import type { Knex } from 'knex';

/**
 * One index per order the product lists offer (`sort`, queries/catalogue/productSorts.ts), so a
 * sorted page is read in index order like the unsorted one: no sort of every matching row, and
 * an OFFSET skips index entries. Each order ends on the id, and so does each index.
 *
 *  - vendor_product_list, per vendor (GET /vendor/products, /admin/vendor-products?vendor_id=):
 *    (vendor_id, <key>, id); across vendors (the admin's list): (<key>, id). Keys: price_cents,
 *    created_at, updated_at, and the lower-cased title of each language: sort_title_<language>,
 *    a stored generated column added here (the projection does not name it; PostgreSQL fills it
 *    in), so that a title page is an index-only scan like the others (an index on the expression
 *    itself cannot serve one). test/queries/catalogue/productSorts.test.ts checks the plans.
 *  - marketplace_product_list (GET /admin/products): (<key>, id) for price_cents, created_at,
 *    updated_at; the title order runs on marketplace_product_translations (language,
 *    sort_title, product_id), sort_title = lower(title), generated and stored likewise.
 *
 * One statement per raw call (PGlite).
 */
const LANGUAGES = ['en', 'fr', 'de', 'lb'];
const vendorKeys = (): Array<[name: string, key: string]> => [
  ['price', 'price_cents'],
  ['created', 'created_at'],
  ['updated', 'updated_at'],
  ...LANGUAGES.map((l): [string, string] => [`title_${l}`, `sort_title_${l}`]),
];
const INDEXES = (): Array<[name: string, definition: string]> => [
  ...vendorKeys().flatMap(([name, key]): Array<[string, string]> => [
    [`vendor_product_list_vendor_${name}`, `vendor_product_list (vendor_id, ${key}, id)`],
    [`vendor_product_list_${name}`, `vendor_product_list (${key}, id)`],
  ]),
  ['marketplace_product_list_price', 'marketplace_product_list (price_cents, id)'],
  ['marketplace_product_list_created', 'marketplace_product_list (created_at, id)'],
  ['marketplace_product_list_updated', 'marketplace_product_list (updated_at, id)'],
  ['marketplace_product_translations_title', 'marketplace_product_translations (language, sort_title, product_id)'],
];

export async function up(knex: Knex): Promise<void> {
  // One statement, one rewrite of the table.
  await knex.raw(
    `ALTER TABLE vendor_product_list ${LANGUAGES.map(
      (l) => `ADD COLUMN IF NOT EXISTS sort_title_${l} text GENERATED ALWAYS AS (lower((translations -> '${l}') ->> 'title')) STORED`,
    ).join(', ')}`,
  );
  await knex.raw(
    'ALTER TABLE marketplace_product_translations ADD COLUMN IF NOT EXISTS sort_title text GENERATED ALWAYS AS (lower(title)) STORED',
  );
  for (const [name, definition] of INDEXES()) await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ON ${definition}`);
  await knex.raw('ANALYZE vendor_product_list');
  await knex.raw('ANALYZE marketplace_product_list');
  await knex.raw('ANALYZE marketplace_product_translations');
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of INDEXES()) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
  await knex.raw(`ALTER TABLE vendor_product_list ${LANGUAGES.map((l) => `DROP COLUMN IF EXISTS sort_title_${l}`).join(', ')}`);
  await knex.raw('ALTER TABLE marketplace_product_translations DROP COLUMN IF EXISTS sort_title');
}
