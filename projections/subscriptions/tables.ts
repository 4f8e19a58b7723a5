import type { TableOf } from '../../src/core/readModel.ts';
import type { CapacitySnapshotRow } from './capacitySnapshots.ts';
import type { SubscriptionSettingRow } from './subscriptionSettings.ts';
import type { SubscriptionTierRow } from './subscriptionTiers.ts';
import type { SubscriptionTrialRow } from './subscriptionTrials.ts';
import type { VendorLegacyPlanRow } from './vendorLegacyPlans.ts';
import type { VendorSubscriptionRow } from './vendorSubscriptions.ts';

/**
 * The tables of this area's read models as knex types them: every query that names one
 * (`knex('capacity_snapshots')`) reads and writes its declared row.
 */
declare module 'knex/types/tables.js' {
  interface Tables {
    capacity_snapshots: TableOf<CapacitySnapshotRow>;
    subscription_settings: TableOf<SubscriptionSettingRow>;
    subscription_tiers: TableOf<SubscriptionTierRow>;
    subscription_trials: TableOf<SubscriptionTrialRow>;
    vendor_legacy_plans: TableOf<VendorLegacyPlanRow>;
    vendor_subscriptions: TableOf<VendorSubscriptionRow>;
  }
}
