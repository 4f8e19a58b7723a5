import { assertNever, type Decider } from '../../src/core/decider.ts';
import { ThemePresetNotFoundException } from './errors.ts';
import type { ThemeConfig, ThemeEvent } from './events.ts';
import { defaultTheme, presetTheme, THEME_PRESETS } from '../../src/core/themePresets.ts';

/** A theme change: any subset of the sections, each merged into the current theme. */
export type ThemeChanges = {
  theme_name?: string;
  colors?: Partial<ThemeConfig['colors']>;
  fonts?: Partial<ThemeConfig['fonts']>;
  layout?: Partial<ThemeConfig['layout']>;
  branding?: Partial<ThemeConfig['branding']>;
  custom_css?: string | null;
};

export type ThemeCommand =
  | { type: 'ChangeVendorTheme'; data: { vendor_id: number; changes: ThemeChanges; at: string } }
  | { type: 'ApplyThemePreset'; data: { vendor_id: number; preset: string; at: string } }
  | { type: 'ResetVendorTheme'; data: { vendor_id: number; at: string } };

/** null: the vendor uses the platform default theme. */
export type ThemeState = { theme: ThemeConfig | null };

export function evolveTheme(state: ThemeState, event: ThemeEvent): ThemeState {
  switch (event.type) {
    case 'VendorThemeChanged':
    case 'VendorThemePresetApplied':
      return { theme: event.data.theme };
    case 'VendorThemeReset':
      return { theme: null };
  }
}

export function decideTheme(command: ThemeCommand, state: ThemeState): ThemeEvent[] {
  const { vendor_id, at } = command.data;
  switch (command.type) {
    case 'ChangeVendorTheme': {
      const base = state.theme ?? defaultTheme();
      const c = command.data.changes;
      const theme: ThemeConfig = {
        theme_name: c.theme_name ?? base.theme_name,
        colors: { ...base.colors, ...c.colors },
        fonts: { ...base.fonts, ...c.fonts },
        layout: { ...base.layout, ...c.layout },
        branding: { ...base.branding, ...c.branding },
        custom_css: c.custom_css !== undefined ? c.custom_css : base.custom_css,
      };
      if (state.theme && JSON.stringify(theme) === JSON.stringify(state.theme)) return [];
      return [{ type: 'VendorThemeChanged', data: { vendor_id, theme, at } }];
    }
    case 'ApplyThemePreset': {
      if (!THEME_PRESETS[command.data.preset]) throw new ThemePresetNotFoundException(`Unknown theme preset '${command.data.preset}'`);
      return [
        {
          type: 'VendorThemePresetApplied',
          data: { vendor_id, preset: command.data.preset, theme: presetTheme(command.data.preset, state.theme), at },
        },
      ];
    }
    case 'ResetVendorTheme':
      return state.theme === null ? [] : [{ type: 'VendorThemeReset', data: { vendor_id, at } }];
    default:
      return assertNever(command);
  }
}

/** One theme stream per vendor: `vendor_theme-<vendor id>`. */
export const vendorTheme: Decider<ThemeState, ThemeCommand, ThemeEvent> = {
  aggregate: 'vendor_theme',
  initialState: () => ({ theme: null }),
  evolve: evolveTheme,
  decide: decideTheme,
};
