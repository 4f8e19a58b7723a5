import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { VENDOR_PRODUCT_EVENT_TYPES, type VendorProductEvent } from '../../commands/catalogue/events.ts';

const gtin14 = (gtin: string | null | undefined) => (gtin ? gtin.padStart(14, '0') : null);

/**
 * vendor_product_list: one row per live vendor product, for the vendor product endpoints, the
 * inventory import (matched by gtin14) and, later, the shop catalogue and order matching.
 * Folded in memory per product, then one upsert and one delete per batch.
 */
export const vendorProductList: Projection = {
  kind: 'projection',
  name: 'vendor_product_list',
  eventTypes: VENDOR_PRODUCT_EVENT_TYPES,
  tables: ['vendor_product_list'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = [...new Set(events.map((e) => (e.data as { product_id: number }).product_id))];
    const existing = await trx('vendor_product_list').whereIn('id', ids);
    const rows = new Map<number, any>(existing.map((r: any) => [r.id, r]));
    const deleted = new Set<number>();
    for (const raw of events) {
      const e = raw as unknown as VendorProductEvent;
      const id = e.data.product_id;
      if (e.type === 'VendorProductCreated') {
        const { product_id, created_at, translations, ...d } = e.data;
        rows.set(id, { id: product_id, ...d, gtin14: gtin14(d.gtin), translations: JSON.stringify(translations), created_at, updated_at: created_at });
        deleted.delete(id);
        continue;
      }
      if (e.type === 'VendorProductDeleted') { rows.delete(id); deleted.add(id); continue; }
      const row = rows.get(id);
      if (!row) continue;
      row.updated_at = e.data.at;
      switch (e.type) {
        case 'VendorProductDetailsChanged': {
          const { translations, ...changes } = e.data.changes;
          Object.assign(row, changes);
          if (changes.gtin !== undefined) row.gtin14 = gtin14(changes.gtin);
          if (translations) {
            const current = typeof row.translations === 'string' ? JSON.parse(row.translations) : row.translations;
            row.translations = JSON.stringify({ ...current, ...translations });
          }
          break;
        }
        case 'VendorProductPriceChanged': Object.assign(row, e.data.changes); break;
        case 'VendorProductActivated': row.is_active = true; break;
        case 'VendorProductDeactivated': row.is_active = false; break;
      }
    }
    for (const row of rows.values()) if (typeof row.translations !== 'string') row.translations = JSON.stringify(row.translations);
    if (deleted.size > 0) await trx('vendor_product_list').whereIn('id', [...deleted]).delete();
    if (rows.size > 0) await trx('vendor_product_list').insert([...rows.values()]).onConflict('id').merge();
  },
};
