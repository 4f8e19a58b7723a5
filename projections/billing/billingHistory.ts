import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { BILLING_INVOICE_EVENT_TYPES, type BillingInvoiceEvent } from '../../commands/billing/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

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
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = [...new Set(events.map((e) => (e.data as { invoice_id: string }).invoice_id))];
    const existing = await trx('billing_history').whereIn('invoice_id', ids);
    const rows = new Map<string, any>(existing.map((r: any) => [r.invoice_id, r]));
    for (const raw of events) {
      const e = domainEvent<BillingInvoiceEvent>(raw);
      const d = e.data;
      const row = rows.get(d.invoice_id) ?? {
        invoice_id: d.invoice_id,
        vendor_id: d.vendor_id,
        attempt_count: 0,
        paid_at: null,
        failed_at: null,
        created_at: d.at,
      };
      Object.assign(row, {
        number: d.number,
        currency: d.currency,
        period_start: d.period_start,
        period_end: d.period_end,
        invoice_pdf: d.invoice_pdf ?? row.invoice_pdf ?? null,
        hosted_invoice_url: d.hosted_invoice_url ?? row.hosted_invoice_url ?? null,
        updated_at: d.at,
      });
      if (e.type === 'BillingInvoicePaid')
        Object.assign(row, { status: 'paid', amount_cents: e.data.amount_paid_cents, paid_at: e.data.at });
      else
        Object.assign(row, {
          status: 'failed',
          amount_cents: e.data.amount_due_cents,
          attempt_count: e.data.attempt_count,
          failed_at: e.data.at,
        });
      rows.set(d.invoice_id, row);
    }
    if (rows.size > 0)
      await trx('billing_history')
        .insert([...rows.values()])
        .onConflict('invoice_id')
        .merge();
  },
};
