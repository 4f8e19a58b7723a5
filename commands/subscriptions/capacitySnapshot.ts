import type { Decider } from '../../src/core/decider.ts';
import type { CapacitySnapshotTaken } from './events.ts';

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
