import { assertNever, type Decider } from '../../src/core/decider.ts';
import { checkTransition } from '../../src/core/transitions.ts';
import type { OnboardingCommand } from './commands.ts';
import { OnboardingAlreadyFinishedException, OnboardingNotFoundException, OnboardingStepOrderException } from './errors.ts';
import type { OnboardingEvent, OnboardingStep } from './events.ts';
import {
  evolveOnboarding,
  initialOnboardingState,
  ONBOARDING_TRANSITIONS,
  type OnboardingAction,
  type OnboardingState,
} from './onboarding.ts';

export type { OnboardingCommand } from './commands.ts';
export type { OnboardingState } from './onboarding.ts';

type Running = Extract<OnboardingState, { status: 'in_progress' }>;

function running(state: OnboardingState, action: OnboardingAction): Running {
  if (state.status === 'none') throw new OnboardingNotFoundException('This vendor has no onboarding');
  if (state.status === 'completed' || state.status === 'skipped') throw new OnboardingAlreadyFinishedException(state.status);
  checkTransition('Onboarding', ONBOARDING_TRANSITIONS, action, state.status);
  return state;
}

/** Refuses a step that is not the next one, naming the next one (also checked before a step's side effects). */
export function checkNextStep(state: OnboardingState, step: OnboardingStep): void {
  const s = running(state, 'commit_step');
  if (step !== s.next_step) throw new OnboardingStepOrderException(step, s.next_step);
}

export function decideOnboarding(command: OnboardingCommand, state: OnboardingState): OnboardingEvent[] {
  switch (command.type) {
    case 'StartOnboarding':
      // Signup completion may run twice (a retry): the second start is a no-op.
      if (state.status !== 'none') return [];
      return [{ type: 'OnboardingStarted', data: command.data }];
    case 'CommitOnboardingStep': {
      checkNextStep(state, command.data.step);
      const s = state as Running;
      const { at } = command.data;
      const vendor_id = s.vendor_id;
      switch (command.data.step) {
        case 1:
          return [{ type: 'OnboardingCompanyProfileSaved', data: { vendor_id, profile: command.data.profile, at } }];
        case 2:
          return [{ type: 'OnboardingExtmarketConnected', data: { vendor_id, connection: command.data.connection, at } }];
        case 3:
          return [{ type: 'OnboardingImportUrlsSaved', data: { vendor_id, urls: command.data.urls, at } }];
        case 4:
          return [{ type: 'OnboardingHistoricalSyncStarted', data: { vendor_id, job_id: command.data.job_id, at } }];
        default:
          return assertNever(command.data);
      }
    }
    case 'FinishHistoricalSync': {
      // Only the job step 4 is waiting for counts; a report of another job (or a repeated one) changes nothing.
      if (state.status !== 'in_progress' || state.sync?.job_id !== command.data.job_id || state.sync.status !== 'running') return [];
      running(state, 'finish_sync');
      const { job_id, at } = command.data;
      return command.data.ok
        ? [{ type: 'OnboardingCompleted', data: { vendor_id: state.vendor_id, job_id, orders_imported: command.data.orders_imported, at } }]
        : [
            {
              type: 'OnboardingHistoricalSyncFailed',
              data: { vendor_id: state.vendor_id, job_id, error: command.data.error ?? 'the import failed', at },
            },
          ];
    }
    case 'SkipOnboarding': {
      const s = running(state, 'skip');
      return [
        {
          type: 'OnboardingSkipped',
          data: {
            vendor_id: s.vendor_id,
            skipped_by: command.data.skipped_by,
            reason: command.data.reason,
            skipped_at_step: s.next_step ?? 4,
            at: command.data.at,
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

export const onboarding: Decider<OnboardingState, OnboardingCommand, OnboardingEvent> = {
  aggregate: 'onboarding',
  initialState: initialOnboardingState,
  evolve: evolveOnboarding,
  decide: decideOnboarding,
};
