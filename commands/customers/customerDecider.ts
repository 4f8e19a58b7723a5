import { assertNever, type Decider } from '../../src/core/decider.ts';
import { changedFields, sameJson } from '../../src/core/changedFields.ts';
import { CustomerNotFoundException, PasswordResetTokenException } from './errors.ts';
import { checkTransition } from '../../src/core/transitions.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { current } from '../../src/runtime/currentState.ts';
import { decideAddress } from './addresses.ts';
import type { CustomerCommand } from './commands.ts';
import {
  CUSTOMER_TRANSITIONS,
  evolveCustomer,
  initialCustomerState,
  type CustomerAction,
  type CustomerState,
  type CustomerStreamState,
} from './customer.ts';
import type { CustomerEvent, CustomerProfile } from './events.ts';

export type { CustomerCommand } from './commands.ts';
export type { CustomerState, CustomerStreamState } from './customer.ts';
export type { CustomerAddress } from './events.ts';

function registered(state: CustomerStreamState, action: CustomerAction): CustomerState {
  if (state.status === 'none' && action !== 'register') throw new CustomerNotFoundException('Customer not found');
  checkTransition('Customer', CUSTOMER_TRANSITIONS, action, state.status);
  return state as CustomerState;
}

/** Sessions still open at `at` (an expired one needs no ending: its token has expired too). */
const openSessions = (state: CustomerState, at: string) =>
  Object.entries(state.sessions)
    .filter(([, until]) => until > at)
    .map(([id]) => id);

export function decideCustomer(command: CustomerCommand, state: CustomerStreamState): CustomerEvent[] {
  if (command.type === 'RegisterCustomer') {
    registered(state, 'register');
    const { at, ...data } = command.data;
    return [{ type: 'CustomerRegistered', data: { ...data, registered_at: at } }];
  }
  const s = registered(state, 'change');
  const who = { customer_id: s.id, vendor_id: s.vendor_id };
  switch (command.type) {
    case 'ChangeCustomerProfile': {
      const changes = changedFields<CustomerProfile>(s, command.data.changes, sameJson);
      return Object.keys(changes).length === 0 ? [] : [{ type: 'CustomerProfileChanged', data: { ...who, changes, at: command.data.at } }];
    }
    case 'StartCustomerSession':
      return [{ type: 'CustomerSessionStarted', data: { ...who, ...command.data } }];
    case 'EndCustomerSession':
      // Signing out twice, or out of a session already ended by a password change, changes nothing.
      if (!(command.data.session_id in s.sessions)) return [];
      return [{ type: 'CustomerSessionEnded', data: { ...who, ...command.data } }];
    case 'ChangeCustomerPassword': {
      const { kept_session_id, at } = command.data;
      const ended = openSessions(s, at).filter((id) => id !== kept_session_id);
      return [{ type: 'CustomerPasswordChanged', data: { ...who, ...command.data, ended_session_ids: ended } }];
    }
    case 'RequestCustomerPasswordReset':
      return [{ type: 'CustomerPasswordResetRequested', data: { ...who, ...command.data } }];
    case 'ResetCustomerPassword': {
      const { token_hash, at } = command.data;
      // Single use: the link's hash must be the one pending (a used link, or one a newer request replaced, is not).
      if (!s.reset || s.reset.token_hash !== token_hash)
        throw new PasswordResetTokenException('This reset link is not valid or was already used; ask for a new one');
      if (at >= s.reset.expires_at)
        throw new PasswordResetTokenException('This reset link has expired; ask for a new one', { expired_at: s.reset.expires_at });
      return [{ type: 'CustomerPasswordReset', data: { ...who, ...command.data, ended_session_ids: openSessions(s, at) } }];
    }
    case 'AddCustomerAddress':
    case 'ChangeCustomerAddress':
    case 'RemoveCustomerAddress':
    case 'SetDefaultCustomerAddress':
      return decideAddress(command, s);
    case 'RecordCustomerOrder': {
      const d = command.data;
      // Counted once: a replayed or repeated OrderPlaced finds its order recorded already.
      if (s.order_ids.includes(d.order_id) || d.vendor_id !== s.vendor_id) return [];
      const last = s.last_order_at && s.last_order_at > d.placed_at ? s.last_order_at : d.placed_at;
      return [
        {
          type: 'CustomerOrderRecorded',
          data: {
            ...who,
            order_id: d.order_id,
            gross_cents: d.gross_cents,
            placed_at: d.placed_at,
            order_count: s.order_count + 1,
            total_spent_cents: s.total_spent_cents + d.gross_cents,
            last_order_at: last,
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

export const customer: Decider<CustomerStreamState, CustomerCommand, CustomerEvent> = {
  aggregate: 'customer',
  initialState: initialCustomerState,
  evolve: evolveCustomer,
  decide: decideCustomer,
};

/**
 * A registered customer as its stream says now (for the orders area: names, language, saved
 * addresses). An unknown id is CustomerNotFoundException; callers check `vendor_id` against
 * their tenant.
 */
export async function loadCustomer(store: EventStore, customerId: number): Promise<CustomerState> {
  const { state } = await current(store, customer, customerId);
  if (state.status !== 'registered') throw new CustomerNotFoundException('Customer not found');
  return state;
}
