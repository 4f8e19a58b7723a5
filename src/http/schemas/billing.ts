import { Type } from '@sinclair/typebox';
import { Nullable, NullableTimestamp, rowFields, Timestamp } from '../responses.ts';
import { SubscriptionStatus, TierCode } from './subscriptions.ts';
import { VendorAddOnRow } from '../../../projections/billing/vendorAddOns.ts';

export const AddOnCode = Type.String({
  minLength: 2,
  maxLength: 60,
  pattern: '^[a-z][a-z0-9_]*$',
  description: 'An add-on of the catalogue (GET /billing/add-ons)',
});
export const BillingInterval = Type.Union([Type.Literal('month'), Type.Literal('year')], {
  $id: 'BillingInterval',
  description: 'Billed monthly or yearly',
});

const Period = Type.Object({ start: NullableTimestamp, end: NullableTimestamp });

export const UpcomingInvoice = Type.Object(
  {
    currency: Type.String(),
    amount_due_cents: Type.Integer(),
    subtotal_cents: Type.Integer(),
    total_cents: Type.Integer({ description: 'Prorations included; negative when credits exceed charges' }),
    period: Period,
    next_payment_attempt: NullableTimestamp,
    lines: Type.Array(
      Type.Object({
        description: Nullable(Type.String()),
        amount_cents: Type.Integer(),
        quantity: Nullable(Type.Integer()),
        proration: Type.Boolean({ description: 'A credit or charge for part of a period (a tier change, an add-on added or removed)' }),
        period: Period,
      }),
    ),
  },
  { $id: 'UpcomingInvoice' },
);

export const ChangeTierBody = Type.Object(
  {
    tier_code: TierCode,
    interval: Type.Optional(BillingInterval),
  },
  { $id: 'ChangeTierRequest', additionalProperties: false },
);

export const BillingSubscription = Type.Object(
  {
    tier_code: Type.String(),
    tier_name: Type.String(),
    interval: BillingInterval,
    status: SubscriptionStatus,
    current_period_start: Timestamp,
    current_period_end: Timestamp,
  },
  { $id: 'BillingSubscription' },
);

const Adds = Type.Object(
  {
    products: Type.Optional(Type.Integer()),
    orders_per_period: Type.Optional(Type.Integer()),
    team_members: Type.Optional(Type.Integer()),
    features: Type.Optional(Type.Array(Type.String())),
  },
  { description: 'What one unit adds to the plan' },
);

export const AddOnDefinition = Type.Object(
  {
    code: Type.String(),
    name: Type.String(),
    description: Type.String(),
    price_monthly_cents: Type.Integer({ description: 'Per unit and month, euro cents' }),
    adds: Adds,
    max_quantity: Type.Integer(),
  },
  { $id: 'AddOnDefinition' },
);

export const VendorAddOn = Type.Object(
  rowFields(VendorAddOnRow, ['id', 'add_on_code', 'quantity', 'price_monthly_cents', 'status', 'purchased_at', 'canceled_at']),
  { $id: 'VendorAddOn' },
);

export const AddOns = Type.Object(
  {
    catalogue: Type.Array(AddOnDefinition),
    active: Type.Array(VendorAddOn, { description: "The vendor's active add-ons" }),
  },
  { $id: 'AddOnsResponse' },
);

export const PurchaseAddOnBody = Type.Object(
  {
    add_on_code: AddOnCode,
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 1 })),
  },
  { $id: 'PurchaseAddOnRequest', additionalProperties: false },
);

export const AddOnCheckout = Type.Object(
  {
    status: Type.Literal('pending', { description: 'The add-on is recorded once Stripe reports the checkout completed' }),
    checkout_session_id: Type.String(),
    url: Nullable(Type.String({ description: 'Stripe Checkout page to send the vendor to' })),
  },
  { $id: 'AddOnCheckout' },
);

export const AddOnIdParams = Type.Object({ add_on_id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
