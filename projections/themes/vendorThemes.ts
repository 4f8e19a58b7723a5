import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { THEME_EVENT_TYPES, type ThemeEvent } from '../../commands/themes/events.ts';
import type { VendorDeleted } from '../../commands/vendors/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

/** vendor_themes: the current theme of each vendor that has its own (none = platform default). */
export const vendorThemes: Projection = {
  kind: 'projection',
  name: 'vendor_themes',
  eventTypes: THEME_EVENT_TYPES,
  tables: ['vendor_themes'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const rows = new Map<number, any>();
    const removed = new Set<number>();
    for (const raw of events) {
      const e = domainEvent<ThemeEvent | VendorDeleted>(raw);
      const id = e.data.vendor_id;
      if (e.type === 'VendorThemeReset' || e.type === 'VendorDeleted') {
        rows.delete(id);
        removed.add(id);
        continue;
      }
      const { theme } = e.data;
      rows.set(id, {
        vendor_id: id,
        theme_name: theme.theme_name,
        colors: JSON.stringify(theme.colors),
        fonts: JSON.stringify(theme.fonts),
        layout: JSON.stringify(theme.layout),
        branding: JSON.stringify(theme.branding),
        custom_css: theme.custom_css,
        updated_at: e.data.at,
      });
      removed.delete(id);
    }
    if (removed.size > 0)
      await trx('vendor_themes')
        .whereIn('vendor_id', [...removed])
        .delete();
    if (rows.size > 0)
      await trx('vendor_themes')
        .insert([...rows.values()])
        .onConflict('vendor_id')
        .merge();
  },
};
