import type { BillingInvoicePaymentFailed } from '../../commands/billing/events.ts';
import type { VendorSubscriptionChanged } from '../../commands/subscriptions/events.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { notifyAdmins } from '../modules/notifications.ts';
import { vendorName } from './vendorName.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

const euros = (cents: number) => `${(cents / 100).toFixed(2)} EUR`;

/**
 * A payment failed (docs/notifications.md): the payment provider refused an invoice's payment
 * (once per invoice and attempt), or a subscription became past_due (once per such change: the key
 * holds the event's id, a later relapse is a new notification).
 */
export const notifyAdminsOnPaymentFailed: ProcessManager = {
  kind: 'process',
  name: 'notifyAdminsOnPaymentFailed',
  eventTypes: ['BillingInvoicePaymentFailed', 'VendorSubscriptionChanged'],
  async handle(event, ctx) {
    const link = (vendorId: number) => `/api/v1/admin/subscriptions/${vendorId}`;
    if (event.type === 'BillingInvoicePaymentFailed') {
      const d = domainEvent<BillingInvoicePaymentFailed>(event).data;
      const vendor = await vendorName(ctx.trx, d.vendor_id);
      await notifyAdmins(ctx, event, {
        key: `invoice_payment_failed:${d.invoice_id}:${d.attempt_count}`,
        kind: 'invoice_payment_failed',
        severity: 'error',
        title: `Payment of ${euros(d.amount_due_cents)} by ${vendor} failed`,
        body: `Invoice ${d.invoice_id} could not be paid (attempt ${d.attempt_count}).${d.hosted_invoice_url ? ` The invoice: ${d.hosted_invoice_url}` : ''}`,
        link: link(d.vendor_id),
        vendor_id: d.vendor_id,
        data: {
          invoice_id: d.invoice_id,
          amount_due_cents: d.amount_due_cents,
          attempt_count: d.attempt_count,
          hosted_invoice_url: d.hosted_invoice_url,
        },
      });
      return;
    }
    const d = domainEvent<VendorSubscriptionChanged>(event).data;
    if (d.changes.status !== 'past_due') return;
    const vendor = await vendorName(ctx.trx, d.vendor_id);
    await notifyAdmins(ctx, event, {
      key: `subscription_past_due:${d.vendor_id}:${event.id}`,
      kind: 'subscription_past_due',
      severity: 'warning',
      title: `The subscription of ${vendor} is past due`,
      body: 'A payment of the subscription failed; the vendor keeps its tier while the payment is retried.',
      link: link(d.vendor_id),
      vendor_id: d.vendor_id,
      data: { vendor_id: d.vendor_id, since: d.at },
    });
  },
};
