import { rowProjection } from '../../src/runtime/rowProjection.ts';
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

/**
 * vendor_themes: the current theme of each vendor that has its own (none = platform default). A row
 * projection (src/runtime/rowProjection.ts): each save replaces the vendor's row, a reset or the
 * vendor's deletion removes it.
 */
export const vendorThemes = rowProjection<JsonRow<VendorThemeRow>>({
  name: 'vendor_themes',
  eventTypes: THEME_EVENT_TYPES,
  readModel: VendorThemeRow,
  fold: {
    key: 'vendor_id',
    keyType: 'integer',
    keys: (e) => [(e.data as { vendor_id: number }).vendor_id],
    apply(rows, raw) {
      const e = domainEvent<ThemeEvent | VendorDeleted>(raw);
      const id = e.data.vendor_id;
      if (e.type === 'VendorThemeReset' || e.type === 'VendorDeleted') {
        rows.delete(id);
        return;
      }
      const { theme_name, colors, fonts, layout, branding, custom_css } = e.data.theme;
      rows.set(id, { vendor_id: id, theme_name, colors, fonts, layout, branding, custom_css, updated_at: e.data.at });
    },
  },
});
