import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../responses.ts';

export const TierCode = Type.String({
  minLength: 2,
  maxLength: 40,
  pattern: '^[a-z][a-z0-9_-]*$',
  description: "Lower-case code, the tier's identity",
});
const Cents = Type.Integer({ minimum: 0, maximum: 100_000_000, description: 'Euro cents' });
const Limit = Nullable(Type.Integer({ minimum: 0, maximum: 2_147_483_647 }));

export const TierLimits = Type.Object(
  {
    orders_per_period: Limit,
    products: Limit,
    team_members: Limit,
  },
  { $id: 'TierLimits', description: 'null means unlimited; orders count per billing period' },
);

export const TierFields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Nullable(Type.String({ maxLength: 1000 })),
  price_monthly_cents: Cents,
  price_yearly_cents: Cents,
  limits: TierLimits,
  features: Type.Array(Type.String({ maxLength: 60 }), { maxItems: 100, uniqueItems: true }),
  sort_order: Type.Integer({ minimum: 0, maximum: 1000 }),
};

export const Feature = Type.Object(
  {
    code: Type.String(),
    category: Type.String(),
    name: Type.String(),
    description: Type.String(),
    min_tier: Type.String({ description: 'The lowest tier that has the feature' }),
  },
  { $id: 'Feature' },
);

export const FeatureCategory = Type.Object(
  {
    code: Type.String(),
    name: Type.String(),
    description: Type.String(),
    feature_count: Type.Integer(),
  },
  { $id: 'FeatureCategory' },
);

export const VendorPlan = Type.Object(
  {
    tier_code: Type.String(),
    tier_name: Type.String(),
    source: Type.Union([Type.Literal('subscription'), Type.Literal('legacy'), Type.Literal('default_tier')], {
      description:
        "subscription: the vendor's live (trialing, active or past-due) subscription; legacy: the legacy plan, every feature and no limits, " +
        'kept for a vendor that was there before plans until an admin moves it to a tier (tier_code `legacy`); default_tier: no live subscription, ' +
        "the platform's default tier (docs/subscriptions.md)",
    }),
  },
  { $id: 'VendorPlan' },
);

export const SubscriptionStatus = Type.Union(
  [Type.Literal('trialing'), Type.Literal('active'), Type.Literal('past_due'), Type.Literal('canceled'), Type.Literal('expired')],
  { $id: 'SubscriptionStatus' },
);
export const SubscriptionBillingInterval = Type.Union([Type.Literal('month'), Type.Literal('year')], {
  description: "Whether the vendor pays the tier's monthly or yearly price; a record older than the interval is monthly",
});
export const CustomLimits = Type.Object(
  {
    orders_per_period: Type.Optional(Limit),
    products: Type.Optional(Limit),
    team_members: Type.Optional(Limit),
  },
  {
    $id: 'CustomLimits',
    additionalProperties: false,
    description: "Overrides of the tier's limits for this vendor; a key absent keeps the tier's, null is unlimited",
  },
);

export const Usage = Type.Object(
  {
    used: Type.Integer(),
    limit: Limit,
    remaining: Nullable(Type.Integer()),
    percent_used: Nullable(Type.Number()),
    exceeded: Type.Boolean({ description: 'At or over the limit' }),
  },
  { $id: 'UsageFigure' },
);

export const UsageSummary = Type.Object(
  {
    plan: VendorPlan,
    status: Nullable(SubscriptionStatus),
    period: Type.Object({ start: Timestamp, end: Timestamp }),
    orders: Usage,
    products: Usage,
    team_members: Usage,
    upgrade: Nullable(
      Type.Object(
        {
          tier_code: Type.String(),
          tier_name: Type.String(),
          price_monthly_cents: Type.Integer(),
          limits: TierLimits,
        },
        { description: "The next offered tier above the vendor's, or null on the highest" },
      ),
    ),
    add_ons: Type.Array(
      Type.Object({
        id: Type.String(),
        add_on_code: Type.String(),
        name: Type.String(),
        quantity: Type.Integer(),
        adds: Type.Object(
          {
            products: Type.Optional(Type.Integer()),
            orders_per_period: Type.Optional(Type.Integer()),
            team_members: Type.Optional(Type.Integer()),
            features: Type.Optional(Type.Array(Type.String())),
          },
          { description: 'What the add-on adds in all (per unit times the quantity); the limits above include it' },
        ),
      }),
      { description: "The vendor's active add-ons (docs/billing.md)" },
    ),
  },
  { $id: 'UsageSummary' },
);

export const Count = Type.Integer({ minimum: 0 });
export const SubscriptionStats = Type.Object(
  {
    total: Count,
    by_tier: Type.Array(
      Type.Object({ tier_code: Type.String(), tier_name: Nullable(Type.String()), total: Count, live: Count, active: Count }),
    ),
    by_status: Type.Record(Type.String(), Count, { description: 'Every status, zero included' }),
    revenue: Type.Object(
      {
        currency: Type.Literal('EUR'),
        mrr_cents: Count,
        arr_cents: Count,
        subscriptions_mrr_cents: Count,
        add_ons_mrr_cents: Count,
        paying_subscriptions: Count,
        vendors_with_add_ons: Count,
      },
      {
        description:
          "MRR: every active subscription's tier price per month (the monthly price, or the yearly price / 12 rounded to the cent when billed yearly) plus active add-ons (price × quantity); ARR = 12 × MRR (docs/subscriptions.md)",
      },
    ),
    trials: Type.Object({
      started: Count,
      in_trial: Count,
      converted: Count,
      expired: Count,
      canceled: Count,
      conversion_rate: Nullable(
        Type.Number({ minimum: 0, maximum: 1, description: 'converted / (converted + expired + canceled); null before any trial ended' }),
      ),
    }),
  },
  { $id: 'SubscriptionStatsResponse' },
);
