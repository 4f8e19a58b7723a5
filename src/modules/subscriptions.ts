import { quota } from '../../commands/quotas/quota.ts';
import { capacitySnapshot } from '../../commands/subscriptions/capacitySnapshot.ts';
import { tier } from '../../commands/subscriptions/tier.ts';
import { vendorSubscription } from '../../commands/subscriptions/vendorSubscription.ts';
import { planSettings } from '../../commands/subscriptions/planSettings.ts';
import { runPlansUpgrade, vendorsWithoutPlan } from '../../commands/subscriptions/handlers/plansUpgrade.ts';
import { platformUpgrade } from '../../commands/subscriptions/platformUpgrade.ts';
import { seedTiers } from '../../commands/subscriptions/handlers/seedTiers.ts';
import { subscriptionSettings } from '../../projections/subscriptions/subscriptionSettings.ts';
import { vendorLegacyPlans } from '../../projections/subscriptions/vendorLegacyPlans.ts';
import { adminPlanSettingsRoutes, newVendorPlan } from '../http/admin/planSettings.ts';
import { openSubscriptionOnVendorCreated } from '../processes/openSubscriptionOnVendorCreated.ts';
import { capacitySnapshots } from '../../projections/subscriptions/capacitySnapshots.ts';
import { subscriptionTiers } from '../../projections/subscriptions/subscriptionTiers.ts';
import { subscriptionTrials } from '../../projections/subscriptions/subscriptionTrials.ts';
import { vendorSubscriptions } from '../../projections/subscriptions/vendorSubscriptions.ts';
import { vendorPlansView } from '../../projections/subscriptions/vendorPlansView.ts';
import { openQuotasView } from '../../projections/subscriptions/openQuotasView.ts';
import { adminCapacityRoutes } from '../http/admin/capacity.ts';
import { adminSubscriptionOverviewRoutes } from '../http/admin/subscriptionOverview.ts';
import { adminSubscriptionTierRoutes } from '../http/admin/subscriptionTiers.ts';
import { adminVendorSubscriptionRoutes } from '../http/admin/vendorSubscriptions.ts';
import { planFeatureGate, vendorFeatureRoutes } from '../http/vendor/features.ts';
import { vendorUsageRoutes } from '../http/vendor/usage.ts';
import { captureCapacitySnapshot } from '../workers/subscriptions/capacitySnapshot.ts';
import { cleanUpStaleSubscriptions } from '../workers/subscriptions/cleanUpStaleSubscriptions.ts';
import { renewBillingPeriods } from '../workers/subscriptions/renewBillingPeriods.ts';
import { planFeaturePageRoutes, subscriptionsBackOffice } from '../pages/subscriptions/planFeaturePage.ts';
import { capacityPageRoutes } from '../pages/subscriptions/capacityPage.ts';
import { subscriptionPageRoutes } from '../pages/subscriptions/subscriptionPages.ts';
import { tierPageRoutes } from '../pages/subscriptions/tierPages.ts';
import { defineModule } from './module.ts';
import { plans } from '../http/featureGate.ts';
import { subscriptionFigures } from '../../queries/subscriptions/subscriptionFigures.ts';

