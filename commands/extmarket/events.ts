/**
 * The extmarket area's public contract: a vendor's API credentials, and the sync log
 * (SPEC.md part 2 "Extmarket sync log"): jobs of type order_sync, historical_import and
 * product_export with the counters files_processed / files_succeeded / files_failed.
 * A job is an aggregate (ARCHITECTURE.md "Long operations"): Requested → Started → Progressed…
 * → Completed | Failed.
 */
export type SyncJobType = 'order_sync' | 'historical_import' | 'product_export';
export const SYNC_JOB_TYPES: readonly SyncJobType[] = ['order_sync', 'historical_import', 'product_export'];

/** Product exports: languages and whether inactive products are included. */
export interface SyncJobOptions {
  languages?: ('en' | 'fr' | 'de')[];
  include_inactive?: boolean;
}

export interface SyncCounters {
  /** Order syncs: orders read; product exports: language files written. */
  files_processed: number;
  files_succeeded: number;
  files_failed: number;
  orders_imported: number;
  orders_skipped: number;
}

/** The vendor's extmarket API key was stored (sealed with AES-256-GCM; only the hint is readable). */
export type ExtmarketCredentialsSaved = {
  type: 'ExtmarketCredentialsSaved';
  data: {
    vendor_id: number;
    api_key_sealed: string;
    api_key_hint: string;
    api_endpoint: string;
    auto_sync_enabled: boolean;
    saved_by: number | string | null;
    at: string;
  };
};
/** Sync settings changed without a new key. */
export type ExtmarketSyncSettingsChanged = {
  type: 'ExtmarketSyncSettingsChanged';
  data: { vendor_id: number; api_endpoint: string; auto_sync_enabled: boolean; at: string };
};
/** The vendor's extmarket key was removed: no sync and no push until a new one is stored. */
export type ExtmarketCredentialsRemoved = {
  type: 'ExtmarketCredentialsRemoved';
  data: { vendor_id: number; removed_by: number | string | null; at: string };
};
/** A connection test with the stored key, and what it gave. */
export type ExtmarketConnectionTested = {
  type: 'ExtmarketConnectionTested';
  data: { vendor_id: number; ok: boolean; error: string | null; at: string };
};

/** Someone (or the scheduler) asked for a sync, an import of past orders, or a product export. */
export type ExtmarketSyncRequested = {
  type: 'ExtmarketSyncRequested';
  data: {
    job_id: number;
    vendor_id: number;
    job_type: SyncJobType;
    requested_by: number | string | null;
    created_by_name: string | null;
    options: SyncJobOptions;
    at: string;
  };
};
/** A worker took the job. */
export type ExtmarketSyncStarted = {
  type: 'ExtmarketSyncStarted';
  data: { job_id: number; vendor_id: number; attempt: number; at: string };
};
/** How far the job has come (the progress bar of a historical import). */
export type ExtmarketSyncProgressed = {
  type: 'ExtmarketSyncProgressed';
  data: SyncCounters & { job_id: number; vendor_id: number; progress_message: string; errors: string[]; at: string };
};
/** The job ended; error_details holds per-record problems (and, for exports, the product count). */
export type ExtmarketSyncCompleted = {
  type: 'ExtmarketSyncCompleted';
  data: SyncCounters & { job_id: number; vendor_id: number; job_type: SyncJobType; error_details: Record<string, unknown>; at: string };
};
/** The job could not run to its end (no key, extmarket unreachable, worker lost). */
export type ExtmarketSyncFailed = {
  type: 'ExtmarketSyncFailed';
  data: SyncCounters & { job_id: number; vendor_id: number; job_type: SyncJobType; error: string; at: string };
};

export type ExtmarketCredentialsEvent =
  ExtmarketCredentialsSaved | ExtmarketSyncSettingsChanged | ExtmarketCredentialsRemoved | ExtmarketConnectionTested;
export type ExtmarketSyncEvent =
  ExtmarketSyncRequested | ExtmarketSyncStarted | ExtmarketSyncProgressed | ExtmarketSyncCompleted | ExtmarketSyncFailed;

export const EXTMARKET_CREDENTIALS_EVENT_TYPES = [
  'ExtmarketCredentialsSaved',
  'ExtmarketSyncSettingsChanged',
  'ExtmarketCredentialsRemoved',
  'ExtmarketConnectionTested',
] as const satisfies readonly ExtmarketCredentialsEvent['type'][];
export const EXTMARKET_SYNC_EVENT_TYPES = [
  'ExtmarketSyncRequested',
  'ExtmarketSyncStarted',
  'ExtmarketSyncProgressed',
  'ExtmarketSyncCompleted',
  'ExtmarketSyncFailed',
] as const satisfies readonly ExtmarketSyncEvent['type'][];
