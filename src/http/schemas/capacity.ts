/**
 * The platform's capacity planning as the admin API answers it: the daily snapshots of what the
 * platform holds, their trends, and the forecast of when a resource or a vendor's limit is reached.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, rowFields, Timestamp } from '../responses.ts';
import { CapacitySnapshotRow } from '../../../projections/subscriptions/capacitySnapshots.ts';
import { Count } from './subscriptions.ts';

const Figure = Nullable(Type.Number());

/** What the platform held on a day: the snapshot row's metrics column, as stored. */
export const CapacityMetrics = Type.Object(CapacitySnapshotRow.schema.properties.metrics.properties, { $id: 'CapacityMetrics' });

export const CapacitySnapshot = Type.Object(
  {
    ...rowFields(CapacitySnapshotRow, ['taken_at', 'taken_by', 'times_taken']),
    day: Type.String({ format: 'date' }),
    metrics: CapacityMetrics,
  },
  { $id: 'CapacitySnapshot' },
);

export const CapacityOverview = Type.Object(
  {
    latest: Nullable(CapacitySnapshot),
    live: Type.Object({ measured_at: Timestamp, metrics: CapacityMetrics }),
    capacity: Type.Object(
      { database_bytes: Type.Integer(), media_bytes: Type.Integer() },
      { description: 'The configured capacities the forecast reads against' },
    ),
    database_size_method: Type.String(),
  },
  { $id: 'CapacityOverview' },
);

export const CapacityTrends = Type.Object(
  {
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    metrics: Type.Array(Type.String()),
    points: Type.Array(
      Type.Object({ day: Type.String({ format: 'date' }), taken_at: Timestamp, values: Type.Record(Type.String(), Figure) }),
    ),
  },
  { $id: 'CapacityTrends' },
);

export const CapacityRecommendations = Type.Object(
  {
    window: Type.Object({
      from: Type.String({ format: 'date' }),
      to: Type.String({ format: 'date' }),
      days: Type.Integer(),
      snapshots: Count,
    }),
    resources: Type.Array(
      Type.Object({
        metric: Type.String(),
        current: Figure,
        capacity: Figure,
        status: Type.Union(
          ['not_enough_data', 'no_capacity_set', 'not_growing', 'ok', 'watch', 'act', 'reached'].map((s) => Type.Literal(s)),
        ),
        method: Type.Literal('least_squares_linear'),
        points: Count,
        fit: Nullable(
          Type.Object({
            slope_per_day: Type.Number(),
            intercept: Type.Number(),
            r_squared: Figure,
            first_day: Type.String({ format: 'date' }),
            last_day: Type.String({ format: 'date' }),
          }),
        ),
        reaches_capacity_on: Nullable(Type.String({ format: 'date' })),
        days_left: Nullable(Type.Integer()),
        recommendation: Type.String(),
      }),
    ),
    vendors_near_limits: Type.Array(
      Type.Object({
        vendor_id: Type.Integer(),
        vendor_name: Nullable(Type.String()),
        tier_code: Type.String(),
        limit_kind: Type.Union([Type.Literal('orders_per_period'), Type.Literal('products'), Type.Literal('team_members')]),
        used: Count,
        limit: Count,
        percent_used: Type.Number(),
        reaches_limit_on: Nullable(
          Type.String({
            format: 'date',
            description: "Orders: the day the period's pace so far reaches the limit, when within the period",
          }),
        ),
        suggested_tier: Nullable(Type.String({ description: 'The lowest offered tier above whose limit is above the usage' })),
      }),
    ),
  },
  { $id: 'CapacityRecommendations' },
);
