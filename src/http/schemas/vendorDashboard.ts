import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../responses.ts';

const Counts = Type.Record(Type.String(), Type.Integer());
const Money = Type.Record(Type.String(), Type.Integer(), { description: 'cents per currency' });
const Day = Type.String({ format: 'date' });
const Usage = Type.Object(
  {
    used: Type.Integer(),
    limit: Nullable(Type.Integer()),
    remaining: Nullable(Type.Integer()),
    percent_used: Nullable(Type.Number()),
    exceeded: Type.Boolean(),
  },
  { description: "Used against the plan's limit (null: unlimited)" },
);

export const DashboardStatsQuery = Type.Object(
  {
    days: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 366,
        default: 30,
        description: 'The period of the revenue figures: this many days back, today included',
      }),
    ),
  },
  { $id: 'VendorDashboardStatsQuery' },
);

export const VendorDashboardStatsResponse = Type.Object(
  {
    generated_at: Timestamp,
    orders: Type.Object(
      { total: Type.Integer(), by_status: Counts, by_channel: Counts },
      { description: "All the vendor's orders by status and by channel" },
    ),
    revenue: Type.Object(
      {
        from: Day,
        to: Day,
        orders: Type.Integer({ description: 'Orders that arrived in the period' }),
        by_currency: Money,
        previous_by_currency: Type.Record(Type.String(), Type.Integer(), {
          description: 'The same number of days just before, for comparison',
        }),
      },
      { description: 'Gross value of the orders not declined that arrived this period (order date, UTC)' },
    ),
    products: Type.Object(
      { total: Type.Integer(), limit: Nullable(Type.Integer()) },
      { description: 'Products of the catalogue (placeholders left out)' },
    ),
    stock_alerts: Type.Object({
      low_stock: Type.Integer({ description: 'Stock rows with at most `threshold` units available (sold-out rows included)' }),
      out_of_stock: Type.Integer({ description: 'Stock rows with no unit available' }),
      threshold: Type.Integer(),
    }),
    pending_item_exceptions: Type.Integer({ description: 'Order items waiting for a product match' }),
    unread_messages: Type.Integer({ description: 'Unread messages of the caller over their conversations' }),
    usage: Type.Object(
      {
        tier_code: Type.String(),
        tier_name: Type.String(),
        status: Nullable(Type.String()),
        period: Type.Object({ start: Timestamp, end: Timestamp }),
        orders: Usage,
        products: Usage,
        team_members: Usage,
      },
      { description: "The plan's limits against what is used (the billing page's UsageSummary in short)" },
    ),
  },
  { $id: 'VendorDashboardStatsResponse' },
);

export const AnalyticsQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ format: 'date', description: 'First day (UTC), default 29 days before `to`' })),
    to: Type.Optional(Type.String({ format: 'date', description: 'Last day (UTC), default today' })),
    top: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10, description: 'How many top products' })),
  },
  { $id: 'VendorAnalyticsQuery' },
);

export const VendorAnalyticsResponse = Type.Object(
  {
    from: Day,
    to: Day,
    days: Type.Array(Type.Object({ day: Day, orders: Type.Integer(), by_channel: Counts, revenue_cents_by_currency: Money }), {
      description: 'Orders that arrived per day (order date, UTC), by channel, with the revenue (gross of the orders not declined)',
    }),
    totals: Type.Object({
      orders: Type.Integer(),
      declined: Type.Integer(),
      revenue_cents_by_currency: Money,
      average_order_value_cents_by_currency: Type.Record(Type.String(), Type.Integer(), {
        description: 'Revenue over the orders not declined, per currency',
      }),
    }),
    channels: Type.Array(
      Type.Object({ channel: Type.String(), orders: Type.Integer(), share_percent: Type.Number(), revenue_cents_by_currency: Money }),
      { description: 'The channel split of the range' },
    ),
    top_products: Type.Array(
      Type.Object({
        product_id: Type.Integer(),
        product_name: Type.String(),
        quantity: Type.Integer({ description: 'Units ordered' }),
        gross_cents_by_currency: Money,
      }),
      { description: 'The most ordered products of the range, most units first' },
    ),
  },
  { $id: 'VendorAnalyticsResponse' },
);
