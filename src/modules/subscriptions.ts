import { tier } from '../../commands/subscriptions/index.ts';
import { subscriptionTiers } from '../../projections/subscriptions/subscriptionTiers.ts';
import { adminSubscriptionTierRoutes } from '../http/admin/subscriptionTiers.ts';
import { vendorFeatureRoutes } from '../http/vendor/features.ts';
import { defineModule } from './module.ts';

export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  tag: 'Subscriptions',
  description: 'Subscription tiers (prices, limits, features) and the tier-gated features of a vendor (docs/subscriptions.md).',
  dependsOn: ['vendors'],
  routes: { admin: [adminSubscriptionTierRoutes], vendor: [vendorFeatureRoutes] },
  consumers: [subscriptionTiers],
  aggregates: [tier],
});
