import { expect } from 'chai';
import type { AddressFields, CustomerEvent } from '../../../commands/customers/events.ts';
import { customer } from '../../../commands/customers/customerDecider.ts';
import { AddressNotFoundException, InvalidTransitionException } from '../../../src/core/errors.ts';
import {
  AddressLimitExceededException,
  CustomerNotFoundException,
  InvalidAddressTypeException,
  PasswordResetTokenException,
} from '../../../commands/customers/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-25T10:00:00.000Z';
const later = '2026-11-25T10:30:00.000Z';
const who = { customer_id: 7, vendor_id: 3 };
const registered: CustomerEvent = {
  type: 'CustomerRegistered',
  data: {
    ...who,
    email: 'ada@shop.test',
    password_hash: 'h1',
    first_name: 'Ada',
    last_name: 'Lovelace',
    preferred_language: 'fr',
    preferences: {},
    registered_at: at,
  },
};
const fields = (over: Partial<AddressFields> = {}): AddressFields => ({
  type: 'shipping',
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: null,
  street: '1 rue Haute',
  street_2: null,
  postal_code: 'L-1611',
  city: 'Luxembourg',
  country_iso: 'LU',
  country_name: 'Luxembourg',
  phone: null,
  ...over,
});
const added = (id: number, over: Partial<AddressFields> = {}): CustomerEvent => ({
  type: 'CustomerAddressAdded',
  data: { ...who, address: { address_id: id, ...fields(over) }, at },
});
const defaulted = (type: 'shipping' | 'billing', id: number | null, previous: number | null): CustomerEvent => ({
  type: 'CustomerDefaultAddressChanged',
  data: { ...who, type, address_id: id, previous_address_id: previous, at },
});
const session = (id: string, expires = '2026-11-25T11:00:00.000Z'): CustomerEvent => ({
  type: 'CustomerSessionStarted',
  data: { ...who, session_id: id, expires_at: expires, at },
});

