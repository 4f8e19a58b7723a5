/**
 * Marketplace product imports (SPEC.md part 1 capability 2, part 2 "Import job and import error").
 * An import is a job aggregate (ARCHITECTURE.md "Long operations"): Requested → Started →
 * batches of accepted and rejected rows with a progress fact each → Completed or Failed. This file
 * is the area's public contract.
 *
 * Accepted rows are staged by the catalogue projection and enter the catalogue only with
 * MarketplaceImportCompleted, so a job that fails half-way leaves the catalogue untouched. Those
 * two events are the catalogue's input and are declared there; this file re-exports them.
 */
import type {
  AcceptedRow,
  FailedMarketplaceImport,
  Language,
  MarketplaceImportCompleted,
  MarketplaceImportRowsAccepted,
} from '../catalogue/events.ts';

// The rows an import accepts and the end that publishes them are the marketplace catalogue's input,
// declared with it (commands/catalogue/events.ts), since the catalogue is the lower area.
export type { AcceptedRow, Language, MarketplaceImportCompleted, MarketplaceImportRowsAccepted };

/** Where the CSV comes from. An upload is kept under DATA_DIR until the job ends. */
export type ImportSource = { kind: 'url'; url: string } | { kind: 'upload'; file: string; original_name: string; bytes: number };

/** `parse_error`: the line is not valid CSV (an unbalanced quote); its row_data is `{ raw }`, the line's text. */
export type ImportErrorType =
  | 'parse_error'
  | 'malformed_row'
  | 'missing_identifier'
  | 'invalid_gtin'
  | 'missing_title'
  | 'invalid_price'
  | 'field_too_long'
  | 'invalid_url'
  | 'invalid_vat_category';

/** A MarketplaceImportError record (SPEC.md part 2). */
export interface RejectedRow {
  row: number;
  /** The row's GTIN or SKU when it has one. */
  identifier: string | null;
  error_type: ImportErrorType;
  message: string;
  row_data: Record<string, string>;
}

/** Why a whole job failed (`parse_error`: the header row itself cannot be parsed). */
export type ImportFailureCode =
  | 'empty_file'
  | 'missing_header'
  | 'wrong_delimiter'
  | 'bad_encoding'
  | 'binary_file'
  | 'file_too_large'
  | 'line_too_long'
  | 'parse_error'
  | 'source_unreachable'
  | 'no_data_rows'
  | 'worker_lost'
  | 'timeout'
  | 'internal_error';

/** An admin or a vendor asked for a product CSV to be imported for a vendor, in one language. */
export type MarketplaceImportRequested = {
  type: 'MarketplaceImportRequested';
  data: {
    job_id: number;
    vendor_id: number;
    language: Language;
    marketplace: string;
    delimiter: string | null;
    source: ImportSource;
    requested_by: number | string;
    created_by_name: string | null;
    requested_at: string;
  };
};
/** A worker took the job and began reading the file (attempt counts take-overs). */
export type MarketplaceImportStarted = {
  type: 'MarketplaceImportStarted';
  data: { job_id: number; vendor_id: number; attempt: number; at: string };
};
/** Rows of a batch the import could not use, each with the reason. */
export type MarketplaceImportRowsRejected = {
  type: 'MarketplaceImportRowsRejected';
  data: { job_id: number; vendor_id: number; batch: number; errors: RejectedRow[] };
};
/** How far the job has read, counted after each batch. */
export type MarketplaceImportProgressed = {
  type: 'MarketplaceImportProgressed';
  data: {
    job_id: number;
    batch: number;
    rows_processed: number;
    accepted: number;
    rejected: number;
    new_products: number;
    bytes_read: number;
    bytes_total: number | null;
    at: string;
  };
};
/** The job ended without changing the catalogue: the file or its source could not be used. */
export type MarketplaceImportFailed = {
  type: 'MarketplaceImportFailed';
  // What the catalogue reads of a failure (its staged rows are dropped), and the rest.
  data: FailedMarketplaceImport['data'] & {
    vendor_id: number;
    error_code: ImportFailureCode;
    error: string;
    rows_processed: number;
    at: string;
  };
};

export type MarketplaceImportEvent =
  | MarketplaceImportRequested
  | MarketplaceImportStarted
  | MarketplaceImportRowsAccepted
  | MarketplaceImportRowsRejected
  | MarketplaceImportProgressed
  | MarketplaceImportCompleted
  | MarketplaceImportFailed;

/** The job's own facts, without the row payloads (what a job list needs). */
export const IMPORT_JOB_EVENT_TYPES = [
  'MarketplaceImportRequested',
  'MarketplaceImportStarted',
  'MarketplaceImportProgressed',
  'MarketplaceImportCompleted',
  'MarketplaceImportFailed',
] as const satisfies readonly MarketplaceImportEvent['type'][];
