/**
 * Vendor onboarding (SPEC.md part 3 "Onboarding", capability 8): four steps in order that a vendor
 * opened through signup completes before its dashboard opens. This file is the area's public
 * contract: projections, memory views and process managers import event types from here only.
 */
export const ONBOARDING_STEPS = [1, 2, 3, 4] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** The step names, as the API and the wizard call them. */
export const STEP_NAMES: Record<OnboardingStep, string> = {
  1: 'company_profile',
  2: 'extmarket_api',
  3: 'import_urls',
  4: 'historical_sync',
};

/** Step 1: who the vendor is, as the invoices and the shop will show it. */
export interface CompanyProfile {
  name: string;
  business_address: string;
  tax_number: string | null;
  contact_email: string;
  contact_phone: string | null;
  website: string | null;
}

/** Step 2: the extmarket API the vendor connected, and what the connection test gave. */
export interface ExtmarketConnection {
  api_endpoint: string;
  api_key_hint: string;
  /** The extmarket's name of the vendor's shop, as the test call answered it. */
  shop_name: string | null;
  tested_at: string;
}

/** Step 3: the CSV feeds the service fetched and checked. */
export interface ImportUrls {
  product_csv_url: string;
  order_csv_url: string;
  product_rows: number;
  order_rows: number;
  checked_at: string;
}

/** A vendor opened through signup has to complete the four steps before its dashboard opens. */
export type OnboardingStarted = { type: 'OnboardingStarted'; data: { vendor_id: number; at: string } };
/** Step 1 done: the company profile was given. */
export type OnboardingCompanyProfileSaved = {
  type: 'OnboardingCompanyProfileSaved';
  data: { vendor_id: number; profile: CompanyProfile; at: string };
};
/** Step 2 done: the extmarket API answered the connection test. */
export type OnboardingExtmarketConnected = {
  type: 'OnboardingExtmarketConnected';
  data: { vendor_id: number; connection: ExtmarketConnection; at: string };
};
/** Step 3 done: both CSV feeds were fetched and read. */
export type OnboardingImportUrlsSaved = { type: 'OnboardingImportUrlsSaved'; data: { vendor_id: number; urls: ImportUrls; at: string } };
/** Step 4 under way: the historical order import runs as the extmarket job `job_id`. */
export type OnboardingHistoricalSyncStarted = {
  type: 'OnboardingHistoricalSyncStarted';
  data: { vendor_id: number; job_id: number; at: string };
};
/** Step 4's import failed; the vendor may start it again. */
export type OnboardingHistoricalSyncFailed = {
  type: 'OnboardingHistoricalSyncFailed';
  data: { vendor_id: number; job_id: number; error: string; at: string };
};
/** Step 4 done, so the onboarding is: the dashboard is open. */
export type OnboardingCompleted = {
  type: 'OnboardingCompleted';
  data: { vendor_id: number; job_id: number; orders_imported: number; at: string };
};
/** An admin opened the dashboard without the remaining steps, saying why. */
export type OnboardingSkipped = {
  type: 'OnboardingSkipped';
  data: { vendor_id: number; skipped_by: number | string; reason: string; skipped_at_step: OnboardingStep; at: string };
};

export type OnboardingEvent =
  | OnboardingStarted
  | OnboardingCompanyProfileSaved
  | OnboardingExtmarketConnected
  | OnboardingImportUrlsSaved
  | OnboardingHistoricalSyncStarted
  | OnboardingHistoricalSyncFailed
  | OnboardingCompleted
  | OnboardingSkipped;

export const ONBOARDING_EVENT_TYPES = [
  'OnboardingStarted',
  'OnboardingCompanyProfileSaved',
  'OnboardingExtmarketConnected',
  'OnboardingImportUrlsSaved',
  'OnboardingHistoricalSyncStarted',
  'OnboardingHistoricalSyncFailed',
  'OnboardingCompleted',
  'OnboardingSkipped',
] as const satisfies readonly OnboardingEvent['type'][];
