import type { EventStore } from '../../src/eventstore/port.ts';
import { handleCommand, load, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import type { CommitOnboardingStep, FinishHistoricalSync } from './commands.ts';
import { onboarding } from './onboarding.ts';

/** The onboarding of a vendor opened through signup begins at step 1 (a repeat changes nothing). */
export function startOnboarding(store: EventStore, vendorId: number, at: Date, ctx: CommandContext): Promise<Handled<unknown, any>> {
  return handleCommand(
    store,
    onboarding,
    vendorId,
    { type: 'StartOnboarding', data: { vendor_id: vendorId, at: at.toISOString() } },
    { ...ctx, vendorId },
  );
}

export function commitOnboardingStep(store: EventStore, vendorId: number, step: CommitOnboardingStep['data'], ctx: CommandContext) {
  return handleCommand(store, onboarding, vendorId, { type: 'CommitOnboardingStep', data: step }, { ...ctx, vendorId });
}

export function finishHistoricalSync(store: EventStore, vendorId: number, result: FinishHistoricalSync['data'], ctx: CommandContext) {
  return handleCommand(store, onboarding, vendorId, { type: 'FinishHistoricalSync', data: result }, { ...ctx, vendorId });
}

export function skipOnboarding(store: EventStore, vendorId: number, by: number | string, reason: string, at: Date, ctx: CommandContext) {
  return handleCommand(
    store,
    onboarding,
    vendorId,
    { type: 'SkipOnboarding', data: { skipped_by: by, reason, at: at.toISOString() } },
    { ...ctx, vendorId },
  );
}

/** The onboarding as its stream tells it (the write side's view, for the checks before a step's side effects). */
export async function loadOnboarding(store: EventStore, vendorId: number) {
  return (await load(store, onboarding, vendorId)).state;
}