export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  tag: 'Subscriptions',
  description:
    "Subscription tiers (prices, limits, features), each vendor's subscription record, its usage against the limits, the tier-gated features, the admins' subscription statistics and capacity planning (docs/subscriptions.md).",
  features: ['Subscription tiers', 'Limits and feature gating', 'Trials', 'Capacity planning'],
  dashboardFigures: (services) => subscriptionFigures(services.db.knex),
  dependsOn: ['vendors', 'orders', 'catalogue', 'team', 'history'],
  // The tier, list and stats routes first: /subscriptions/tiers and /subscriptions/stats must never reach /subscriptions/{vendor_id}.
  routes: {
    admin: [
      adminSubscriptionTierRoutes,
      adminSubscriptionOverviewRoutes,
      adminPlanSettingsRoutes,
      adminVendorSubscriptionRoutes,
      adminCapacityRoutes,
    ],
    vendor: [vendorFeatureRoutes, vendorUsageRoutes],
  },
  consumers: [
    subscriptionTiers,
    vendorSubscriptions,
    subscriptionTrials,
    capacitySnapshots,
    vendorLegacyPlans,
    subscriptionSettings,
    openSubscriptionOnVendorCreated,
  ],
  // The plans the feature gate and the limits read on every gated request, without a statement;
  // the open quota streams, so that a creation under an unlimited plan reads no quota stream.
  memoryViews: [vendorPlansView, openQuotasView],
  pages: [planFeaturePageRoutes, subscriptionPageRoutes, tierPageRoutes, capacityPageRoutes],
  backOffice: subscriptionsBackOffice,
  aggregates: [tier, vendorSubscription, quota, capacitySnapshot, planSettings, platformUpgrade],
  async setUp(services) {
    // The four named tiers, once (a later start appends nothing); then the upgrade that put the
    // vendors already there on the legacy plan, once per platform (nobody on a fresh install).
    const seeded = await seedTiers(services.store, services.clock.now());
    const upgrade = await runPlansUpgrade({
      store: services.store,
      now: () => services.clock.now(),
      vendorsWithoutPlan: () => vendorsWithoutPlan(services.store),
    });
    if (upgrade.granted.length > 0)
      services.logger.info({ vendors: upgrade.granted.length }, 'vendors that were there before plans are on the legacy plan');
    return [...seeded, ...upgrade.done];
  },
  newVendorPlan,
  // The vendor routes that name a plan feature are refused, per request, from the plans in memory.
  featureGate: planFeatureGate,
  // The catalogue, the orders, the team and messaging read a vendor's limits and features through these.
  plans,
  // Schedules in UTC; each runs once per tick across instances, and a missed tick is caught up at start (src/runtime/scheduler.ts).
  scheduledTasks: [
    {
      // Hourly: an active subscription's period rolls within the hour it ends, so its order count starts again at zero.
      name: 'renewBillingPeriods',
      cron: '10 * * * *',
      tz: 'UTC',
      async run(services) {
        const renewed = await renewBillingPeriods(services);
        if (renewed.length > 0) services.logger.info({ vendors: renewed.length }, 'billing periods renewed');
      },
    },
    {
      name: 'cleanUpStaleSubscriptions',
      cron: '30 3 * * *',
      tz: 'UTC',
      async run(services) {
        const done = await cleanUpStaleSubscriptions(services);
        services.logger.info(
          { vendor_deleted: done.vendor_deleted.length, canceled_long_ago: done.canceled_long_ago.length },
          'stale subscriptions cleaned up',
        );
      },
    },
    {
      name: 'dailyCapacitySnapshot',
      cron: '5 0 * * *',
      tz: 'UTC',
      async run(services) {
        await services.settle([
          await captureCapacitySnapshot(services, 'scheduled', {
            userId: 'system:scheduler',
            correlationId: `capacity-snapshot-${services.clock.now().toISOString()}`,
          }),
        ]);
      },
    },
  ],
});

/** What the platform's public pricing reads of this area: the offered tiers and the features' names. */
export { listTiers } from '../../queries/subscriptions/tiers.ts';
export { featureByCode } from '../../commands/subscriptions/features.ts';
/** A vendor's usage against its plan's limits, for the billing page and the dashboard. */
export { usageSummary } from '../http/vendor/usage.ts';
/** The vendor's subscription record, for the signup's trial, billing's payments and its trial task. */
export { setVendorSubscription, TRIAL_DAYS, type SubscriptionInput } from '../../commands/subscriptions/handlers/vendorSubscription.ts';
/** The subscription's and the tier's write-side state and the moves a subscription may make, as billing checks them against Stripe's events. */
export { SUBSCRIPTION_STATUS_TRANSITIONS, vendorSubscription } from '../../commands/subscriptions/vendorSubscription.ts';
export { tier } from '../../commands/subscriptions/tier.ts';

/** A tier, and the vendor's subscription, as billing reads them (checkout, add-ons, Stripe's events). */
export { findTier } from '../../queries/subscriptions/tiers.ts';
export { LIVE_STATUSES, findVendorSubscription, getVendorSubscription } from '../../queries/subscriptions/vendorSubscriptions.ts';
