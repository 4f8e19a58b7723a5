import { BusinessLogicException } from '../../../src/core/errors.ts';
import type { EventStore } from '../../../src/eventstore/port.ts';
import { handleCommand, type CommandContext } from '../../../src/runtime/commandHandler.ts';
import type { TierDetails } from '../events.ts';
import { tier } from '../tier.ts';

export interface TierDeps {
  store: EventStore;
  now: () => Date;
  /** Active subscriptions on a tier (the subscription read model); deleting such a tier is refused. */
  activeSubscriptions: (tierCode: string) => Promise<number>;
}

export async function createTier(deps: TierDeps, code: string, details: TierDetails, ctx: CommandContext) {
  return [
    await handleCommand(
      deps.store,
      tier,
      code,
      { type: 'CreateTier', data: { ...details, tier_code: code, at: deps.now().toISOString() } },
      ctx,
    ),
  ];
}

export async function changeTier(deps: TierDeps, code: string, changes: Partial<TierDetails>, ctx: CommandContext) {
  return [await handleCommand(deps.store, tier, code, { type: 'ChangeTier', data: { changes, at: deps.now().toISOString() } }, ctx)];
}

export async function setTierActive(deps: TierDeps, code: string, active: boolean, ctx: CommandContext) {
  return [await handleCommand(deps.store, tier, code, { type: 'SetTierActive', data: { active, at: deps.now().toISOString() } }, ctx)];
}

export async function deleteTier(deps: TierDeps, code: string, ctx: CommandContext) {
  const active = await deps.activeSubscriptions(code);
  if (active > 0) {
    throw new BusinessLogicException(`The tier '${code}' has ${active} active subscription(s); move them to another tier first`, {
      tier_code: code,
      active_subscriptions: active,
    });
  }
  return [await handleCommand(deps.store, tier, code, { type: 'DeleteTier', data: { at: deps.now().toISOString() } }, ctx)];
}