describe('customer aggregate', () => {
  context('registration', () => {
    it('opens an account of one vendor', () => {
      const { registered_at: _r, customer_id, ...rest } = registered.data as any;
      given(customer, [])
        .when({ type: 'RegisterCustomer', data: { customer_id, ...rest, at } })
        .then([registered]);
    });
    it('never registers the same customer id twice', () => {
      given(customer, [registered])
        .when({ type: 'RegisterCustomer', data: { ...(registered.data as any), at } })
        .thenThrows(InvalidTransitionException, /registered/);
    });
    it('knows no customer before registration', () => {
      given(customer, [])
        .when({ type: 'ChangeCustomerProfile', data: { changes: { first_name: 'X' }, at } })
        .thenThrows(CustomerNotFoundException);
    });
    it('records only the profile fields that change, preferences compared by value', () => {
      given(customer, [registered])
        .when({ type: 'ChangeCustomerProfile', data: { changes: { first_name: 'Ada', preferences: {}, last_name: 'King' }, at } })
        .then([{ type: 'CustomerProfileChanged', data: { ...who, changes: { last_name: 'King' }, at } }]);
    });
  });

  context('saved addresses', () => {
    it('makes the first address of a type its default', () => {
      given(customer, [registered])
        .when({ type: 'AddCustomerAddress', data: { address_id: 1, fields: fields(), at } })
        .then([added(1), defaulted('shipping', 1, null)]);
    });
    it('adds a second address of the type without touching the default', () => {
      given(customer, [registered, added(1), defaulted('shipping', 1, null)])
        .when({ type: 'AddCustomerAddress', data: { address_id: 2, fields: fields(), at } })
        .then([added(2)]);
    });
    it('moves the default in one decision: the new default names the previous one it unsets', () => {
      const history = [registered, added(1), defaulted('shipping', 1, null), added(2)];
      given(customer, history)
        .when({ type: 'SetDefaultCustomerAddress', data: { address_id: 2, at } })
        .then([defaulted('shipping', 2, 1)]);
      const after = [...history, defaulted('shipping', 2, 1)].reduce(customer.evolve, customer.initialState()) as any;
      expect(after.addresses.map((a: any) => [a.address_id, a.is_default])).to.deep.equal([
        [1, false],
        [2, true],
      ]);
    });
    it('keeps one default per type: billing and shipping defaults are independent', () => {
      const history = [registered, added(1), defaulted('shipping', 1, null)];
      given(customer, history)
        .when({ type: 'AddCustomerAddress', data: { address_id: 2, fields: fields({ type: 'billing' }), at } })
        .then([added(2, { type: 'billing' }), defaulted('billing', 2, null)]);
    });
    it('adds an address as the new default when asked', () => {
      given(customer, [registered, added(1), defaulted('shipping', 1, null)])
        .when({ type: 'AddCustomerAddress', data: { address_id: 2, fields: fields(), is_default: true, at } })
        .then([added(2), defaulted('shipping', 2, 1)]);
    });
    it('setting the default address as default changes nothing', () => {
      given(customer, [registered, added(1), defaulted('shipping', 1, null)])
        .when({ type: 'SetDefaultCustomerAddress', data: { address_id: 1, at } })
        .then([]);
    });
    it('refuses an 11th address', () => {
      const ten = Array.from({ length: 10 }, (_, i) => added(i + 1));
      given(customer, [registered, ...ten])
        .when({ type: 'AddCustomerAddress', data: { address_id: 11, fields: fields(), at } })
        .thenThrows(AddressLimitExceededException, /at most 10/);
    });
    it('accepts a 10th address', () => {
      const nine = Array.from({ length: 9 }, (_, i) => added(i + 1));
      given(customer, [registered, ...nine, defaulted('shipping', 1, null)])
        .when({ type: 'AddCustomerAddress', data: { address_id: 10, fields: fields(), at } })
        .then([added(10)]);
    });
    it('refuses a type other than shipping or billing', () => {
      given(customer, [registered])
        .when({ type: 'AddCustomerAddress', data: { address_id: 1, fields: fields({ type: 'delivery' as any }), at } })
        .thenThrows(InvalidAddressTypeException, /shipping or billing/);
    });
    it('does not know an address of another customer (or none)', () => {
      given(customer, [registered, added(1)])
        .when({ type: 'SetDefaultCustomerAddress', data: { address_id: 99, at } })
        .thenThrows(AddressNotFoundException);
      given(customer, [registered])
        .when({ type: 'RemoveCustomerAddress', data: { address_id: 1, at } })
        .thenThrows(AddressNotFoundException);
    });
    it('leaves the type without a default when the default is deleted', () => {
      const history = [
        registered,
        added(1),
        defaulted('shipping', 1, null),
        added(2),
        { type: 'CustomerAddressRemoved', data: { ...who, address_id: 1, at } } as CustomerEvent,
      ];
      const state = given(customer, history).state as any;
      expect(state.addresses.map((a: any) => [a.address_id, a.is_default])).to.deep.equal([[2, false]]);
    });
    it("moves an address to the other type: it leaves the old default and becomes the new type's when it has none", () => {
      const history = [registered, added(1), defaulted('shipping', 1, null)];
      const changed: CustomerEvent = {
        type: 'CustomerAddressChanged',
        data: { ...who, address: { address_id: 1, ...fields({ type: 'billing' }) }, at },
      };
      given(customer, history)
        .when({ type: 'ChangeCustomerAddress', data: { address_id: 1, fields: fields({ type: 'billing' }), at } })
        .then([defaulted('shipping', null, 1), changed, defaulted('billing', 1, null)]);
    });
    it('edits nothing when the fields are the same', () => {
      given(customer, [registered, added(1), defaulted('shipping', 1, null)])
        .when({ type: 'ChangeCustomerAddress', data: { address_id: 1, fields: fields(), at } })
        .then([]);
    });
    it('is_default false on the default leaves the type without one', () => {
      given(customer, [registered, added(1), defaulted('shipping', 1, null)])
        .when({ type: 'ChangeCustomerAddress', data: { address_id: 1, fields: fields(), is_default: false, at } })
        .then([defaulted('shipping', null, 1)]);
    });
  });

  context('sessions and passwords', () => {
    it("a password change ends every other open session and keeps the changer's", () => {
      given(customer, [registered, session('s1'), session('s2'), session('s3')])
        .when({ type: 'ChangeCustomerPassword', data: { password_hash: 'h2', kept_session_id: 's2', at } })
        .then([
          {
            type: 'CustomerPasswordChanged',
            data: { ...who, password_hash: 'h2', kept_session_id: 's2', ended_session_ids: ['s1', 's3'], at },
          },
        ]);
    });
    it('an expired session needs no ending', () => {
      given(customer, [registered, session('old', '2026-11-25T10:10:00.000Z'), session('s1')])
        .when({ type: 'ChangeCustomerPassword', data: { password_hash: 'h2', kept_session_id: null, at: later } })
        .then([
          {
            type: 'CustomerPasswordChanged',
            data: { ...who, password_hash: 'h2', kept_session_id: null, ended_session_ids: ['s1'], at: later },
          },
        ]);
    });
    it('signing out of an ended session changes nothing', () => {
      const ended: CustomerEvent = { type: 'CustomerSessionEnded', data: { ...who, session_id: 's1', at } };
      given(customer, [registered, session('s1'), ended])
        .when({ type: 'EndCustomerSession', data: { session_id: 's1', at } })
        .then([]);
    });
  });

  context('password reset', () => {
    const requested = (hash: string, expires = '2026-11-25T11:00:00.000Z'): CustomerEvent => ({
      type: 'CustomerPasswordResetRequested',
      data: { ...who, token_hash: hash, expires_at: expires, at },
    });
    const reset = (hash: string): CustomerEvent => ({
      type: 'CustomerPasswordReset',
      data: { ...who, password_hash: 'h2', token_hash: hash, ended_session_ids: ['s1'], at: later },
    });

    it('resets with the pending link before it expires and ends every session', () => {
      given(customer, [registered, session('s1'), requested('abc')])
        .when({ type: 'ResetCustomerPassword', data: { token_hash: 'abc', password_hash: 'h2', at: later } })
        .then([reset('abc')]);
    });
    it('a link works once', () => {
      given(customer, [registered, session('s1'), requested('abc'), reset('abc')])
        .when({ type: 'ResetCustomerPassword', data: { token_hash: 'abc', password_hash: 'h3', at: later } })
        .thenThrows(PasswordResetTokenException, /not valid or was already used/);
    });
    it('an expired link is refused', () => {
      given(customer, [registered, requested('abc')])
        .when({ type: 'ResetCustomerPassword', data: { token_hash: 'abc', password_hash: 'h2', at: '2026-11-25T11:00:00.000Z' } })
        .thenThrows(PasswordResetTokenException, /expired/);
    });
    it('a newer request replaces the pending link', () => {
      given(customer, [registered, requested('abc'), requested('def')])
        .when({ type: 'ResetCustomerPassword', data: { token_hash: 'abc', password_hash: 'h2', at: later } })
        .thenThrows(PasswordResetTokenException);
    });
    it('a link of nothing requested is refused', () => {
      given(customer, [registered])
        .when({ type: 'ResetCustomerPassword', data: { token_hash: 'abc', password_hash: 'h2', at } })
        .thenThrows(PasswordResetTokenException);
    });
  });

  context('order statistics', () => {
    const recorded: CustomerEvent = {
      type: 'CustomerOrderRecorded',
      data: { ...who, order_id: 50, gross_cents: 2599, placed_at: at, order_count: 1, total_spent_cents: 2599, last_order_at: at },
    };
    it('counts an order: count, total spent, last order', () => {
      given(customer, [registered])
        .when({ type: 'RecordCustomerOrder', data: { order_id: 50, vendor_id: 3, gross_cents: 2599, placed_at: at } })
        .then([recorded]);
    });
    it('adds up a second order', () => {
      given(customer, [registered, recorded])
        .when({ type: 'RecordCustomerOrder', data: { order_id: 51, vendor_id: 3, gross_cents: 1000, placed_at: later } })
        .then([
          {
            type: 'CustomerOrderRecorded',
            data: {
              ...who,
              order_id: 51,
              gross_cents: 1000,
              placed_at: later,
              order_count: 2,
              total_spent_cents: 3599,
              last_order_at: later,
            },
          },
        ]);
    });
    it('counts an order once, however often it is reported', () => {
      given(customer, [registered, recorded])
        .when({ type: 'RecordCustomerOrder', data: { order_id: 50, vendor_id: 3, gross_cents: 2599, placed_at: at } })
        .then([]);
    });
    it('ignores an order of another vendor', () => {
      given(customer, [registered])
        .when({ type: 'RecordCustomerOrder', data: { order_id: 52, vendor_id: 4, gross_cents: 100, placed_at: at } })
        .then([]);
    });
  });
});
