import type { Knex } from 'knex';

/** A marketplace product's VAT rate category, from an import's vat_rate_category column (null: not given). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE marketplace_product_list ADD COLUMN vat_rate_category text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE marketplace_product_list DROP COLUMN vat_rate_category');
}
