import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { THEME_EVENT_TYPES, type ThemeEvent } from '../../commands/themes/events.ts';
import type { VendorDeleted } from '../../commands/vendors/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { Type } from '@sinclair/typebox';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

const Url = column.nullable(column.text());

/** A vendor's own theme: ThemeConfig of src/core/themePresets.ts, one column per part. */
export const VendorThemeRow = readModel('vendor_themes', {
  vendor_id: column.int(),
  theme_name: column.text(),
  colors: column.json(
    Type.Object({
      primary: Type.String(),
      secondary: Type.String(),
      accent: Type.String(),
      background: Type.String(),
      text: Type.String(),
      border: Type.String(),
    }),
  ),
  fonts: column.json(Type.Object({ heading: Type.String(), body: Type.String() })),
  layout: column.json(
    Type.Object({
      style: column.oneOf(['grid', 'list', 'masonry']),
      header: column.oneOf(['fixed', 'static', 'transparent']),
      product_card: column.oneOf(['modern', 'classic', 'minimal']),
    }),
  ),
  branding: column.json(Type.Object({ logo_url: Url, logo_dark_url: Url, favicon_url: Url, banner_url: Url })),
  custom_css: column.nullable(column.text()),
  updated_at: column.time(),
});
export type VendorThemeRow = RowOf<typeof VendorThemeRow>;

/** vendor_themes: the current theme of each vendor that has its own (none = platform default). */
export const vendorThemes: Projection = {
  kind: 'projection',
  name: 'vendor_themes',
  eventTypes: THEME_EVENT_TYPES,
  tables: ['vendor_themes'],
  readModels: [VendorThemeRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const rows = new Map<number, JsonRow<VendorThemeRow>>();
    const removed = new Set<number>();
    for (const raw of events) {
      const e = domainEvent<ThemeEvent | VendorDeleted>(raw);
      const id = e.data.vendor_id;
      if (e.type === 'VendorThemeReset' || e.type === 'VendorDeleted') {
        rows.delete(id);
        removed.add(id);
        continue;
      }
      const { theme_name, colors, fonts, layout, branding, custom_css } = e.data.theme;
      rows.set(id, { vendor_id: id, theme_name, colors, fonts, layout, branding, custom_css, updated_at: e.data.at });
      removed.delete(id);
    }
    if (removed.size > 0)
      await trx('vendor_themes')
        .whereIn('vendor_id', [...removed])
        .delete();
    if (rows.size > 0)
      await trx('vendor_themes')
        .insert(
          [...rows.values()].map((r) => ({
            ...r,
            colors: JSON.stringify(r.colors),
            fonts: JSON.stringify(r.fonts),
            layout: JSON.stringify(r.layout),
            branding: JSON.stringify(r.branding),
          })),
        )
        .onConflict('vendor_id')
        .merge();
  },
};
