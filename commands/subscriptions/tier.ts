import { type TransitionTable, checkTransition } from '../../src/core/transitions.ts';
import type { TierDetails, TierEvent } from './events.ts';
import { assertNever, type Decider } from '../../src/core/decider.ts';
import { changedFields, sameJson } from '../../src/core/changedFields.ts';
import { ConflictException } from '../../src/core/errors.ts';
import { TierNotFoundException } from '../vendors/errors.ts';
import type { TierCommand } from './commands.ts';

export type { TierCommand } from './commands.ts';

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

function live(state: TierState, action: Exclude<TierAction, 'create'>): LiveTier {
  if (state.status === 'none' || state.status === 'deleted') throw new TierNotFoundException('Tier not found');
  checkTransition('Tier', TIER_TRANSITIONS, action, state.status);
  return state;
}

export function decideTier(command: TierCommand, state: TierState): TierEvent[] {
  switch (command.type) {
    case 'CreateTier': {
      // `legacy` names the legacy plan in every plan answer: a tier of that code could not be told apart from it.
      if (command.data.tier_code === 'legacy')
        throw new ConflictException("The tier code 'legacy' is the legacy plan's", { field: 'code' });
      if (state.status === 'active' || state.status === 'inactive') {
        throw new ConflictException(`The tier code '${command.data.tier_code}' is already in use`, { field: 'code' });
      }
      const { at, ...data } = command.data;
      return [{ type: 'TierCreated', data: { ...data, created_at: at } }];
    }
    case 'SeedTier': {
      if (state.status !== 'none') return [];
      const { at, ...data } = command.data;
      return [{ type: 'TierCreated', data: { ...data, created_at: at } }];
    }
    case 'ChangeTier': {
      const t = live(state, 'change');
      const changes = changedFields<TierDetails>(t, command.data.changes, sameJson);
      return Object.keys(changes).length === 0 ? [] : [{ type: 'TierChanged', data: { tier_code: t.code, changes, at: command.data.at } }];
    }
    case 'SetTierActive': {
      // Setting the flag it already has is an idempotent no-op, not a refused move.
      if ((state.status === 'active') === command.data.active && (state.status === 'active' || state.status === 'inactive')) return [];
      const t = live(state, command.data.active ? 'activate' : 'deactivate');
      const data = { tier_code: t.code, at: command.data.at };
      return [command.data.active ? { type: 'TierActivated', data } : { type: 'TierDeactivated', data }];
    }
    case 'DeleteTier': {
      const t = live(state, 'delete');
      return [{ type: 'TierDeleted', data: { tier_code: t.code, at: command.data.at } }];
    }
    default:
      return assertNever(command);
  }
}

export const tier: Decider<TierState, TierCommand, TierEvent> = {
  aggregate: 'tier',
  initialState: initialTierState,
  evolve: evolveTier,
  decide: decideTier,
};
