import { type TransitionTable, checkTransition } from '../../src/core/transitions.ts';
import type { CompanyProfile, ExtmarketConnection, ImportUrls, OnboardingEvent, OnboardingStep } from './events.ts';
import { assertNever, type Decider } from '../../src/core/decider.ts';
import type { OnboardingCommand } from './commands.ts';
import { OnboardingAlreadyFinishedException, OnboardingNotFoundException, OnboardingStepOrderException } from './errors.ts';

export type { OnboardingCommand } from './commands.ts';

/** What the steps gave so far. */
export interface OnboardingProgress {
  vendor_id: number;
  started_at: string;
  profile: CompanyProfile | null;
  connection: ExtmarketConnection | null;
  urls: ImportUrls | null;
  /** Step 4's import job: running, failed (may be started again) or done. */
  sync: { job_id: number; status: 'running' | 'failed' | 'completed'; error: string | null; orders_imported: number | null } | null;
  /** When each step was committed, by step number. */
  done_at: Partial<Record<OnboardingStep, string>>;
}

export type OnboardingState =
  | { status: 'none' }
  /** `next_step` is null while step 4's import runs: nothing can be committed until it ends. */
  | (OnboardingProgress & { status: 'in_progress'; next_step: OnboardingStep | null })
  | (OnboardingProgress & { status: 'completed'; completed_at: string })
  | (OnboardingProgress & { status: 'skipped'; skipped: { by: number | string; reason: string; at: string; at_step: OnboardingStep } });

export type OnboardingStatus = OnboardingState['status'];
export type OnboardingAction = 'start' | 'commit_step' | 'finish_sync' | 'skip';

/** SPEC.md part 3 "Onboarding": complete step n (1 to 4 in order) → step n+1, or completed after step 4; an admin may skip. */
export const ONBOARDING_TRANSITIONS: TransitionTable<OnboardingStatus, OnboardingAction> = {
  start: { from: ['none'], to: 'in_progress' },
  commit_step: { from: ['in_progress'], to: 'computed' },
  finish_sync: { from: ['in_progress'], to: 'computed' },
  skip: { from: ['in_progress'], to: 'skipped' },
};

export const initialOnboardingState = (): OnboardingState => ({ status: 'none' });

const after = (step: OnboardingStep): OnboardingStep | null => (step < 4 ? ((step + 1) as OnboardingStep) : null);

export function evolveOnboarding(state: OnboardingState, event: OnboardingEvent): OnboardingState {
  if (event.type === 'OnboardingStarted') {
    return {
      status: 'in_progress',
      next_step: 1,
      vendor_id: event.data.vendor_id,
      started_at: event.data.at,
      profile: null,
      connection: null,
      urls: null,
      sync: null,
      done_at: {},
    };
  }
  if (state.status !== 'in_progress') return state;
  const { status: _s, next_step: _n, ...progress } = state;
  const at = event.data.at;
  switch (event.type) {
    case 'OnboardingCompanyProfileSaved':
      return { ...state, profile: event.data.profile, next_step: after(1), done_at: { ...state.done_at, 1: at } };
    case 'OnboardingExtmarketConnected':
      return { ...state, connection: event.data.connection, next_step: after(2), done_at: { ...state.done_at, 2: at } };
    case 'OnboardingImportUrlsSaved':
      return { ...state, urls: event.data.urls, next_step: after(3), done_at: { ...state.done_at, 3: at } };
    case 'OnboardingHistoricalSyncStarted':
      return { ...state, next_step: null, sync: { job_id: event.data.job_id, status: 'running', error: null, orders_imported: null } };
    case 'OnboardingHistoricalSyncFailed':
      return {
        ...state,
        next_step: 4,
        sync: { job_id: event.data.job_id, status: 'failed', error: event.data.error, orders_imported: null },
      };
    case 'OnboardingCompleted':
      return {
        ...progress,
        status: 'completed',
        completed_at: at,
        done_at: { ...state.done_at, 4: at },
        sync: { job_id: event.data.job_id, status: 'completed', error: null, orders_imported: event.data.orders_imported },
      };
    case 'OnboardingSkipped':
      return {
        ...progress,
        status: 'skipped',
        skipped: { by: event.data.skipped_by, reason: event.data.reason, at, at_step: event.data.skipped_at_step },
      };
  }
}

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
