import { Type } from '@sinclair/typebox';
import { Nullable, rowFields } from '../responses.ts';
import { SubscriptionTierRow } from '../../../projections/subscriptions/subscriptionTiers.ts';
import { VendorSubscriptionRow } from '../../../projections/subscriptions/vendorSubscriptions.ts';
import { CustomLimits, SubscriptionBillingInterval, SubscriptionStatus, TierLimits, Usage } from './subscriptions.ts';

/**
 * The subscription area's answers that mirror its read models' rows (projections/subscriptions):
 * their fields are picked from the row declarations. Kept apart from ./subscriptions.ts, which
 * other areas' schemas share, so that only this area's files read its projections.
 */

export const Tier = Type.Object(
  {
    ...rowFields(SubscriptionTierRow, [
      'code',
      'name',
      'description',
      'price_monthly_cents',
      'price_yearly_cents',
      'features',
      'sort_order',
      'is_active',
      'created_at',
      'updated_at',
    ]),
    currency: Type.Literal('EUR'),
    limits: TierLimits,
  },
  { $id: 'TierResponse' },
);

/** A subscription's fields as its row holds them. */
const subscriptionColumns = rowFields(VendorSubscriptionRow, [
  'vendor_id',
  'tier_code',
  'current_period_start',
  'current_period_end',
  'created_at',
  'updated_at',
]);

export const VendorSubscription = Type.Object(
  {
    ...subscriptionColumns,
    status: SubscriptionStatus,
    custom_limits: Nullable(CustomLimits),
    effective_limits: TierLimits,
    billing_interval: SubscriptionBillingInterval,
  },
  { $id: 'VendorSubscriptionResponse' },
);

/** Admin /subscriptions: one vendor's subscription with its vendor and usage. */
export const AdminSubscriptionItem = Type.Object(
  {
    ...subscriptionColumns,
    vendor_code: Nullable(Type.String({ description: 'null when the vendor was deleted' })),
    vendor_name: Nullable(Type.String()),
    tier_name: Nullable(Type.String({ description: 'null when the tier was deleted' })),
    price_monthly_cents: Nullable(Type.Integer()),
    price_yearly_cents: Nullable(Type.Integer()),
    billing_interval: SubscriptionBillingInterval,
    status: SubscriptionStatus,
    custom_limits: Nullable(CustomLimits),
    effective_limits: TierLimits,
    usage: Type.Object(
      { orders: Usage, products: Usage, team_members: Usage },
      { description: 'Orders of the current period (both channels), products (placeholders not counted), active team members' },
    ),
  },
  { $id: 'AdminSubscriptionItem' },
);
