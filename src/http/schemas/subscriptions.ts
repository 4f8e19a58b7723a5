import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../responses.ts';

export const TierCode = Type.String({ minLength: 2, maxLength: 40, pattern: '^[a-z][a-z0-9_-]*$', description: 'Lower-case code, the tier\'s identity' });
const Cents = Type.Integer({ minimum: 0, maximum: 100_000_000, description: 'Euro cents' });
const Limit = Nullable(Type.Integer({ minimum: 0, maximum: 2_147_483_647 }));

export const TierLimits = Type.Object({
  orders_per_period: Limit, products: Limit, team_members: Limit,
}, { description: 'null means unlimited; orders count per billing period' });

export const Tier = Type.Object({
  code: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  price_monthly_cents: Type.Integer(),
  price_yearly_cents: Type.Integer(),
  currency: Type.Literal('EUR'),
  limits: TierLimits,
  features: Type.Array(Type.String()),
  sort_order: Type.Integer({ description: 'Position in the upgrade ladder; higher is a higher tier' }),
  is_active: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const TierFields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Nullable(Type.String({ maxLength: 1000 })),
  price_monthly_cents: Cents,
  price_yearly_cents: Cents,
  limits: TierLimits,
  features: Type.Array(Type.String({ maxLength: 60 }), { maxItems: 100, uniqueItems: true }),
  sort_order: Type.Integer({ minimum: 0, maximum: 1000 }),
};

export const Feature = Type.Object({
  code: Type.String(),
  category: Type.String(),
  name: Type.String(),
  description: Type.String(),
  min_tier: Type.String({ description: 'The lowest tier that has the feature' }),
});

export const FeatureCategory = Type.Object({
  code: Type.String(), name: Type.String(), description: Type.String(), feature_count: Type.Integer(),
});

export const VendorPlan = Type.Object({
  tier_code: Type.String(),
  tier_name: Type.String(),
  source: Type.Union([Type.Literal('subscription'), Type.Literal('legacy_fallback')], {
    description: 'legacy_fallback: the vendor has no subscription record and gets the documented fallback (docs/subscriptions.md)',
  }),
});

export const SubscriptionStatus = Type.Union(['trialing', 'active', 'past_due', 'canceled', 'expired'].map((s) => Type.Literal(s)));
export const CustomLimits = Type.Object({
  orders_per_period: Type.Optional(Limit), products: Type.Optional(Limit), team_members: Type.Optional(Limit),
}, { additionalProperties: false, description: 'Overrides of the tier\'s limits for this vendor; a key absent keeps the tier\'s, null is unlimited' });

export const VendorSubscription = Type.Object({
  vendor_id: Type.Integer(),
  tier_code: Type.String(),
  status: SubscriptionStatus,
  current_period_start: Timestamp,
  current_period_end: Timestamp,
  custom_limits: Nullable(CustomLimits),
  effective_limits: TierLimits,
  created_at: Timestamp,
  updated_at: Timestamp,
});

const Usage = Type.Object({
  used: Type.Integer(),
  limit: Limit,
  remaining: Nullable(Type.Integer()),
  percent_used: Nullable(Type.Number()),
  exceeded: Type.Boolean({ description: 'At or over the limit' }),
});

export const UsageSummary = Type.Object({
  plan: VendorPlan,
  status: Nullable(SubscriptionStatus),
  period: Type.Object({ start: Timestamp, end: Timestamp }),
  orders: Usage,
  products: Usage,
  team_members: Usage,
  upgrade: Nullable(Type.Object({
    tier_code: Type.String(), tier_name: Type.String(), price_monthly_cents: Type.Integer(), limits: TierLimits,
  }, { description: 'The next offered tier above the vendor\'s, or null on the highest' })),
  add_ons: Type.Array(Type.Object({
    id: Type.String(), add_on_code: Type.String(), name: Type.String(), quantity: Type.Integer(),
    adds: Type.Object({
      products: Type.Optional(Type.Integer()), orders_per_period: Type.Optional(Type.Integer()), team_members: Type.Optional(Type.Integer()),
      features: Type.Optional(Type.Array(Type.String())),
    }, { description: 'What the add-on adds in all (per unit times the quantity); the limits above include it' }),
  }), { description: 'The vendor\'s active add-ons (docs/billing.md)' }),
});
