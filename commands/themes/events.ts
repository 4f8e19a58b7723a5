/**
 * Vendor storefront themes (SPEC.md part 1 capability 1: "its own theme"; 4.1 theme endpoints).
 * Each event carries the whole resulting theme, so a reader never needs the history.
 */
export interface ThemeConfig {
  theme_name: string;
  colors: { primary: string; secondary: string; accent: string; background: string; text: string; border: string };
  fonts: { heading: string; body: string };
  layout: { style: 'grid' | 'list' | 'masonry'; header: 'fixed' | 'static' | 'transparent'; product_card: 'modern' | 'classic' | 'minimal' };
  branding: { logo_url: string | null; logo_dark_url: string | null; favicon_url: string | null; banner_url: string | null };
  custom_css: string | null;
}

/** An admin changed the vendor's theme (colours, fonts, layout, branding or custom CSS). */
export type VendorThemeChanged = { type: 'VendorThemeChanged'; data: { vendor_id: number; theme: ThemeConfig; at: string } };
/** A preset replaced the vendor's colours, fonts and layout; branding and custom CSS were kept. */
export type VendorThemePresetApplied = { type: 'VendorThemePresetApplied'; data: { vendor_id: number; preset: string; theme: ThemeConfig; at: string } };
/** The vendor's own theme was dropped; the storefront uses the platform default again. */
export type VendorThemeReset = { type: 'VendorThemeReset'; data: { vendor_id: number; at: string } };

export type ThemeEvent = VendorThemeChanged | VendorThemePresetApplied | VendorThemeReset;
export const THEME_EVENT_TYPES = ['VendorThemeChanged', 'VendorThemePresetApplied', 'VendorThemeReset', 'VendorDeleted'] as const;
