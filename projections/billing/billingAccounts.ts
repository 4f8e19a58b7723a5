import { BILLING_ACCOUNT_EVENT_TYPES, type BillingAccountEvent } from '../../commands/billing/events.ts';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

export const BillingAccountRow = readModel('billing_accounts', {
  vendor_id: column.int(),
  stripe_customer_id: column.text(),
  stripe_subscription_id: column.text(),
  has_payment_method: column.bool(),
  opened_at: column.time(),
  updated_at: column.time(),
});
export type BillingAccountRow = RowOf<typeof BillingAccountRow>;

/**
 * billing_accounts: each vendor's Stripe customer and subscription, read by the billing routes and
 * the webhooks. A row projection (src/runtime/rowProjection.ts), one row per vendor.
 */
export const billingAccounts = rowProjection<JsonRow<BillingAccountRow>>({
  name: 'billing_accounts',
  eventTypes: BILLING_ACCOUNT_EVENT_TYPES,
  readModel: BillingAccountRow,
  fold: {
    key: 'vendor_id',
    keyType: 'integer',
    keys: (e) => [(e.data as { vendor_id: number }).vendor_id],
    apply(rows, raw) {
      const e = domainEvent<BillingAccountEvent>(raw);
      if (e.type === 'BillingAccountOpened') {
        const { vendor_id, stripe_customer_id, stripe_subscription_id, at } = e.data;
        // An account opened again keeps the payment method it had.
        rows.set(vendor_id, {
          vendor_id,
          stripe_customer_id,
          stripe_subscription_id,
          has_payment_method: rows.get(vendor_id)?.has_payment_method ?? false,
          opened_at: at,
          updated_at: at,
        });
        return;
      }
      const row = rows.get(e.data.vendor_id);
      if (row) {
        row.has_payment_method = e.data.has_payment_method;
        row.updated_at = e.data.at;
      }
    },
  },
});
