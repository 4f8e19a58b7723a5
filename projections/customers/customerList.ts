import { ADDRESS_EVENT_TYPES, foldAddresses, type AddressEvent, type CustomerEvent } from '../../commands/customers/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { Type } from '@sinclair/typebox';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

const Text = column.nullable(column.text());

/** A saved address as the customer aggregate holds it (CustomerAddress of commands/customers/events.ts). */
const SavedAddress = Type.Object({
  address_id: Type.Integer(),
  type: column.oneOf(['shipping', 'billing']),
  first_name: Type.String(),
  last_name: Type.String(),
  company: Text,
  street: Type.String(),
  street_2: Text,
  postal_code: Type.String(),
  city: Type.String(),
  /** ISO 3166-1 alpha-2, upper case. */
  country_iso: Type.String(),
  country_name: Type.String(),
  phone: Text,
  /** At most one default per type per customer. */
  is_default: Type.Boolean(),
});

export const CustomerListRow = readModel('customer_list', {
  id: column.int(),
  vendor_id: column.int(),
  email: column.text(),
  first_name: Text,
  last_name: Text,
  preferred_language: column.nullable(column.oneOf(['en', 'fr', 'de', 'lb'])),
  /** The shopper's own settings, kept as given. */
  preferences: column.json(Type.Record(Type.String(), Type.Unknown())),
  addresses: column.json(Type.Array(SavedAddress)),
  order_count: column.int(),
  total_spent_cents: column.exact(),
  last_order_at: column.nullable(column.time()),
  created_at: column.time(),
  updated_at: column.time(),
});
export type CustomerListRow = RowOf<typeof CustomerListRow>;

/** The row as the fold holds it: times as ISO text, the amount spent a number (the events' and to_jsonb's form of bigint). */
type CustomerListFold = Omit<JsonRow<CustomerListRow>, 'total_spent_cents'> & { total_spent_cents: number };

const EVENTS = ['CustomerRegistered', 'CustomerProfileChanged', 'CustomerOrderRecorded', ...ADDRESS_EVENT_TYPES] as const;

/**
 * customer_list: one row per customer, for the vendor's and the admin's customer lists and
 * details (statistics, saved addresses) and the shop's profile and address reads. The saved
 * addresses are folded with the aggregate's own function, so the list shows the same defaults the
 * decisions see.
 */
export const customerList = rowProjection<CustomerListFold>({
  name: 'customer_list',
  eventTypes: EVENTS,
  readModel: CustomerListRow,
  fold: {
    key: 'id',
    keyType: 'integer',
    keys: (e) => [(e.data as { customer_id: number }).customer_id],
    apply(rows, raw) {
      const e = domainEvent<CustomerEvent>(raw);
      const id = e.data.customer_id;
      if (e.type === 'CustomerRegistered') {
        const d = e.data;
        rows.set(id, {
          id,
          vendor_id: d.vendor_id,
          email: d.email,
          first_name: d.first_name,
          last_name: d.last_name,
          preferred_language: d.preferred_language,
          preferences: d.preferences,
          addresses: [],
          order_count: 0,
          total_spent_cents: 0,
          last_order_at: null,
          created_at: d.registered_at,
          updated_at: d.registered_at,
        });
        return;
      }
      const row = rows.get(id);
      if (!row) return;
      switch (e.type) {
        case 'CustomerProfileChanged':
          Object.assign(row, e.data.changes);
          row.updated_at = e.data.at;
          break;
        case 'CustomerOrderRecorded':
          row.order_count = e.data.order_count;
          row.total_spent_cents = e.data.total_spent_cents;
          row.last_order_at = e.data.last_order_at;
          break;
        default:
          row.addresses = foldAddresses(row.addresses, e as AddressEvent);
          row.updated_at = (e as AddressEvent).data.at;
      }
    },
  },
});
