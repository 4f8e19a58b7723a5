import type { Knex } from 'knex';
import { PLATFORM_SETTING_EVENT_TYPES } from '../../commands/settings/events.ts';
import type { JsonRow } from '../../src/core/readModel.ts';
import { defineMemoryView } from '../../src/runtime/memoryView.ts';
import { platformSettingsProjection, type PlatformSettingRow } from './platformSettings.ts';

/** The platform's settings by key, as platform_settings holds them (a cleared one has no entry). */
export type PlatformSettings = Map<string, JsonRow<PlatformSettingRow>>;

/**
 * The admin-editable platform settings in every instance's memory (src/runtime/memoryViews.ts):
 * every storefront request whose shop sets no locale of its own reads the platform's, so that
 * costs no statement. Loaded from platform_settings, kept current with that table's own fold.
 * The generic layer reads it by name (src/http/language/resolve.ts).
 */
export const platformSettingsView = defineMemoryView<PlatformSettings>({
  name: 'platform_settings',
  eventTypes: PLATFORM_SETTING_EVENT_TYPES,
  sources: ['platform_settings'],
  async load(trx: Knex.Transaction) {
    const rows = await trx('platform_settings').select<JsonRow<PlatformSettingRow>[]>('key', 'value', 'updated_at');
    return new Map(rows.map((r) => [r.key, r]));
  },
  apply(state, raw) {
    platformSettingsProjection.fold.apply(state, raw);
    return state;
  },
});
