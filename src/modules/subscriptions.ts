import { quota } from '../../commands/quotas/quota.ts';
import { tier } from '../../commands/subscriptions/index.ts';
import { vendorSubscription } from '../../commands/subscriptions/vendorSubscription.ts';
import { subscriptionTiers } from '../../projections/subscriptions/subscriptionTiers.ts';
import { vendorSubscriptions } from '../../projections/subscriptions/vendorSubscriptions.ts';
import { adminSubscriptionTierRoutes } from '../http/admin/subscriptionTiers.ts';
import { adminVendorSubscriptionRoutes } from '../http/admin/vendorSubscriptions.ts';
import { vendorFeatureRoutes } from '../http/vendor/features.ts';
import { vendorUsageRoutes } from '../http/vendor/usage.ts';
import { defineModule } from './module.ts';

export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  tag: 'Subscriptions',
  description: 'Subscription tiers (prices, limits, features), each vendor\'s subscription record, its usage against the limits, and the tier-gated features (docs/subscriptions.md).',
  dependsOn: ['vendors', 'orders', 'catalogue', 'team'],
  // The tier routes first: /subscriptions/tiers must never reach /subscriptions/{vendor_id}.
  routes: { admin: [adminSubscriptionTierRoutes, adminVendorSubscriptionRoutes], vendor: [vendorFeatureRoutes, vendorUsageRoutes] },
  consumers: [subscriptionTiers, vendorSubscriptions],
  aggregates: [tier, vendorSubscription, quota],
});
