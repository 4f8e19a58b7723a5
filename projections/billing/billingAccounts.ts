import type { Knex } from 'knex';
import { BILLING_ACCOUNT_EVENT_TYPES, type BillingAccountEvent } from '../../commands/billing/events.ts';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
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

/** billing_accounts: each vendor's Stripe customer and subscription, read by the billing routes and the webhooks. */
export const billingAccounts: Projection = {
  kind: 'projection',
  name: 'billing_accounts',
  eventTypes: BILLING_ACCOUNT_EVENT_TYPES,
  tables: ['billing_accounts'],
  readModels: [BillingAccountRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const ids = [...new Set(events.map((e) => (e.data as { vendor_id: number }).vendor_id))];
    const rows = new Map<number, BillingAccountRow | JsonRow<BillingAccountRow>>(
      (await trx<BillingAccountRow>('billing_accounts').whereIn('vendor_id', ids)).map((r) => [r.vendor_id, r]),
    );
    for (const raw of events) {
      const e = domainEvent<BillingAccountEvent>(raw);
      if (e.type === 'BillingAccountOpened') {
        const { vendor_id, stripe_customer_id, stripe_subscription_id, at } = e.data;
        rows.set(vendor_id, {
          vendor_id,
          stripe_customer_id,
          stripe_subscription_id,
          has_payment_method: rows.get(vendor_id)?.has_payment_method ?? false,
          opened_at: at,
          updated_at: at,
        });
        continue;
      }
      const row = rows.get(e.data.vendor_id);
      if (row) {
        row.has_payment_method = e.data.has_payment_method;
        row.updated_at = e.data.at;
      }
    }
    if (rows.size > 0)
      await trx('billing_accounts')
        .insert([...rows.values()])
        .onConflict('vendor_id')
        .merge();
  },
};
