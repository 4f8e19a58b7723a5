import { ADDRESS_EVENT_TYPES, foldAddresses, type AddressEvent, type CustomerEvent } from '../../commands/customers/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

const EVENTS = ['CustomerRegistered', 'CustomerProfileChanged', 'CustomerOrderRecorded', ...ADDRESS_EVENT_TYPES] as const;

/**
 * customer_list: one row per customer, for the vendor's and the admin's customer lists and
 * details (statistics, saved addresses) and the shop's profile and address reads. The saved
 * addresses are folded with the aggregate's own function, so the list shows the same defaults the
 * decisions see.
 */
export const customerList = rowProjection<Record<string, any>>({
  name: 'customer_list',
  eventTypes: EVENTS,
  fold: {
    table: 'customer_list',
    key: 'id',
    keyType: 'integer',
    columns: [
      'vendor_id',
      'email',
      'first_name',
      'last_name',
      'preferred_language',
      'preferences',
      'addresses',
      'order_count',
      'total_spent_cents',
      'last_order_at',
      'created_at',
      'updated_at',
    ],
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
