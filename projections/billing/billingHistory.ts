import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { BILLING_INVOICE_EVENT_TYPES, type BillingInvoiceEvent } from '../../commands/billing/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const BillingHistoryRow = readModel('billing_history', {
  /** Stripe's invoice id. */
  invoice_id: column.text(),
  vendor_id: column.int(),
  number: column.nullable(column.text()),
  status: column.oneOf(['paid', 'failed']),
  amount_cents: column.int({ description: 'Paid, or due for a failed invoice' }),
  currency: column.text(),
  period_start: column.nullable(column.time()),
  period_end: column.nullable(column.time()),
  invoice_pdf: column.nullable(column.text({ description: "Stripe's PDF of the invoice" })),
  hosted_invoice_url: column.nullable(column.text({ description: "Stripe's page of the invoice, where a failed one can be paid" })),
  attempt_count: column.int(),
  paid_at: column.nullable(column.time()),
  failed_at: column.nullable(column.time()),
  created_at: column.time(),
  updated_at: column.time(),
});
export type BillingHistoryRow = RowOf<typeof BillingHistoryRow>;

/**
 * billing_history: each Stripe invoice of a vendor, paid or failed, with its PDF and hosted page
 * (SPEC.md part 2 "Billing history holds invoices with PDF links"). Read by the vendor's and the
 * admins' billing history routes. A row projection (src/runtime/rowProjection.ts), one row per
 * invoice.
 */
export const billingHistory = rowProjection<JsonRow<BillingHistoryRow>>({
  name: 'billing_history',
  eventTypes: BILLING_INVOICE_EVENT_TYPES,
  readModel: BillingHistoryRow,
  fold: {
    key: 'invoice_id',
    keyType: 'text',
    keys: (e) => [(e.data as { invoice_id: string }).invoice_id],
    apply(rows, raw) {
      const e = domainEvent<BillingInvoiceEvent>(raw);
      const d = e.data;
      const old = rows.get(d.invoice_id);
      // An invoice keeps its vendor, its first date and what the other kind of event set; a paid
      // invoice keeps the attempts counted before, a failed one the time it was paid (none).
      const paid = e.type === 'BillingInvoicePaid';
      rows.set(d.invoice_id, {
        invoice_id: d.invoice_id,
        vendor_id: old?.vendor_id ?? d.vendor_id,
        number: d.number,
        status: paid ? 'paid' : 'failed',
        amount_cents: e.type === 'BillingInvoicePaid' ? e.data.amount_paid_cents : e.data.amount_due_cents,
        currency: d.currency,
        period_start: d.period_start,
        period_end: d.period_end,
        invoice_pdf: d.invoice_pdf ?? old?.invoice_pdf ?? null,
        hosted_invoice_url: d.hosted_invoice_url ?? old?.hosted_invoice_url ?? null,
        attempt_count: e.type === 'BillingInvoicePaid' ? (old?.attempt_count ?? 0) : e.data.attempt_count,
        paid_at: paid ? d.at : (old?.paid_at ?? null),
        failed_at: paid ? (old?.failed_at ?? null) : d.at,
        created_at: old?.created_at ?? d.at,
        updated_at: d.at,
      });
    },
  },
});
