import { recordPaymentMethod, reconcileStripeSubscription } from '../../../commands/billing/handlers.ts';
import { billingAccountsAfter } from '../../../queries/billing/trials.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { retryFailedStripeEvents } from './processStripeEvent.ts';
import { isoFromUnix, subscriptionView } from './stripeObjects.ts';

const PAGE = 100;

export interface SyncReport {
  accounts: number;
  reconciled: number[];
  failed: number[];
  retried: number;
}

/**
 * Synchronisation with the payment provider (SPEC.md part 6 item 5): what a lost or failed
 * webhook left behind is repaired. For each billing account, Stripe's subscription (status,
 * period, tier) and customer (a default card) are read and the vendor's records brought to them
 * when they differ; then the stored webhook events whose handling failed are tried again.
 * Idempotent: a vendor already in Stripe's state gets no event.
 */
export async function syncWithStripe(services: Services): Promise<SyncReport> {
  const report: SyncReport = { accounts: 0, reconciled: [], failed: [], retried: 0 };
  const stripe = services.stripe;
  if (stripe) {
    let after = 0;
    for (;;) {
      const accounts = await billingAccountsAfter(services.db.knex, after, PAGE);
      if (accounts.length === 0) break;
      for (const account of accounts) {
        after = account.vendor_id;
        report.accounts++;
        const now = services.clock.now();
        const ctx: CommandContext = {
          userId: 'system:stripe-sync',
          vendorId: account.vendor_id,
          correlationId: `stripe-sync-${account.vendor_id}-${now.getTime()}`,
          causationId: `stripe-sync:${account.vendor_id}:${now.toISOString()}`,
        };
        try {
          const subscription = await stripe.subscriptions.retrieve(account.stripe_subscription_id);
          const { observed_at: _o, ...view } = subscriptionView(
            subscription,
            account.vendor_id,
            '',
            'sync',
            `sync:${now.toISOString()}`,
            now.toISOString(),
          );
          const results = await reconcileStripeSubscription(
            services.store,
            now,
            view,
            isoFromUnix(subscription.created) ?? now.toISOString(),
            ctx,
          );
          const customer = await stripe.customers.retrieve(account.stripe_customer_id);
          // A default card the account does not know of (a lost payment_method.attached or customer.updated) is recorded.
          const hasCard = !customer.deleted && Boolean(customer.invoice_settings?.default_payment_method);
          if (hasCard && !account.has_payment_method)
            results.push(
              await recordPaymentMethod(
                services.store,
                { vendor_id: account.vendor_id, has_payment_method: true, at: now.toISOString() },
                ctx,
              ),
            );
          await services.settle(results);
          if (results.some((r) => r.eventTypes.length > 0)) report.reconciled.push(account.vendor_id);
        } catch (err) {
          // One account's failure (Stripe unreachable, a subscription gone) does not stop the others; the next run tries again.
          services.logger.error({ vendor_id: account.vendor_id, err }, 'stripe reconciliation failed for a vendor');
          report.failed.push(account.vendor_id);
        }
      }
    }
  }
  report.retried = await retryFailedStripeEvents(services);
  return report;
}
