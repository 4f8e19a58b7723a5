import { Type } from '@sinclair/typebox';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { VENDOR_PRODUCT_EVENT_TYPES, type VendorProductEvent } from '../../commands/catalogue/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { RATE_CATEGORIES } from '../../src/core/vat/rates.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

const Text = () => column.nullable(column.text());

/** A product's texts in one language (ProductText of commands/catalogue/events.ts). */
export const ProductText = Type.Object({
  title: Type.String(),
  description: Type.Optional(column.nullable(Type.String())),
  short_description: Type.Optional(column.nullable(Type.String())),
});

/** A title key for the list orders: lower() of the language's title, stored (20261125020001_catalogue_sort_indexes.ts). */
const sortTitle = () => column.generated(Text());

export const VendorProductListRow = readModel('vendor_product_list', {
  id: column.int(),
  vendor_id: column.int(),
  vendor_sku: Text(),
  gtin: Text(),
  /** The GTIN in its 14-digit form, for matching (an EAN-13 with a leading zero). */
  gtin14: Text(),
  gtin_type: Text(),
  marketplace: Text(),
  brand: Text(),
  image_link: Text(),
  product_type_raw: Text(),
  /** Gross, VAT included. */
  price_cents: column.exact(),
  sale_price_cents: column.nullable(column.exact()),
  /** The vendor's net cost. */
  cost_cents: column.nullable(column.exact()),
  /** The VAT rate in basis points (17 % = 1700). */
  tax_rate_bp: column.int(),
  currency: column.text(),
  is_digital: column.bool(),
  is_active: column.bool(),
  /** The vendor's stand-in for order items that match no product. */
  is_placeholder: column.bool(),
  source_marketplace_product_id: column.nullable(column.int()),
  translations: column.json(
    Type.Object({
      en: Type.Optional(ProductText),
      fr: Type.Optional(ProductText),
      de: Type.Optional(ProductText),
      lb: Type.Optional(ProductText),
    }),
  ),
  created_at: column.time(),
  updated_at: column.time(),
  sort_title_en: sortTitle(),
  sort_title_fr: sortTitle(),
  sort_title_de: sortTitle(),
  sort_title_lb: sortTitle(),
  /** Null on the rows of products created before categories: standard. */
  vat_rate_category: column.nullable(column.oneOf(RATE_CATEGORIES)),
  /** What a shopper pays: the sale price when it is lower than the price. */
  charged_price_cents: column.generated(column.nullable(column.exact())),
  /** The shop's searched text (migrations/2026112540_shop_catalogue.ts). */
  search_text: column.generated(Text()),
  /** The product's stream version the row is folded to (written by the fold's inline declaration, not by `apply`). */
  stream_version: column.int(),
});
export type VendorProductListRow = RowOf<typeof VendorProductListRow>;

/** The columns PostgreSQL computes: read, never written. */
type Generated = 'sort_title_en' | 'sort_title_fr' | 'sort_title_de' | 'sort_title_lb' | 'charged_price_cents' | 'search_text';

/** The row as the fold holds it: times as ISO text, amounts as numbers (the events' and to_jsonb's form of bigint). */
type VendorProductFold = Omit<
  JsonRow<VendorProductListRow>,
  Generated | 'price_cents' | 'sale_price_cents' | 'cost_cents' | 'stream_version'
> & {
  price_cents: number;
  sale_price_cents: number | null;
  cost_cents: number | null;
};

const gtin14 = (gtin: string | null | undefined) => (gtin ? gtin.padStart(14, '0') : null);

/**
 * vendor_product_list: one row per live vendor product, for the vendor product endpoints, the
 * inventory import (matched by gtin14) and, later, the shop catalogue and order matching.
 * A row projection (src/runtime/rowProjection.ts): folded in memory per product, then one
 * upsert and one delete per batch. Inline: a row is one product's, folded from the product's
 * stream alone, so a product's command writes it with its append and the vendor reads the change
 * at once (src/runtime/inlineProjection.ts).
 */
export const vendorProductList = rowProjection<VendorProductFold>({
  name: 'vendor_product_list',
  eventTypes: VENDOR_PRODUCT_EVENT_TYPES,
  readModel: VendorProductListRow,
  fold: {
    key: 'id',
    keyType: 'integer',
    inline: { aggregate: 'vendor_product', version: 'stream_version' },
    keys: (e) => [(e.data as { product_id: number }).product_id],
    apply(rows, raw) {
      const e = domainEvent<VendorProductEvent>(raw);
      const id = e.data.product_id;
      if (e.type === 'VendorProductCreated') {
        const { product_id, created_at, ...d } = e.data;
        rows.set(id, {
          id: product_id,
          ...d,
          vat_rate_category: d.vat_rate_category ?? 'standard',
          gtin14: gtin14(d.gtin),
          created_at,
          updated_at: created_at,
        });
        return;
      }
      if (e.type === 'VendorProductDeleted') {
        rows.delete(id);
        return;
      }
      const row = rows.get(id);
      if (!row) return;
      row.updated_at = e.data.at;
      switch (e.type) {
        case 'VendorProductDetailsChanged': {
          const { translations, ...changes } = e.data.changes;
          Object.assign(row, changes);
          if (changes.gtin !== undefined) row.gtin14 = gtin14(changes.gtin);
          if (translations) row.translations = { ...row.translations, ...translations };
          break;
        }
        case 'VendorProductPriceChanged':
          Object.assign(row, e.data.changes);
          break;
        case 'VendorProductActivated':
          row.is_active = true;
          break;
        case 'VendorProductDeactivated':
          row.is_active = false;
          break;
      }
    },
  },
});
