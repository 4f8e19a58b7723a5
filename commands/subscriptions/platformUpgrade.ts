import { assertNever, type Decider } from '../../src/core/decider.ts';
import type { PlatformUpgradeEvent } from './events.ts';

/** The upgrade that introduced plans: its name is its stream's id (`platform_upgrade-plans`). */
export const PLANS_UPGRADE = 'plans';

export type PlatformUpgradeState = { status: 'none' } | { status: 'started' | 'completed'; vendor_ids: number[] };

export type StartUpgrade = { type: 'StartUpgrade'; data: { upgrade: string; vendor_ids: number[]; at: string } };
export type CompleteUpgrade = { type: 'CompleteUpgrade'; data: { upgrade: string; vendors: number; at: string } };
export type PlatformUpgradeCommand = StartUpgrade | CompleteUpgrade;

/**
 * One upgrade of the platform, run once: the first start records the vendors it applies to (a
 * second instance starting at the same moment loses the race on the stream and takes that list),
 * and the upgrade is complete once each of them has been handled.
 */
export const platformUpgrade: Decider<PlatformUpgradeState, PlatformUpgradeCommand, PlatformUpgradeEvent> = {
  aggregate: 'platform_upgrade',
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'PlatformUpgradeStarted':
        return { status: 'started', vendor_ids: event.data.vendor_ids };
      case 'PlatformUpgradeCompleted':
        return state.status === 'none' ? state : { ...state, status: 'completed' };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'StartUpgrade':
        return state.status === 'none' ? [{ type: 'PlatformUpgradeStarted', data: command.data }] : [];
      case 'CompleteUpgrade':
        return state.status === 'started' ? [{ type: 'PlatformUpgradeCompleted', data: command.data }] : [];
      default:
        return assertNever(command);
    }
  },
};
