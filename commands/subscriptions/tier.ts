import type { TransitionTable } from '../../src/core/transitions.ts';
import type { TierDetails, TierEvent } from './events.ts';

export type LiveTier = TierDetails & { status: 'active' | 'inactive'; code: string };
export type TierState = { status: 'none' } | LiveTier | { status: 'deleted'; code: string };
export type TierStatus = TierState['status'];
export type TierAction = 'create' | 'change' | 'activate' | 'deactivate' | 'delete';

/** The tier lifecycle as data. A deleted code may be created again. */
export const TIER_TRANSITIONS: TransitionTable<TierStatus, TierAction> = {
  create: { from: ['none', 'deleted'], to: 'active' },
  change: { from: ['active', 'inactive'], to: 'computed' },
  activate: { from: ['inactive'], to: 'active' },
  deactivate: { from: ['active'], to: 'inactive' },
  delete: { from: ['active', 'inactive'], to: 'deleted' },
};

export const initialTierState = (): TierState => ({ status: 'none' });

export function evolveTier(state: TierState, event: TierEvent): TierState {
  switch (event.type) {
    case 'TierCreated': {
      const { tier_code, created_at: _at, ...details } = event.data;
      return { status: 'active', code: tier_code, ...details };
    }
    case 'TierDeleted':
      return { status: 'deleted', code: event.data.tier_code };
  }
  if (state.status !== 'active' && state.status !== 'inactive') return state;
  switch (event.type) {
    case 'TierChanged':
      return { ...state, ...event.data.changes };
    case 'TierActivated':
      return { ...state, status: 'active' };
    case 'TierDeactivated':
      return { ...state, status: 'inactive' };
  }
}
