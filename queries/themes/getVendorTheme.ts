import type { Knex } from 'knex';
import type { VendorThemeRow } from '../../projections/themes/vendorThemes.ts';
import { defaultTheme, type ThemeConfig } from '../../src/core/themePresets.ts';

/** The vendor's theme, or the platform default (is_default) when it has none of its own. */
export async function getVendorTheme(
  knex: Knex,
  vendorId: number,
): Promise<{ vendor_id: number; is_default: boolean; theme: ThemeConfig; updated_at: string | null }> {
  const row = await knex<VendorThemeRow>('vendor_themes').where('vendor_id', vendorId).first();
  if (!row) return { vendor_id: vendorId, is_default: true, theme: defaultTheme(), updated_at: null };
  const { theme_name, colors, fonts, layout, branding, custom_css } = row;
  return {
    vendor_id: vendorId,
    is_default: false,
    theme: { theme_name, colors, fonts, layout, branding, custom_css },
    updated_at: row.updated_at.toISOString(),
  };
}
