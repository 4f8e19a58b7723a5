import type { Knex } from 'knex';
import type { PlatformSettingRow } from '../../projections/settings/platformSettings.ts';

/** The admin-editable platform settings; a key without a row is unset. */
export async function getPlatformSettings(knex: Knex): Promise<{ storefront_locale: string | null; storefront_currency: string | null }> {
  const rows = await knex<PlatformSettingRow>('platform_settings').select('key', 'value');
  const value = (key: PlatformSettingRow['key']) => rows.find((r) => r.key === key)?.value ?? null;
  return { storefront_locale: value('storefront_locale'), storefront_currency: value('storefront_currency') };
}
