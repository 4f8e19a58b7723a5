import type { EventStore } from '../../../src/eventstore/port.ts';
import { handleCommand, type CommandContext } from '../../../src/runtime/commandHandler.ts';
import { planSettings } from '../planSettings.ts';

/** An admin chooses the platform's default tier (the caller has checked it is an offered tier). */
export async function setDefaultTier(store: EventStore, now: Date, tierCode: string, ctx: CommandContext) {
  return [
    await handleCommand(
      store,
      planSettings,
      'platform',
      { type: 'SetDefaultTier', data: { tier_code: tierCode, at: now.toISOString() } },
      ctx,
    ),
  ];
}
