import type { EventStore } from '../../../src/eventstore/port.ts';
import { handleCommand, type CommandContext } from '../../../src/runtime/commandHandler.ts';
import { capacitySnapshot, snapshotDay } from '../capacitySnapshot.ts';
import type { CapacityMetrics } from '../events.ts';

/** Records the day's capacity measurement (an admin's or the schedule's); the read model keeps the day's latest. */
export async function takeCapacitySnapshot(
  store: EventStore,
  now: Date,
  metrics: CapacityMetrics,
  trigger: 'manual' | 'scheduled',
  ctx: CommandContext,
) {
  const day = snapshotDay(now);
  return handleCommand(
    store,
    capacitySnapshot,
    day,
    { type: 'TakeCapacitySnapshot', data: { day, metrics, trigger, at: now.toISOString() } },
    ctx,
  );
}
