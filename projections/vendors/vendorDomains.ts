import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { VENDOR_DOMAIN_EVENT_TYPES, type VendorEvent } from '../../commands/vendors/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const VendorDomainRow = readModel('vendor_domains', {
  id: column.int(),
  vendor_id: column.int(),
  domain: column.text(),
  is_primary: column.bool(),
  is_active: column.bool(),
  verification_status: column.oneOf(['pending', 'verified', 'failed']),
  /** The value of the DNS TXT record that proves the vendor controls the domain. */
  verification_token: column.text(),
  verified_at: column.nullable(column.time()),
  last_checked_at: column.nullable(column.time()),
  last_error: column.nullable(column.text()),
  created_at: column.time(),
  updated_at: column.time(),
});
export type VendorDomainRow = RowOf<typeof VendorDomainRow>;

/**
 * vendor_domains: the custom domains of every vendor with their verification state. The vendor
 * context middleware resolves a Host or Referer host here (verified and active rows only).
 *
 * Not a row projection: a deleted vendor takes all its domains with it, deleted by vendor in SQL,
 * and the deletion names none of them (the shared helper deletes only the rows an event names by
 * key, and a fold never reads the table to find them).
 */
export const vendorDomains: Projection = {
  kind: 'projection',
  name: 'vendor_domains',
  eventTypes: VENDOR_DOMAIN_EVENT_TYPES,
  tables: ['vendor_domains'],
  readModels: [VendorDomainRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = events.filter((e) => e.type !== 'VendorDeleted').map((e) => Number((e.data as { domain_id: number }).domain_id));
    const existing = ids.length > 0 ? await trx<VendorDomainRow>('vendor_domains').whereIn('id', ids) : [];
    const rows = new Map<number, VendorDomainRow | JsonRow<VendorDomainRow>>(existing.map((r) => [r.id, r]));
    const deleted = new Set<number>();
    const removedVendors = new Set<number>();
    for (const raw of events) {
      const e = domainEvent<VendorEvent>(raw);
      switch (e.type) {
        case 'VendorDeleted':
          removedVendors.add(e.data.vendor_id);
          for (const [k, r] of rows) if (r.vendor_id === e.data.vendor_id) rows.delete(k);
          continue;
        case 'VendorDomainAdded': {
          const d = e.data;
          rows.set(d.domain_id, {
            id: d.domain_id,
            vendor_id: d.vendor_id,
            domain: d.domain,
            is_primary: d.is_primary,
            is_active: true,
            verification_status: 'pending',
            verification_token: d.verification_token,
            verified_at: null,
            last_checked_at: null,
            last_error: null,
            created_at: d.at,
            updated_at: d.at,
          });
          deleted.delete(d.domain_id);
          continue;
        }
        case 'VendorDomainRemoved':
          rows.delete(e.data.domain_id);
          deleted.add(e.data.domain_id);
          continue;
      }
      if (!('domain_id' in e.data)) continue;
      const row = rows.get(e.data.domain_id);
      if (!row) continue;
      row.updated_at = e.data.at;
      switch (e.type) {
        case 'VendorDomainVerified':
          Object.assign(row, { verification_status: 'verified', verified_at: e.data.at, last_checked_at: e.data.at, last_error: null });
          break;
        case 'VendorDomainVerificationFailed':
          Object.assign(row, { verification_status: 'failed', last_checked_at: e.data.at, last_error: e.data.reason });
          break;
        case 'VendorDomainSettingsChanged':
          if (e.data.is_primary !== undefined) row.is_primary = e.data.is_primary;
          if (e.data.is_active !== undefined) row.is_active = e.data.is_active;
          break;
      }
    }
    if (removedVendors.size > 0)
      await trx('vendor_domains')
        .whereIn('vendor_id', [...removedVendors])
        .delete();
    if (deleted.size > 0)
      await trx('vendor_domains')
        .whereIn('id', [...deleted])
        .delete();
    if (rows.size > 0)
      await trx('vendor_domains')
        .insert([...rows.values()])
        .onConflict('id')
        .merge();
  },
};
