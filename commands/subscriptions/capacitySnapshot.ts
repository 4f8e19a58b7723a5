import type { Decider } from '../../src/core/decider.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, type CommandContext } from '../../src/runtime/commandHandler.ts';
import type { CapacityMetrics, CapacitySnapshotTaken } from './events.ts';

/**
 * The capacity snapshot of one day (UTC), stream `capacity-snapshot-<YYYY-MM-DD>`. A measurement
 * (database size, media bytes) cannot be derived again from other events later, so it is kept
 * as a fact of its own; the read model keeps the day's latest one.
 */
export type CapacitySnapshotState = { taken: number };
export type TakeCapacitySnapshot = { type: 'TakeCapacitySnapshot'; data: CapacitySnapshotTaken['data'] };

export const capacitySnapshot: Decider<CapacitySnapshotState, TakeCapacitySnapshot, CapacitySnapshotTaken> = {
  aggregate: 'capacity-snapshot',
  initialState: () => ({ taken: 0 }),
  evolve: (state) => ({ taken: state.taken + 1 }),
  decide: (command) => [{ type: 'CapacitySnapshotTaken', data: command.data }],
};

/** The UTC day of a moment, the snapshot's identity. */
export const snapshotDay = (at: Date) => at.toISOString().slice(0, 10);

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
