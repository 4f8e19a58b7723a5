import { Type } from '@sinclair/typebox';
import { rowProjection } from '../../src/runtime/rowProjection.ts';
import { CAPACITY_SNAPSHOT_EVENT_TYPES, type CapacitySnapshotTaken } from '../../commands/subscriptions/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';
import { column, readModel, type JsonRow, type RowOf } from '../../src/core/readModel.ts';

const Count = Type.Integer({ minimum: 0 });
const Figure = Type.Union([Type.Number(), Type.Null()]);

export const CapacitySnapshotRow = readModel('capacity_snapshots', {
  /** The day (UTC, service clock) the snapshot is of. */
  day: column.time(),
  taken_at: column.time(),
  taken_by: column.oneOf(['manual', 'scheduled']),
  times_taken: column.int({ description: 'Snapshots taken that day; the latest is kept' }),
  /** What the platform held (src/core/capacityMetrics.ts CapacityMetrics). */
  metrics: column.json(
    Type.Object({
      vendors: Count,
      active_vendors: Count,
      subscriptions_by_tier: Type.Record(Type.String(), Count),
      subscriptions_by_status: Type.Record(Type.String(), Count),
      live_subscriptions: Count,
      products: Count,
      orders_total: Count,
      orders_last_24h: Count,
      events_total: Figure,
      events_last_24h: Figure,
      media_files: Count,
      media_bytes: Count,
      database_bytes: Figure,
    }),
  ),
});
export type CapacitySnapshotRow = RowOf<typeof CapacitySnapshotRow>;

/**
 * capacity_snapshots: one row per day, the day's latest snapshot, read by the admin capacity
 * routes. A row projection (src/runtime/rowProjection.ts) keyed by the day: the snapshots of a day
 * are counted as they are folded.
 */
export const capacitySnapshots = rowProjection<JsonRow<CapacitySnapshotRow>>({
  name: 'capacity_snapshots',
  eventTypes: CAPACITY_SNAPSHOT_EVENT_TYPES,
  readModel: CapacitySnapshotRow,
  fold: {
    key: 'day',
    keyType: 'date',
    keys: (e) => [(e.data as CapacitySnapshotTaken['data']).day],
    apply(rows, raw) {
      const { day, metrics, trigger, at } = domainEvent<CapacitySnapshotTaken>(raw).data;
      const times = (rows.get(day)?.times_taken ?? 0) + 1;
      rows.set(day, { day, taken_at: at, taken_by: trigger, times_taken: times, metrics });
    },
  },
});
