import { assertNever } from '../../src/core/decider.ts';
import { AddressNotFoundException } from '../../src/core/errors.ts';
import { AddressLimitExceededException, InvalidAddressTypeException } from './errors.ts';
import type { AddressCommand } from './commands.ts';
import type { CustomerState } from './customer.ts';
import { ADDRESS_TYPES, MAX_ADDRESSES, type AddressFields, type AddressType, type CustomerAddress, type CustomerEvent } from './events.ts';

/**
 * The saved addresses of a customer (SPEC.md part 2 "Customer address", part 8):
 * - at most 10 per customer (AddressLimitExceededException);
 * - at most one default per type: making an address the default unsets the previous one in the
 *   same append (both facts are one CustomerDefaultAddressChanged event of the one stream, and the
 *   expected version refuses a concurrent decision made on the old state);
 * - an address added without `is_default` becomes the default of its type when the type has none
 *   (a first shipping address is the default shipping address); `is_default: false` on the
 *   default leaves its type without one; a deleted default leaves its type without one;
 * - an address moved to the other type leaves the old type's default and is treated like an
 *   address added to the new type.
 */
export function decideAddress(command: AddressCommand, state: CustomerState): CustomerEvent[] {
  const who = { customer_id: state.id, vendor_id: state.vendor_id };
  const { at } = command.data;
  switch (command.type) {
    case 'AddCustomerAddress': {
      const fields = checkType(command.data.fields);
      if (state.addresses.length >= MAX_ADDRESSES) {
        throw new AddressLimitExceededException(`A customer may save at most ${MAX_ADDRESSES} addresses`, { max_addresses: MAX_ADDRESSES });
      }
      const id = command.data.address_id;
      const events: CustomerEvent[] = [{ type: 'CustomerAddressAdded', data: { ...who, address: { address_id: id, ...fields }, at } }];
      const current = defaultOf(state.addresses, fields.type);
      if (command.data.is_default === true || (command.data.is_default === undefined && current === null)) {
        events.push(defaultChanged(who, fields.type, id, current, at));
      }
      return events;
    }
    case 'ChangeCustomerAddress': {
      const fields = checkType(command.data.fields);
      const before = find(state.addresses, command.data.address_id);
      const id = before.address_id;
      const events: CustomerEvent[] = [];
      const moved = before.type !== fields.type;
      if (moved && before.is_default) events.push(defaultChanged(who, before.type, null, id, at));
      if (!sameFields(before, fields))
        events.push({ type: 'CustomerAddressChanged', data: { ...who, address: { address_id: id, ...fields }, at } });
      const current = defaultOf(state.addresses, fields.type);
      const isDefault = !moved && before.is_default;
      const wanted = command.data.is_default ?? (moved ? current === null : isDefault);
      if (wanted && !isDefault) events.push(defaultChanged(who, fields.type, id, current, at));
      if (!wanted && isDefault) events.push(defaultChanged(who, fields.type, null, id, at));
      return events;
    }
    case 'RemoveCustomerAddress': {
      const before = find(state.addresses, command.data.address_id);
      return [{ type: 'CustomerAddressRemoved', data: { ...who, address_id: before.address_id, at } }];
    }
    case 'SetDefaultCustomerAddress': {
      const target = find(state.addresses, command.data.address_id);
      if (target.is_default) return [];
      return [defaultChanged(who, target.type, target.address_id, defaultOf(state.addresses, target.type), at)];
    }
    default:
      return assertNever(command);
  }
}

function checkType(fields: AddressFields): AddressFields {
  if (!(ADDRESS_TYPES as readonly string[]).includes(fields.type)) {
    throw new InvalidAddressTypeException(`An address type is shipping or billing, not '${String(fields.type)}'`, [
      { pointer: '/body/type', message: 'must be shipping or billing' },
    ]);
  }
  return fields;
}

function find(addresses: readonly CustomerAddress[], id: number): CustomerAddress {
  const found = addresses.find((a) => a.address_id === id);
  if (!found) throw new AddressNotFoundException(`Address ${id} not found`);
  return found;
}

const defaultOf = (addresses: readonly CustomerAddress[], type: AddressType): number | null =>
  addresses.find((a) => a.type === type && a.is_default)?.address_id ?? null;

const FIELDS: readonly (keyof AddressFields)[] = [
  'type',
  'first_name',
  'last_name',
  'company',
  'street',
  'street_2',
  'postal_code',
  'city',
  'country_iso',
  'country_name',
  'phone',
];
const sameFields = (a: CustomerAddress, b: AddressFields) => FIELDS.every((k) => a[k] === b[k]);

function defaultChanged(
  who: { customer_id: number; vendor_id: number },
  type: AddressType,
  id: number | null,
  previous: number | null,
  at: string,
): CustomerEvent {
  return { type: 'CustomerDefaultAddressChanged', data: { ...who, type, address_id: id, previous_address_id: previous, at } };
}
