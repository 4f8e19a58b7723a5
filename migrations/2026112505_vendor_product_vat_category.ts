import type { Knex } from 'knex';

/** A vendor product's VAT rate category (null on rows of products created before categories: standard). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE vendor_product_list ADD COLUMN vat_rate_category text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE vendor_product_list DROP COLUMN vat_rate_category');
}
