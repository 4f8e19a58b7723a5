import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
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

/** platform_settings: key → value of the admin-editable platform settings (a cleared one has no row). */
export const platformSettingsProjection: Projection = {
  kind: 'projection',
  name: 'platform_settings',
  eventTypes: PLATFORM_SETTING_EVENT_TYPES,
  tables: ['platform_settings'],
  readModels: [PlatformSettingRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const latest = new Map<PlatformSettingRow['key'], { value: string | null; at: string }>();
    for (const raw of events) {
      const e = domainEvent<PlatformSettingEvent>(raw);
      latest.set(e.data.key, { value: e.data.value, at: e.data.at });
    }
    const cleared = [...latest].filter(([, v]) => v.value === null).map(([k]) => k);
    const set = [...latest].flatMap(([key, v]): JsonRow<PlatformSettingRow>[] =>
      v.value === null ? [] : [{ key, value: v.value, updated_at: v.at }],
    );
    if (cleared.length > 0) await trx('platform_settings').whereIn('key', cleared).delete();
    if (set.length > 0)
      await trx('platform_settings')
        .insert(set.map((r) => ({ ...r, value: JSON.stringify(r.value) })))
        .onConflict('key')
        .merge();
  },
};
