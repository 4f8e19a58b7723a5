import { rowProjection } from '../../src/runtime/rowProjection.ts';
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
 * contact data) and the vendor access check (the owner). A row projection
 * (src/runtime/rowProjection.ts): the vendor count is folded per company in memory, like the rest.
 */
export const companyList = rowProjection<JsonRow<CompanyListRow>>({
  name: 'company_list',
  eventTypes: COMPANY_EVENT_TYPES,
  readModel: CompanyListRow,
  fold: {
    key: 'id',
    keyType: 'integer',
    keys: (e) => [(e.data as { company_id: number }).company_id],
    apply(rows, raw) {
      const e = domainEvent<CompanyEvent>(raw);
      const id = e.data.company_id;
      if (e.type === 'CompanyCreated') {
        const { company_id, created_at, ...d } = e.data;
        rows.set(id, { id: company_id, ...d, is_active: true, is_verified: false, vendor_count: 0, created_at, updated_at: created_at });
        return;
      }
      if (e.type === 'CompanyDeleted') {
        rows.delete(id);
        return;
      }
      const row = rows.get(id);
      if (!row) return;
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
    },
  },
});
