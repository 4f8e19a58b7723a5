import { billingAccount } from '../../commands/billing/billingAccount.ts';
import { billingInvoice } from '../../commands/billing/billingInvoice.ts';
import { billingSubscription } from '../../commands/billing/billingSubscription.ts';
import { vendorAddOn } from '../../commands/billing/vendorAddOn.ts';
import { billingAccounts } from '../../projections/billing/billingAccounts.ts';
import { billingHistory } from '../../projections/billing/billingHistory.ts';
import { vendorAddOns } from '../../projections/billing/vendorAddOns.ts';
import { vendorAddOnsView } from '../../projections/billing/vendorAddOnsView.ts';
import { adminBillingHistoryRoutes } from '../http/admin/billingHistory.ts';
import { publicStripeWebhookRoutes } from '../http/public/stripeWebhook.ts';
import { vendorBillingRoutes } from '../http/vendor/billing.ts';
import { vendorBillingHistoryRoutes } from '../http/vendor/billingHistory.ts';
import { addStripeItemOnVendorAddOnPurchased } from '../processes/addStripeItemOnVendorAddOnPurchased.ts';
import { openBillingAccountOnVendorSubscriptionStarted } from '../processes/openBillingAccountOnVendorSubscriptionStarted.ts';
import { notifyAdminsOnPaymentFailed } from '../processes/notifyAdminsOnPaymentFailed.ts';
import { notifyAdminsOnTrialEnding } from '../processes/notifyAdminsOnTrialEnding.ts';
import { expireTrials } from '../workers/billing/expireTrials.ts';
import { syncWithStripe } from '../workers/billing/syncWithStripe.ts';
import { adminBillingHistoryPageRoutes } from '../pages/billing/adminBillingHistoryPage.ts';
import { billingBackOffice, billingPageRoutes } from '../pages/billing/billingPages.ts';
import { bindStripe, createStripeClient } from '../adapters/stripe.ts';
import { defineModule } from './module.ts';
import { planAddOns } from '../../queries/billing/addOns.ts';

export const billingModule = defineModule({
  name: 'billing',
  tag: 'Billing',
  description:
    "Each vendor's account at Stripe (customer, subscription, trial), the upcoming invoice, tier changes with proration, the add-ons bought on top of a tier, Stripe's webhooks (verified, stored once, handled in any order), the billing history, trial expiry and the reconciliation with Stripe (docs/billing.md).",
  features: [
    'Stripe customer and subscription per vendor',
    'Upcoming invoice',
    'Tier changes with proration',
    'Add-ons',
    'Verified Stripe webhooks',
    'Billing history',
  ],
  // Notifications: the admins hear of a failed payment and of a trial that ends.
  dependsOn: ['vendors', 'subscriptions', 'notifications'],
  // The admin routes live under /subscriptions/billing/...: this module is mounted before the subscriptions module's /subscriptions/{vendor_id}.
  routes: {
    admin: [adminBillingHistoryRoutes],
    vendor: [vendorBillingRoutes, vendorBillingHistoryRoutes],
    public: [publicStripeWebhookRoutes],
  },
  consumers: [
    billingAccounts,
    vendorAddOns,
    billingHistory,
    openBillingAccountOnVendorSubscriptionStarted,
    addStripeItemOnVendorAddOnPurchased,
    notifyAdminsOnPaymentFailed,
    notifyAdminsOnTrialEnding,
  ],
  aggregates: [billingAccount, vendorAddOn, billingInvoice, billingSubscription],
  pages: [billingPageRoutes, adminBillingHistoryPageRoutes],
  backOffice: billingBackOffice,
  // What the add-ons add to a plan, read by the feature gate and the limits without a statement.
  memoryViews: [vendorAddOnsView],
  // The plans count the add-ons a vendor holds without importing this area, which builds on them.
  planAddOns,
  // The payment provider's client, from STRIPE_SECRET_KEY (none without it: the billing routes
  // answer 503); the process managers reach it through the event store they run on.
  adapters(config, store) {
    const stripe = config.stripe ? createStripeClient(config.stripe) : null;
    bindStripe(store, stripe);
    return { stripe };
  },
  // Nothing to record at start; an instance without the payment provider says so once, before it serves.
  async setUp(services) {
    if (!services.stripe)
      services.logger.warn('billing is not configured (STRIPE_SECRET_KEY is unset): the billing routes answer 503 until it is set');
    return [];
  },
  scheduledTasks: [
    {
      // SPEC.md part 6 item 5 "trial expiration checks": a trial ends within a quarter of an hour of its end.
      name: 'expireTrials',
      cron: '*/15 * * * *',
      tz: 'UTC',
      async run(services) {
        const done = await expireTrials(services);
        if (done.converted.length + done.expired.length > 0)
          services.logger.info({ converted: done.converted.length, expired: done.expired.length }, 'trials ended');
      },
    },
    {
      // SPEC.md part 6 item 5 "synchronisation with the payment provider": what a lost webhook left behind, repaired within the hour.
      name: 'syncWithStripe',
      cron: '40 * * * *',
      tz: 'UTC',
      async run(services) {
        const report = await syncWithStripe(services);
        services.logger.info(
          { accounts: report.accounts, reconciled: report.reconciled.length, failed: report.failed.length, retried: report.retried },
          'stripe reconciliation',
        );
      },
    },
  ],
});

/** The add-ons on offer, for the platform's public pricing. */
export { ADD_ON_CATALOGUE } from '../core/addOnCatalogue.ts';
/** The account of a vendor opened through signup, on the customer whose card the signup saved. */
export { openBillingAccountWithCard } from '../processes/openBillingAccountOnVendorSubscriptionStarted.ts';

/** Processing one received Stripe event, and retrying the failed ones: what the Stripe webhooks CLI runs. */
export { processStripeEvent, retryFailedStripeEvents } from '../workers/billing/processStripeEvent.ts';
