import type { CustomerEvent } from '../../commands/customers/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

const EVENTS = ['CustomerSessionStarted', 'CustomerSessionEnded', 'CustomerPasswordChanged', 'CustomerPasswordReset'] as const;

/**
 * customer_sessions: the open sessions of shop customers, read by the customer guard
 * (src/http/customerAuth.ts) on every customer request by primary key. A session's row goes when
 * it ends: sign-out, a password change (every session but the changer's), a reset (all).
 */
export const customerSessions = rowProjection<Record<string, any>>({
  name: 'customer_sessions',
  eventTypes: EVENTS,
  fold: {
    table: 'customer_sessions',
    key: 'session_id',
    keyType: 'text',
    columns: ['customer_id', 'vendor_id', 'started_at', 'expires_at'],
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
