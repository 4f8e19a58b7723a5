import type { TransitionTable } from '../../src/core/transitions.ts';
import type { CompanyProfile, ExtmarketConnection, ImportUrls, OnboardingEvent, OnboardingStep } from './events.ts';

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
