import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { VENDOR_PRODUCT_EVENT_TYPES, type VendorProductEvent } from '../../commands/catalogue/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

const gtin14 = (gtin: string | null | undefined) => (gtin ? gtin.padStart(14, '0') : null);

/**
 * vendor_product_list: one row per live vendor product, for the vendor product endpoints, the
 * inventory import (matched by gtin14) and, later, the shop catalogue and order matching.
 * A row projection (src/runtime/rowProjection.ts): folded in memory per product, then one
 * upsert and one delete per batch.
 */
export const vendorProductList = rowProjection<Record<string, any>>({
  name: 'vendor_product_list',
  eventTypes: VENDOR_PRODUCT_EVENT_TYPES,
  fold: {
    table: 'vendor_product_list',
    key: 'id',
    keyType: 'integer',
    columns: [
      'vendor_id',
      'vendor_sku',
      'gtin',
      'gtin14',
      'gtin_type',
      'marketplace',
      'brand',
      'image_link',
      'product_type_raw',
      'price_cents',
      'sale_price_cents',
      'cost_cents',
      'tax_rate_bp',
      'vat_rate_category',
      'currency',
      'is_digital',
      'is_active',
      'is_placeholder',
      'source_marketplace_product_id',
      'translations',
      'created_at',
      'updated_at',
    ],
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
