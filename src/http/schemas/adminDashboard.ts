import { type TSchema, Type } from '@sinclair/typebox';
import { Timestamp } from '../responses.ts';

const Counts = Type.Record(Type.String(), Type.Integer());
const section = <T extends TSchema>(schema: T, what: string) =>
  Type.Union([schema, Type.Null()], { description: `${what}; null while the module that counts them is off` });

export const AdminDashboardResponse = Type.Object(
  {
    generated_at: Timestamp,
    companies: section(Type.Object({ total: Type.Integer(), active: Type.Integer(), verified: Type.Integer() }), 'Companies'),
    vendors: section(
      Type.Object({
        total: Type.Integer(),
        active: Type.Integer(),
        inactive: Type.Integer(),
        verified: Type.Integer(),
        unverified: Type.Integer(),
      }),
      'Vendors by status',
    ),
    users: section(
      Type.Object({ total: Type.Integer(), active: Type.Integer(), admins: Type.Integer(), vendor_users: Type.Integer() }),
      'Platform users',
    ),
    customers: section(Type.Object({ total: Type.Integer(), with_orders: Type.Integer() }), 'Shop customers of every vendor'),
    orders: section(Type.Object({ total: Type.Integer(), by_status: Counts, by_channel: Counts }), 'Orders by status and channel'),
    revenue: section(
      Type.Object({ by_currency: Type.Record(Type.String(), Type.Integer({ description: 'cents' })) }),
      'Gross value of the orders not declined, per currency',
    ),
    imports: section(Type.Object({ total: Type.Integer(), by_status: Counts }), 'Marketplace import jobs'),
    violations: section(Type.Object({ open: Type.Integer(), by_severity: Counts }), 'Open architecture violations'),
    subscriptions: section(
      Type.Object({ total: Type.Integer(), by_tier: Counts, by_status: Counts }),
      'Vendor subscriptions by tier and status',
    ),
    modules_off: Type.Array(Type.String(), { description: "Modules switched off on the caller's platform" }),
  },
  { $id: 'AdminDashboardResponse' },
);

export const PlatformStatsQuery = Type.Object(
  {
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, default: 30, description: 'How many days back, today included' })),
  },
  { $id: 'PlatformStatsQuery' },
);

export const PlatformStatsResponse = Type.Object(
  {
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    orders: Type.Array(
      Type.Object({
        day: Type.String({ format: 'date' }),
        orders: Type.Integer(),
        by_channel: Counts,
        gross_cents_by_currency: Type.Record(Type.String(), Type.Integer()),
      }),
      { description: 'Orders that arrived per day (order date, UTC), by channel, with their gross value' },
    ),
    vendors: Type.Array(Type.Object({ day: Type.String({ format: 'date' }), vendors: Type.Integer() }), {
      description: 'Vendors created per day',
    }),
    totals: Type.Object({
      orders: Type.Integer(),
      vendors: Type.Integer(),
      gross_cents_by_currency: Type.Record(Type.String(), Type.Integer()),
    }),
  },
  { $id: 'PlatformStatsResponse' },
);
