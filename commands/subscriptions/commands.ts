import type { TierDetails } from './events.ts';

/** Commands of the tier aggregate. Times are chosen before the decision. */
export type CreateTier = { type: 'CreateTier'; data: TierDetails & { tier_code: string; at: string } };
/** The first-start seed: creates the tier only if its stream has never existed (an edited or deleted seed tier stays as the admins left it). */
export type SeedTier = { type: 'SeedTier'; data: TierDetails & { tier_code: string; at: string } };
export type ChangeTier = { type: 'ChangeTier'; data: { changes: Partial<TierDetails>; at: string } };
export type SetTierActive = { type: 'SetTierActive'; data: { active: boolean; at: string } };
export type DeleteTier = { type: 'DeleteTier'; data: { at: string } };

export type TierCommand = CreateTier | SeedTier | ChangeTier | SetTierActive | DeleteTier;
