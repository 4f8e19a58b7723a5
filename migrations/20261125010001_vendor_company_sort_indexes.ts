import type { Knex } from 'knex';

/** An index per offered order of the admin vendor and company lists (each ends on the id). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX vendor_list_sort_name ON vendor_list (name, id)');
  await knex.raw('CREATE INDEX vendor_list_sort_created ON vendor_list (created_at, id)');
  await knex.raw('CREATE INDEX company_list_sort_name ON company_list (name, id)');
  await knex.raw('CREATE INDEX company_list_sort_created ON company_list (created_at, id)');
}

export async function down(knex: Knex): Promise<void> {
  for (const i of ['vendor_list_sort_name', 'vendor_list_sort_created', 'company_list_sort_name', 'company_list_sort_created'])
    await knex.raw(`DROP INDEX ${i}`);
}
