import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { VENDOR_EVENT_TYPES, type VendorEvent } from '../../commands/vendors/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

const JSON_COLUMNS = ['storefront_languages', 'extmarket_settings'] as const;

/**
 * vendor_list: one row per live vendor. Read by the admin and public vendor endpoints, the vendor
 * context middleware, vendor sign-in, and by other areas as the tenant directory
 * (id, vendor_code, name, company_id, is_active). The batch is folded in memory per vendor, then
 * written with one multi-row upsert and one delete.
 */
export const vendorList: Projection = {
  kind: 'projection',
  name: 'vendor_list',
  eventTypes: VENDOR_EVENT_TYPES,
  tables: ['vendor_list'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = [...new Set(events.map((e) => (e.data as { vendor_id: number }).vendor_id))];
    const existing = await trx('vendor_list').whereIn('id', ids);
    const rows = new Map<number, any>(existing.map((r: any) => [r.id, r]));
    const deleted = new Set<number>();
    for (const raw of events) {
      const e = domainEvent<VendorEvent>(raw);
      const id = e.data.vendor_id;
      if (e.type === 'VendorCreated') {
        // The requested plan is the subscriptions area's to apply, not a column of the vendor.
        const { vendor_id, created_at, requested_plan: _plan, ...d } = e.data;
        rows.set(id, {
          id: vendor_id,
          ...d,
          is_active: true,
          is_verified: false,
          verified_at: null,
          extmarket_settings: {},
          created_at,
          updated_at: created_at,
        });
        deleted.delete(id);
        continue;
      }
      if (e.type === 'VendorDeleted') {
        rows.delete(id);
        deleted.add(id);
        continue;
      }
      const row = rows.get(id);
      if (!row) continue;
      row.updated_at = e.data.at;
      switch (e.type) {
        case 'VendorProfileChanged':
          Object.assign(row, e.data.changes);
          break;
        case 'VendorSubdomainChanged':
          row.subdomain = e.data.subdomain;
          break;
        case 'VendorExtmarketSettingsChanged':
          row.extmarket_settings = { ...row.extmarket_settings, ...e.data.changes };
          break;
        case 'VendorVerified':
          row.is_verified = true;
          row.verified_at = e.data.at;
          break;
        case 'VendorVerificationRevoked':
          row.is_verified = false;
          row.verified_at = null;
          break;
        case 'VendorActivated':
          row.is_active = true;
          break;
        case 'VendorDeactivated':
          row.is_active = false;
          break;
      }
    }
    if (deleted.size > 0)
      await trx('vendor_list')
        .whereIn('id', [...deleted])
        .delete();
    if (rows.size === 0) return;
    const values = [...rows.values()].map((r) => {
      const out = { ...r };
      for (const c of JSON_COLUMNS) out[c] = JSON.stringify(r[c]);
      return out;
    });
    // A subdomain may move between two vendors inside one batch: free the moved ones first.
    await trx('vendor_list')
      .whereIn(
        'id',
        values.map((v) => v.id),
      )
      .update({ subdomain: trx.raw("'~' || id::text") });
    await trx('vendor_list').insert(values).onConflict('id').merge();
  },
};
