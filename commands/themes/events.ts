/**
 * Vendor storefront themes (SPEC.md part 1 capability 1: "its own theme"; 4.1 theme endpoints).
 * Each event carries the whole resulting theme, so a reader never needs the history.
 */
import type { ThemeConfig } from '../../src/core/themePresets.ts';

export type { ThemeConfig };

/** An admin changed the vendor's theme (colours, fonts, layout, branding or custom CSS). */
export type VendorThemeChanged = { type: 'VendorThemeChanged'; data: { vendor_id: number; theme: ThemeConfig; at: string } };
/** A preset replaced the vendor's colours, fonts and layout; branding and custom CSS were kept. */
export type VendorThemePresetApplied = {
  type: 'VendorThemePresetApplied';
  data: { vendor_id: number; preset: string; theme: ThemeConfig; at: string };
};
/** The vendor's own theme was dropped; the storefront uses the platform default again. */
export type VendorThemeReset = { type: 'VendorThemeReset'; data: { vendor_id: number; at: string } };

export type ThemeEvent = VendorThemeChanged | VendorThemePresetApplied | VendorThemeReset;
export const THEME_EVENT_TYPES = ['VendorThemeChanged', 'VendorThemePresetApplied', 'VendorThemeReset', 'VendorDeleted'] as const;
