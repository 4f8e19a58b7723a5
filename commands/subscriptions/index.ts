import { assertNever, type Decider } from '../../src/core/decider.ts';
import { changedFields, sameJson } from '../../src/core/changedFields.ts';
import { ConflictException } from '../../src/core/errors.ts';
import { TierNotFoundException } from '../vendors/errors.ts';
import { checkTransition } from '../../src/core/transitions.ts';
import type { TierCommand } from './commands.ts';
import type { TierDetails, TierEvent } from './events.ts';
import { evolveTier, initialTierState, TIER_TRANSITIONS, type LiveTier, type TierAction, type TierState } from './tier.ts';

export type { TierCommand } from './commands.ts';
export type { LiveTier, TierState } from './tier.ts';

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
