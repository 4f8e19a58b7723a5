import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
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

/** A row to write: its times as the table gave them (Date) or as an event carries them (ISO text). */
type Written = { [K in keyof BillingHistoryRow]: BillingHistoryRow[K] | JsonRow<BillingHistoryRow>[K] };

/**
 * billing_history: each Stripe invoice of a vendor, paid or failed, with its PDF and hosted page
 * (SPEC.md part 2 "Billing history holds invoices with PDF links"). Read by the vendor's and the
 * admins' billing history routes.
 */
export const billingHistory: Projection = {
  kind: 'projection',
  name: 'billing_history',
  eventTypes: BILLING_INVOICE_EVENT_TYPES,
  tables: ['billing_history'],
  readModels: [BillingHistoryRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = [...new Set(events.map((e) => (e.data as { invoice_id: string }).invoice_id))];
    const existing = await trx<BillingHistoryRow>('billing_history').whereIn('invoice_id', ids);
    const rows = new Map<string, Written>(existing.map((r) => [r.invoice_id, r]));
    for (const raw of events) {
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
    }
    if (rows.size > 0)
      await trx('billing_history')
        .insert([...rows.values()])
        .onConflict('invoice_id')
        .merge();
  },
};
