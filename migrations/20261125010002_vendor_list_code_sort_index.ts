import type { Knex } from 'knex';

/**
 * The vendor_code order of the admin vendor list (queries/vendors/listVendors.ts VENDOR_SORTS:
 * vendor_code, id) read from one index, forwards or backwards; the unique vendor_list_code index
 * covers the code alone. The other orders' indexes are in 20261125010001_vendor_company_sort_indexes.ts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS vendor_list_sort_code ON vendor_list (vendor_code, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS vendor_list_sort_code');
}
