import { assertNever, type Decider } from '../../src/core/decider.ts';
import type { DefaultTierChanged } from './events.ts';

/** The tier a vendor is on while it has no live subscription and no legacy plan, until an admin chooses another. */
export const BUILT_IN_DEFAULT_TIER = 'essential';

/** The admin's choice of the default tier; the caller has checked it is an offered tier. */
export type SetDefaultTier = { type: 'SetDefaultTier'; data: { tier_code: string; at: string } };
export type PlanSettingsCommand = SetDefaultTier;
export type PlanSettingsState = { default_tier: string | null };

/** One stream, `plan_settings-platform`: the platform's settings of the plans (its default tier). */
export const planSettings: Decider<PlanSettingsState, PlanSettingsCommand, DefaultTierChanged> = {
  aggregate: 'plan_settings',
  initialState: () => ({ default_tier: null }),
  evolve: (_state, event) => ({ default_tier: event.data.tier_code }),
  decide(command, state) {
    switch (command.type) {
      case 'SetDefaultTier': {
        const { tier_code, at } = command.data;
        // Choosing the tier that already applies (the built-in Essential included) records nothing.
        if ((state.default_tier ?? BUILT_IN_DEFAULT_TIER) === tier_code) return [];
        return [{ type: 'DefaultTierChanged', data: { tier_code, previous: state.default_tier, at } }];
      }
      default:
        return assertNever(command.type);
    }
  },
};
