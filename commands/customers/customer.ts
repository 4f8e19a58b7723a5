import type { TransitionTable } from '../../src/core/transitions.ts';
import { foldAddresses, type CustomerAddress, type CustomerEvent, type CustomerProfile } from './events.ts';

/** A registered customer: what every decision and the orders area read (loadCustomer). */
export interface CustomerState extends CustomerProfile {
  status: 'registered';
  id: number;
  vendor_id: number;
  /** Lower-cased; unique per vendor (reservation `customer_email:<vendor_id>:<email>`). */
  email: string;
  password_hash: string;
  registered_at: string;
  addresses: CustomerAddress[];
  /** Open sessions: session id → expiry. Expired ones are dropped as new sessions start. */
  sessions: Readonly<Record<string, string>>;
  /** The one reset link that may still be used: a newer request replaces it, a use consumes it. */
  reset: { token_hash: string; expires_at: string } | null;
  /** Orders already counted, so an order is counted once whatever is replayed. */
  order_ids: number[];
  order_count: number;
  total_spent_cents: number;
  last_order_at: string | null;
}

export type CustomerStreamState = { status: 'none' } | CustomerState;
export type CustomerStatus = CustomerStreamState['status'];
export type CustomerAction = 'register' | 'change';

/** The customer lifecycle as data: registered once, then changed; an account is never reopened. */
export const CUSTOMER_TRANSITIONS: TransitionTable<CustomerStatus, CustomerAction> = {
  register: { from: ['none'], to: 'registered' },
  change: { from: ['registered'], to: 'computed' },
};

export const initialCustomerState = (): CustomerStreamState => ({ status: 'none' });

const without = (sessions: Readonly<Record<string, string>>, ended: readonly string[]) =>
  Object.fromEntries(Object.entries(sessions).filter(([id]) => !ended.includes(id)));

export function evolveCustomer(state: CustomerStreamState, event: CustomerEvent): CustomerStreamState {
  if (event.type === 'CustomerRegistered') {
    const d = event.data;
    return {
      status: 'registered',
      id: d.customer_id,
      vendor_id: d.vendor_id,
      email: d.email,
      password_hash: d.password_hash,
      first_name: d.first_name,
      last_name: d.last_name,
      preferred_language: d.preferred_language,
      preferences: d.preferences,
      registered_at: d.registered_at,
      addresses: [],
      sessions: {},
      reset: null,
      order_ids: [],
      order_count: 0,
      total_spent_cents: 0,
      last_order_at: null,
    };
  }
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'CustomerProfileChanged':
      return { ...state, ...event.data.changes };
    case 'CustomerSessionStarted': {
      const { at, session_id, expires_at } = event.data;
      const live = Object.entries(state.sessions).filter(([, until]) => until > at);
      return { ...state, sessions: Object.fromEntries([...live, [session_id, expires_at]]) };
    }
    case 'CustomerSessionEnded':
      return { ...state, sessions: without(state.sessions, [event.data.session_id]) };
    case 'CustomerPasswordChanged':
      return { ...state, password_hash: event.data.password_hash, sessions: without(state.sessions, event.data.ended_session_ids) };
    case 'CustomerPasswordResetRequested':
      return { ...state, reset: { token_hash: event.data.token_hash, expires_at: event.data.expires_at } };
    case 'CustomerPasswordReset':
      return {
        ...state,
        password_hash: event.data.password_hash,
        reset: null,
        sessions: without(state.sessions, event.data.ended_session_ids),
      };
    case 'CustomerAddressAdded':
    case 'CustomerAddressChanged':
    case 'CustomerAddressRemoved':
    case 'CustomerDefaultAddressChanged':
      return { ...state, addresses: foldAddresses(state.addresses, event) };
    case 'CustomerOrderRecorded': {
      const d = event.data;
      return {
        ...state,
        order_ids: [...state.order_ids, d.order_id],
        order_count: d.order_count,
        total_spent_cents: d.total_spent_cents,
        last_order_at: d.last_order_at,
      };
    }
  }
}
