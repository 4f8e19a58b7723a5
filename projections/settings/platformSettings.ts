import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { PLATFORM_SETTING_EVENT_TYPES, type PlatformSettingEvent } from '../../commands/settings/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const PlatformSettingRow = readModel('platform_settings', {
  key: column.oneOf(['storefront_locale', 'storefront_currency']),
  /** The setting's value, a JSON string; a cleared setting has no row. */
  value: column.json(column.text()),
  updated_at: column.time(),
});
export type PlatformSettingRow = RowOf<typeof PlatformSettingRow>;

/**
 * platform_settings: key → value of the admin-editable platform settings (a cleared one has no row).
 * A row projection (src/runtime/rowProjection.ts), one row per setting.
 */
export const platformSettingsProjection = rowProjection<JsonRow<PlatformSettingRow>>({
  name: 'platform_settings',
  eventTypes: PLATFORM_SETTING_EVENT_TYPES,
  readModel: PlatformSettingRow,
  fold: {
    key: 'key',
    keyType: 'text',
    keys: (e) => [(e.data as { key: string }).key],
    apply(rows, raw) {
      const { key, value, at } = domainEvent<PlatformSettingEvent>(raw).data;
      if (value === null) rows.delete(key);
      else rows.set(key, { key, value, updated_at: at });
    },
  },
});
