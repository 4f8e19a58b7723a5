import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { VENDOR_EVENT_TYPES, type VendorEvent } from '../../commands/vendors/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { Type } from '@sinclair/typebox';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

const text = column.nullable(column.text());

export const VendorListRow = readModel('vendor_list', {
  id: column.int(),
  vendor_code: column.text(),
  subdomain: column.text(),
  name: column.text(),
  description: text,
  company_id: column.int(),
  is_active: column.bool(),
  is_verified: column.bool(),
  verified_at: column.nullable(column.time()),
  /** The contact fields: the vendor's own value, null when it inherits the company's. */
  contact_email: text,
  contact_phone: text,
  website: text,
  business_address: text,
  tax_number: text,
  dashboard_language: column.text(),
  storefront_language: column.text(),
  storefront_languages: column.json(Type.Array(Type.String())),
  storefront_locale: text,
  extmarket_vendor_id: text,
  extmarket_vendor_slug: text,
  /** ExtmarketSettings of commands/vendors/events.ts: the settings changed so far. */
  extmarket_settings: column.json(
    Type.Object({
      csv_url_fr: Type.Optional(column.nullable(Type.String())),
      csv_url_en: Type.Optional(column.nullable(Type.String())),
      csv_url_de: Type.Optional(column.nullable(Type.String())),
      default_tax_rate: Type.Optional(column.nullable(Type.Number())),
      boost_sort: Type.Optional(column.nullable(Type.Number())),
      delivery_method: Type.Optional(column.nullable(Type.Array(Type.String()))),
      preorder_days: Type.Optional(column.nullable(Type.Number())),
    }),
  ),
  created_at: column.time(),
  updated_at: column.time(),
});
export type VendorListRow = RowOf<typeof VendorListRow>;

/**
 * vendor_list: one row per live vendor. Read by the admin and public vendor endpoints, the vendor
 * context middleware, vendor sign-in, and by other areas as the tenant directory
 * (id, vendor_code, name, company_id, is_active). A row projection (src/runtime/rowProjection.ts):
 * the batch is folded in memory per vendor, then written with one upsert and one delete. A
 * subdomain freed in a batch goes to a new vendor after its old holder is written (stored rows
 * first); should it move between two stored vendors written in the other order, the unique index
 * refuses the batch and the runner applies those events one by one (src/runtime/consumerRunner.ts).
 */
export const vendorList = rowProjection<JsonRow<VendorListRow>>({
  name: 'vendor_list',
  eventTypes: VENDOR_EVENT_TYPES,
  readModel: VendorListRow,
  fold: {
    key: 'id',
    keyType: 'integer',
    keys: (e) => [(e.data as { vendor_id: number }).vendor_id],
    apply(rows, raw) {
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
        return;
      }
      if (e.type === 'VendorDeleted') {
        rows.delete(id);
        return;
      }
      const row = rows.get(id);
      if (!row) return;
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
    },
  },
});
