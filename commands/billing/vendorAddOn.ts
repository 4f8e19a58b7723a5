import { assertNever, type Decider } from '../../src/core/decider.ts';
import { BusinessLogicException, ConflictException } from '../../src/core/errors.ts';
import { AddOnNotFoundException } from './errors.ts';
import { checkTransition, type TransitionTable } from '../../src/core/transitions.ts';
import { addOnByCode, type AddOnDefinition } from '../../src/core/addOnCatalogue.ts';
import type { VendorAddOnEvent, VendorAddOnPurchased } from './events.ts';

export type AddOnStatus = 'active' | 'canceled';
export type VendorAddOnState = { status: 'none' } | (Omit<VendorAddOnPurchased['data'], 'at'> & { status: AddOnStatus });

/** An add-on runs until the vendor cancels it; a canceled one is bought again as a new add-on. */
export const ADD_ON_TRANSITIONS: TransitionTable<AddOnStatus, 'cancel'> = {
  cancel: { from: ['active'], to: 'canceled' },
};

/** Records a purchase; a second purchase with the same Stripe reference is the same purchase (a repeated webhook). */
export type PurchaseAddOn = {
  type: 'PurchaseAddOn';
  data: { add_on_id: string; vendor_id: number; add_on_code: string; quantity: number; stripe_ref: string | null; at: string };
};
export type CancelAddOn = { type: 'CancelAddOn'; data: { vendor_id: number; at: string } };
export type VendorAddOnCommand = PurchaseAddOn | CancelAddOn;

/** The catalogue's add-on for a purchase of `quantity` units, or the refusal (unknown code 404, quantity out of range 400). */
export function purchasableAddOn(code: string, quantity: number): AddOnDefinition {
  const definition = addOnByCode(code);
  if (!definition) throw new AddOnNotFoundException(`No add-on '${code}' in the catalogue`, { add_on_code: code });
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > definition.max_quantity) {
    throw new BusinessLogicException(`The add-on '${code}' is bought 1 to ${definition.max_quantity} at a time`, {
      add_on_code: code,
      max_quantity: definition.max_quantity,
    });
  }
  return definition;
}

export function evolveVendorAddOn(state: VendorAddOnState, event: VendorAddOnEvent): VendorAddOnState {
  switch (event.type) {
    case 'VendorAddOnPurchased': {
      const { at: _at, ...data } = event.data;
      return { ...data, status: 'active' };
    }
    case 'VendorAddOnCanceled':
      return state.status === 'none' ? state : { ...state, status: 'canceled' };
  }
}

export function decideVendorAddOn(command: VendorAddOnCommand, state: VendorAddOnState): VendorAddOnEvent[] {
  switch (command.type) {
    case 'PurchaseAddOn': {
      const d = command.data;
      if (state.status !== 'none') {
        if (d.stripe_ref !== null && state.stripe_ref === d.stripe_ref) return [];
        throw new ConflictException(`The add-on ${d.add_on_id} already exists`, { add_on_id: d.add_on_id });
      }
      const definition = purchasableAddOn(d.add_on_code, d.quantity);
      return [{ type: 'VendorAddOnPurchased', data: { ...d, price_monthly_cents: definition.price_monthly_cents } }];
    }
    case 'CancelAddOn': {
      // Another vendor's add-on is answered as unknown: its existence is not this vendor's business.
      if (state.status === 'none' || state.vendor_id !== command.data.vendor_id) throw new AddOnNotFoundException('Add-on not found');
      checkTransition('Add-on', ADD_ON_TRANSITIONS, 'cancel', state.status);
      return [{ type: 'VendorAddOnCanceled', data: { add_on_id: state.add_on_id, vendor_id: state.vendor_id, at: command.data.at } }];
    }
    default:
      return assertNever(command);
  }
}

export const vendorAddOn: Decider<VendorAddOnState, VendorAddOnCommand, VendorAddOnEvent> = {
  aggregate: 'addon',
  initialState: () => ({ status: 'none' }),
  evolve: evolveVendorAddOn,
  decide: decideVendorAddOn,
};
