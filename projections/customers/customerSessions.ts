import type { CustomerEvent } from '../../commands/customers/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const CustomerSessionRow = readModel('customer_sessions', {
  /** The id the customer's token carries. */
  session_id: column.text(),
  customer_id: column.int(),
  vendor_id: column.int(),
  started_at: column.time(),
  expires_at: column.time(),
});
export type CustomerSessionRow = RowOf<typeof CustomerSessionRow>;

const EVENTS = ['CustomerSessionStarted', 'CustomerSessionEnded', 'CustomerPasswordChanged', 'CustomerPasswordReset'] as const;

/**
 * customer_sessions: the open sessions of shop customers, read by the customer guard
 * (src/http/customerAuth.ts) on every customer request by primary key. A session's row goes when
 * it ends: sign-out, a password change (every session but the changer's), a reset (all).
 */
export const customerSessions = rowProjection<JsonRow<CustomerSessionRow>>({
  name: 'customer_sessions',
  eventTypes: EVENTS,
  readModel: CustomerSessionRow,
  fold: {
    key: 'session_id',
    keyType: 'text',
    keys: (raw) => {
      const e = domainEvent<CustomerEvent>(raw);
      switch (e.type) {
        case 'CustomerSessionStarted':
        case 'CustomerSessionEnded':
          return [e.data.session_id];
        case 'CustomerPasswordChanged':
        case 'CustomerPasswordReset':
          return e.data.ended_session_ids;
        default:
          return [];
      }
    },
    apply(rows, raw) {
      const e = domainEvent<CustomerEvent>(raw);
      switch (e.type) {
        case 'CustomerSessionStarted': {
          const d = e.data;
          rows.set(d.session_id, {
            session_id: d.session_id,
            customer_id: d.customer_id,
            vendor_id: d.vendor_id,
            started_at: d.at,
            expires_at: d.expires_at,
          });
          break;
        }
        case 'CustomerSessionEnded':
          rows.delete(e.data.session_id);
          break;
        case 'CustomerPasswordChanged':
        case 'CustomerPasswordReset':
          for (const id of e.data.ended_session_ids) rows.delete(id);
          break;
      }
    },
  },
});
