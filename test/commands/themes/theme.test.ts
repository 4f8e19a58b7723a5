import { vendorTheme } from '../../../commands/themes/vendorTheme.ts';
import type { ThemeEvent } from '../../../commands/themes/events.ts';
import { defaultTheme, presetTheme } from '../../../src/core/themePresets.ts';
import { ThemePresetNotFoundException } from '../../../commands/themes/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-21T10:00:00.000Z';

describe('vendor theme aggregate', () => {
  it('merges a change into the platform default when the vendor has no theme yet', () => {
    const theme = { ...defaultTheme(), colors: { ...defaultTheme().colors, primary: '#000000' } };
    given(vendorTheme, [])
      .when({ type: 'ChangeVendorTheme', data: { vendor_id: 5, changes: { colors: { primary: '#000000' } }, at } })
      .then([{ type: 'VendorThemeChanged', data: { vendor_id: 5, theme, at } }]);
  });

  it('applies a preset but keeps the branding', () => {
    const branded: ThemeEvent = {
      type: 'VendorThemeChanged',
      data: { vendor_id: 5, theme: { ...defaultTheme(), branding: { ...defaultTheme().branding, logo_url: '/logo.png' } }, at },
    };
    const expected = presetTheme('nature', (branded.data as any).theme);
    given(vendorTheme, [branded])
      .when({ type: 'ApplyThemePreset', data: { vendor_id: 5, preset: 'nature', at } })
      .then([{ type: 'VendorThemePresetApplied', data: { vendor_id: 5, preset: 'nature', theme: expected, at } }]);
  });

  it('refuses an unknown preset, and resetting without a theme is a no-op', () => {
    given(vendorTheme, [])
      .when({ type: 'ApplyThemePreset', data: { vendor_id: 5, preset: 'neon', at } })
      .thenThrows(ThemePresetNotFoundException);
    given(vendorTheme, [])
      .when({ type: 'ResetVendorTheme', data: { vendor_id: 5, at } })
      .then([]);
  });
});
