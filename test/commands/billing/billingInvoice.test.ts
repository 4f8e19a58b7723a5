import { billingInvoice } from '../../../commands/billing/billingInvoice.ts';
import type { BillingInvoiceEvent } from '../../../commands/billing/events.ts';
import { given } from '../../support/decider.ts';

const facts = {
  vendor_id: 7,
  invoice_id: 'in_1',
  number: 'INV-1',
  currency: 'EUR',
  period_start: null,
  period_end: null,
  invoice_pdf: null,
  hosted_invoice_url: null,
  at: '2026-11-26T10:00:00.000Z',
};
const paid: BillingInvoiceEvent = { type: 'BillingInvoicePaid', data: { ...facts, amount_paid_cents: 2900 } };
const failed = (attempt_count: number): BillingInvoiceEvent => ({
  type: 'BillingInvoicePaymentFailed',
  data: { ...facts, amount_due_cents: 2900, attempt_count },
});

/** A Stripe invoice: paid is final, each failed attempt recorded once, whatever order Stripe delivers in. */
describe('billing invoice', () => {
  it('records a payment', () => {
    given(billingInvoice, [])
      .when({ type: 'RecordInvoicePaid', data: paid.data as any })
      .then([paid]);
  });
  it('records a payment after failed attempts', () => {
    given(billingInvoice, [failed(1), failed(2)])
      .when({ type: 'RecordInvoicePaid', data: paid.data as any })
      .then([paid]);
  });
  it('a second payment of a paid invoice is no news', () => {
    given(billingInvoice, [paid])
      .when({ type: 'RecordInvoicePaid', data: paid.data as any })
      .then([]);
  });
  it('a failed attempt reported after the payment changes nothing', () => {
    given(billingInvoice, [paid])
      .when({ type: 'RecordInvoicePaymentFailed', data: failed(1).data as any })
      .then([]);
  });
  it('records each attempt once; an older or repeated attempt is no news', () => {
    given(billingInvoice, [failed(1)])
      .when({ type: 'RecordInvoicePaymentFailed', data: failed(2).data as any })
      .then([failed(2)]);
    given(billingInvoice, [failed(2)])
      .when({ type: 'RecordInvoicePaymentFailed', data: failed(2).data as any })
      .then([]);
    given(billingInvoice, [failed(2)])
      .when({ type: 'RecordInvoicePaymentFailed', data: failed(1).data as any })
      .then([]);
  });
});
