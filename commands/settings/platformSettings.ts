import type { Decider } from '../../src/core/decider.ts';
import type { PlatformSettingEvent, PlatformSettingKey } from './events.ts';

export type PlatformSettingsCommand = {
  type: 'ChangePlatformSettings';
  data: { values: Partial<Record<PlatformSettingKey, string | null>>; at: string };
};
export type PlatformSettingsState = Partial<Record<PlatformSettingKey, string | null>>;

/** One stream, `platform_settings-platform`: the admin-editable platform settings. */
export const platformSettings: Decider<PlatformSettingsState, PlatformSettingsCommand, PlatformSettingEvent> = {
  aggregate: 'platform_settings',
  initialState: () => ({}),
  evolve: (state, event) => ({ ...state, [event.data.key]: event.data.value }),
  decide: (command, state) =>
    Object.entries(command.data.values)
      .filter(([key, value]) => value !== undefined && (state[key as PlatformSettingKey] ?? null) !== value)
      .map(([key, value]) => ({
        type: 'PlatformSettingChanged',
        data: { key: key as PlatformSettingKey, value: value ?? null, at: command.data.at },
      })),
};
