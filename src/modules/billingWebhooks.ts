import { billingInvoice } from '../../commands/billing/billingInvoice.ts';
import { billingSubscription } from '../../commands/billing/billingSubscription.ts';
import { billingHistory } from '../../projections/billing/billingHistory.ts';
import { adminBillingHistoryRoutes } from '../http/admin/billingHistory.ts';
import { publicStripeWebhookRoutes } from '../http/public/stripeWebhook.ts';
import { vendorBillingHistoryRoutes } from '../http/vendor/billingHistory.ts';
import { defineModule } from './module.ts';

export const billingWebhooksModule = defineModule({
  name: 'billing',
  tag: 'Billing',
  description: 'Stripe webhooks (verified, stored once, handled in any order), the vendors\' billing history, trial expiry and the Stripe reconciliation (docs/billing.md).',
  dependsOn: ['subscriptions'],
  routes: { admin: [adminBillingHistoryRoutes], vendor: [vendorBillingHistoryRoutes], public: [publicStripeWebhookRoutes] },
  consumers: [billingHistory],
  aggregates: [billingInvoice, billingSubscription],
});
