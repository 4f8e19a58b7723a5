import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { COMPANY_EVENT_TYPES, type CompanyEvent } from '../../commands/companies/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const CompanyListRow = readModel('company_list', {
  id: column.int(),
  name: column.text(),
  description: column.nullable(column.text()),
  owner_user_id: column.int(),
  contact_email: column.nullable(column.text()),
  contact_phone: column.nullable(column.text()),
  website: column.nullable(column.text()),
  business_address: column.nullable(column.text()),
  tax_number: column.nullable(column.text()),
  is_active: column.bool(),
  is_verified: column.bool(),
  /** The company's live vendors. */
  vendor_count: column.int(),
  created_at: column.time(),
  updated_at: column.time(),
});
export type CompanyListRow = RowOf<typeof CompanyListRow>;

/**
 * company_list: one row per live company with its vendor count (SPEC.md part 2: the list view
 * shows a vendor count). Read by the admin company endpoints, the vendor detail (inherited
 * contact data) and the vendor access check (the owner). Batched like every projection.
 */
export const companyList: Projection = {
  kind: 'projection',
  name: 'company_list',
  eventTypes: COMPANY_EVENT_TYPES,
  tables: ['company_list'],
  readModels: [CompanyListRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = [...new Set(events.map((e) => (e.data as { company_id: number }).company_id))];
    const existing: CompanyListRow[] = await trx('company_list').whereIn('id', ids);
    const rows = new Map<number, CompanyListRow | JsonRow<CompanyListRow>>(existing.map((r) => [r.id, r]));
    const deleted = new Set<number>();
    for (const raw of events) {
      const e = domainEvent<CompanyEvent>(raw);
      const id = e.data.company_id;
      if (e.type === 'CompanyCreated') {
        const { company_id, created_at, ...d } = e.data;
        rows.set(id, { id: company_id, ...d, is_active: true, is_verified: false, vendor_count: 0, created_at, updated_at: created_at });
        deleted.delete(id);
        continue;
      }
      if (e.type === 'CompanyDeleted') {
        rows.delete(id);
        deleted.add(id);
        continue;
      }
      const row = rows.get(id);
      if (!row) continue;
      row.updated_at = e.data.at;
      switch (e.type) {
        case 'CompanyDetailsChanged':
          Object.assign(row, e.data.changes);
          break;
        case 'CompanyVerified':
          row.is_verified = true;
          break;
        case 'CompanyVerificationRevoked':
          row.is_verified = false;
          break;
        case 'CompanyActivated':
          row.is_active = true;
          break;
        case 'CompanyDeactivated':
          row.is_active = false;
          break;
        case 'CompanyOwnershipTransferred':
          row.owner_user_id = e.data.new_owner_user_id;
          break;
        case 'CompanyVendorAttached':
          row.vendor_count += 1;
          break;
        case 'CompanyVendorDetached':
          row.vendor_count = Math.max(0, row.vendor_count - 1);
          break;
      }
    }
    if (deleted.size > 0)
      await trx('company_list')
        .whereIn('id', [...deleted])
        .delete();
    if (rows.size > 0)
      await trx('company_list')
        .insert([...rows.values()])
        .onConflict('id')
        .merge();
  },
};
