import type { CompanyProfile, ExtmarketConnection, ImportUrls } from './events.ts';

/** Commands of the onboarding aggregate (stream `onboarding-<vendor_id>`). Times arrive from the service clock. */
export type StartOnboarding = { type: 'StartOnboarding'; data: { vendor_id: number; at: string } };
export type CommitOnboardingStep = {
  type: 'CommitOnboardingStep';
  data: (
    | { step: 1; profile: CompanyProfile }
    | { step: 2; connection: ExtmarketConnection }
    | { step: 3; urls: ImportUrls }
    | { step: 4; job_id: number }
  ) & { at: string };
};
/** The extmarket job of step 4 ended (the process manager reports it). */
export type FinishHistoricalSync = {
  type: 'FinishHistoricalSync';
  data: { job_id: number; ok: boolean; orders_imported: number; error: string | null; at: string };
};
export type SkipOnboarding = { type: 'SkipOnboarding'; data: { skipped_by: number | string; reason: string; at: string } };

export type OnboardingCommand = StartOnboarding | CommitOnboardingStep | FinishHistoricalSync | SkipOnboarding;
