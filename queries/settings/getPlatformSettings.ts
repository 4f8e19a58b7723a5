import type { Knex } from 'knex';

/** The admin-editable platform settings; a key without a row is unset. */
export async function getPlatformSettings(knex: Knex): Promise<{ storefront_locale: string | null; storefront_currency: string | null }> {
  const rows = await knex('platform_settings').select('key', 'value');
  const map = Object.fromEntries(rows.map((r: any) => [r.key, r.value]));
  return { storefront_locale: map.storefront_locale ?? null, storefront_currency: map.storefront_currency ?? null };
}
