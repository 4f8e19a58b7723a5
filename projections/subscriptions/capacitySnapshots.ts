import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/eventstore/port.ts';
import type { Projection } from '../../src/runtime/consumer.ts';
import { CAPACITY_SNAPSHOT_EVENT_TYPES, type CapacitySnapshotTaken } from '../../commands/subscriptions/events.ts';
import { domainEvent } from '../../src/eventstore/domainEvent.ts';

/** capacity_snapshots: one row per day, the day's latest snapshot, read by the admin capacity routes. */
export const capacitySnapshots: Projection = {
  kind: 'projection',
  name: 'capacity_snapshots',
  eventTypes: CAPACITY_SNAPSHOT_EVENT_TYPES,
  tables: ['capacity_snapshots'],
  async apply(trx: Knex.Transaction, events: RecordedEvent[]) {
    const days = [...new Set(events.map((e) => (e.data as CapacitySnapshotTaken['data']).day))];
    const rows = new Map<string, any>(
      (await trx('capacity_snapshots').whereIn('day', days).select(trx.raw('day::text AS day'), 'times_taken')).map((r: any) => [
        r.day,
        { times_taken: r.times_taken },
      ]),
    );
    for (const raw of events) {
      const { day, metrics, trigger, at } = domainEvent<CapacitySnapshotTaken>(raw).data;
      const times = (rows.get(day)?.times_taken ?? 0) + 1;
      rows.set(day, { day, taken_at: at, taken_by: trigger, times_taken: times, metrics: JSON.stringify(metrics) });
    }
    const changed = [...rows.values()].filter((r) => r.metrics !== undefined);
    if (changed.length > 0) await trx('capacity_snapshots').insert(changed).onConflict('day').merge();
  },
};
