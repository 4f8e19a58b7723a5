import type { Knex } from 'knex';
import { Type } from '@sinclair/typebox';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
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

/** capacity_snapshots: one row per day, the day's latest snapshot, read by the admin capacity routes. */
export const capacitySnapshots: Projection = {
  kind: 'projection',
  name: 'capacity_snapshots',
  eventTypes: CAPACITY_SNAPSHOT_EVENT_TYPES,
  tables: ['capacity_snapshots'],
  readModels: [CapacitySnapshotRow],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const days = [...new Set(events.map((e) => (e.data as CapacitySnapshotTaken['data']).day))];
    const stored = await trx('capacity_snapshots')
      .whereIn('day', days)
      .select<(Pick<CapacitySnapshotRow, 'times_taken'> & { day: string })[]>(trx.raw('day::text AS day'), 'times_taken');
    const taken = new Map(stored.map((r) => [r.day, r.times_taken]));
    const changed = new Map<string, JsonRow<CapacitySnapshotRow>>();
    for (const raw of events) {
      const { day, metrics, trigger, at } = domainEvent<CapacitySnapshotTaken>(raw).data;
      const times = (taken.get(day) ?? 0) + 1;
      taken.set(day, times);
      changed.set(day, { day, taken_at: at, taken_by: trigger, times_taken: times, metrics });
    }
    if (changed.size > 0)
      await trx('capacity_snapshots')
        .insert([...changed.values()].map((r) => ({ ...r, metrics: JSON.stringify(r.metrics) })))
        .onConflict('day')
        .merge();
  },
};
