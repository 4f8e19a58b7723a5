import { assertNever, type Decider } from '../../src/core/decider.ts';
import { ResourceNotFoundException } from '../../src/core/errors.ts';
import type { BillingAccountEvent } from './events.ts';

export type BillingAccountState =
  | { status: 'none' }
  | { status: 'open'; vendor_id: number; stripe_customer_id: string; stripe_subscription_id: string; has_payment_method: boolean };

/** Records the vendor's Stripe customer and subscription; once per vendor (a repeat is nothing new). */
export type OpenBillingAccount = {
  type: 'OpenBillingAccount';
  data: { vendor_id: number; stripe_customer_id: string; stripe_subscription_id: string; at: string };
};
/** Records whether the vendor has a default payment method at Stripe. */
export type SetBillingPaymentMethod = {
  type: 'SetBillingPaymentMethod';
  data: { vendor_id: number; has_payment_method: boolean; at: string };
};
export type BillingAccountCommand = OpenBillingAccount | SetBillingPaymentMethod;

export const billingAccountStream = (vendorId: number) => `billing-account-${vendorId}`;

export const billingAccount: Decider<BillingAccountState, BillingAccountCommand, BillingAccountEvent> = {
  aggregate: 'billing-account',
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'BillingAccountOpened': {
        const { at: _at, ...d } = event.data;
        return { status: 'open', ...d, has_payment_method: state.status === 'open' ? state.has_payment_method : false };
      }
      case 'BillingPaymentMethodChanged':
        return state.status === 'open' ? { ...state, has_payment_method: event.data.has_payment_method } : state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'OpenBillingAccount':
        return state.status === 'open' ? [] : [{ type: 'BillingAccountOpened', data: command.data }];
      case 'SetBillingPaymentMethod':
        if (state.status !== 'open')
          throw new ResourceNotFoundException('The vendor has no billing account yet', { vendor_id: command.data.vendor_id });
        return state.has_payment_method === command.data.has_payment_method
          ? []
          : [{ type: 'BillingPaymentMethodChanged', data: command.data }];
      default:
        return assertNever(command);
    }
  },
};
