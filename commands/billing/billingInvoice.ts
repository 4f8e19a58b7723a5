import { assertNever, type Decider } from '../../src/core/decider.ts';
import type { BillingInvoiceEvent, BillingInvoicePaid, BillingInvoicePaymentFailed } from './events.ts';

/**
 * One Stripe invoice of a vendor (stream `billing-invoice-<stripe invoice id>`). Paid is final:
 * Stripe's webhooks arrive in any order, so a failed attempt reported after the payment changes
 * nothing, and an attempt is recorded once (a repeated or older attempt number is no news).
 */
export type BillingInvoiceState =
  | { status: 'none' }
  | { status: 'failed'; vendor_id: number; attempt_count: number }
  | { status: 'paid'; vendor_id: number; attempt_count: number };

export type RecordInvoicePaid = { type: 'RecordInvoicePaid'; data: BillingInvoicePaid['data'] };
export type RecordInvoicePaymentFailed = { type: 'RecordInvoicePaymentFailed'; data: BillingInvoicePaymentFailed['data'] };
export type BillingInvoiceCommand = RecordInvoicePaid | RecordInvoicePaymentFailed;

export function evolveBillingInvoice(state: BillingInvoiceState, event: BillingInvoiceEvent): BillingInvoiceState {
  const attempts = state.status === 'none' ? 0 : state.attempt_count;
  switch (event.type) {
    case 'BillingInvoicePaid':
      return { status: 'paid', vendor_id: event.data.vendor_id, attempt_count: attempts };
    case 'BillingInvoicePaymentFailed':
      return { status: 'failed', vendor_id: event.data.vendor_id, attempt_count: Math.max(attempts, event.data.attempt_count) };
  }
}

export function decideBillingInvoice(command: BillingInvoiceCommand, state: BillingInvoiceState): BillingInvoiceEvent[] {
  switch (command.type) {
    case 'RecordInvoicePaid':
      return state.status === 'paid' ? [] : [{ type: 'BillingInvoicePaid', data: command.data }];
    case 'RecordInvoicePaymentFailed':
      if (state.status === 'paid') return [];
      if (state.status === 'failed' && command.data.attempt_count <= state.attempt_count) return [];
      return [{ type: 'BillingInvoicePaymentFailed', data: command.data }];
    default:
      return assertNever(command);
  }
}

export const billingInvoice: Decider<BillingInvoiceState, BillingInvoiceCommand, BillingInvoiceEvent> = {
  aggregate: 'billing-invoice',
  initialState: () => ({ status: 'none' }),
  evolve: evolveBillingInvoice,
  decide: decideBillingInvoice,
};
