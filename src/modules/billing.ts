import { billingAccount } from '../../commands/billing/billingAccount.ts';
import { vendorAddOn } from '../../commands/billing/vendorAddOn.ts';
import { billingAccounts } from '../../projections/billing/billingAccounts.ts';
import { vendorAddOns } from '../../projections/billing/vendorAddOns.ts';
import { vendorBillingRoutes } from '../http/vendor/billing.ts';
import { addStripeItemOnVendorAddOnPurchased } from '../processes/addStripeItemOnVendorAddOnPurchased.ts';
import { openBillingAccountOnVendorSubscriptionStarted } from '../processes/openBillingAccountOnVendorSubscriptionStarted.ts';
import { defineModule } from './module.ts';

export const billingModule = defineModule({
  name: 'billing',
  tag: 'Billing',
  description: 'Each vendor\'s account at Stripe (customer, subscription, trial), the upcoming invoice, tier changes with proration, and the add-ons bought on top of a tier (docs/billing.md).',
  dependsOn: ['vendors', 'subscriptions'],
  routes: { vendor: [vendorBillingRoutes] },
  consumers: [billingAccounts, vendorAddOns, openBillingAccountOnVendorSubscriptionStarted, addStripeItemOnVendorAddOnPurchased],
  aggregates: [billingAccount, vendorAddOn],
});
