/**
 * Platform settings that admins edit (SPEC.md part 2 Conventions: storefront locale and currency
 * are platform-level settings; the locale is the second step of the locale resolution).
 */
export type PlatformSettingKey = 'storefront_locale' | 'storefront_currency';

/** An admin set a platform setting (null clears it: the next resolution step applies). */
export type PlatformSettingChanged = {
  type: 'PlatformSettingChanged';
  data: { key: PlatformSettingKey; value: string | null; at: string };
};

export type PlatformSettingEvent = PlatformSettingChanged;
export const PLATFORM_SETTING_EVENT_TYPES = ['PlatformSettingChanged'] as const;
