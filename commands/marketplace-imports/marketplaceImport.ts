import { type TransitionTable, checkTransition } from '../../src/core/transitions.ts';
import type {
  Language,
  MarketplaceImportEvent,
  AcceptedRow,
  ImportFailureCode,
  MarketplaceImportRequested,
  RejectedRow,
} from './events.ts';
import { assertNever, type Decider } from '../../src/core/decider.ts';
import { BusinessLogicException } from '../../src/core/errors.ts';
import { MarketplaceImportJobNotFoundException } from './errors.ts';
import { vendorKeyPrefix } from './rowMapping.ts';

/**
 * The import job's state. SPEC.md part 3 leaves import job transitions open; these are ours:
 * pending → processing → completed | failed, and pending → failed when no worker can start it.
 */
export interface JobCounters {
  batch: number;
  rows_processed: number;
  accepted: number;
  rejected: number;
  new_products: number;
}

export type MarketplaceImportState =
  | { status: 'none' }
  | ({
      status: 'pending' | 'processing' | 'completed' | 'failed';
      job_id: number;
      vendor_id: number;
      language: Language;
      attempt: number;
    } & JobCounters);

export type ImportStatus = MarketplaceImportState['status'];
export type ImportAction = 'request' | 'start' | 'record_batch' | 'complete' | 'fail';

export const IMPORT_TRANSITIONS: TransitionTable<ImportStatus, ImportAction> = {
  request: { from: ['none'], to: 'pending' },
  start: { from: ['pending'], to: 'processing' },
  record_batch: { from: ['processing'], to: 'processing' },
  complete: { from: ['processing'], to: 'completed' },
  fail: { from: ['pending', 'processing'], to: 'failed' },
};

export const initialImportState = (): MarketplaceImportState => ({ status: 'none' });

export function evolveImport(state: MarketplaceImportState, event: MarketplaceImportEvent): MarketplaceImportState {
  if (event.type === 'MarketplaceImportRequested') {
    const { job_id, vendor_id, language } = event.data;
    return {
      status: 'pending',
      job_id,
      vendor_id,
      language,
      attempt: 0,
      batch: 0,
      rows_processed: 0,
      accepted: 0,
      rejected: 0,
      new_products: 0,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'MarketplaceImportStarted':
      return { ...state, status: 'processing', attempt: event.data.attempt };
    case 'MarketplaceImportProgressed': {
      const { batch, rows_processed, accepted, rejected, new_products } = event.data;
      return { ...state, batch, rows_processed, accepted, rejected, new_products };
    }
    case 'MarketplaceImportCompleted':
      return { ...state, status: 'completed' };
    case 'MarketplaceImportFailed':
      return { ...state, status: 'failed' };
    case 'MarketplaceImportRowsAccepted':
    case 'MarketplaceImportRowsRejected':
      return state;
  }
}

/** Commands of the import job. Ids, times and the rows' product ids arrive in the command. */
export type RequestMarketplaceImport = {
  type: 'RequestMarketplaceImport';
  data: Omit<MarketplaceImportRequested['data'], 'requested_at'> & { at: string };
};
export type StartMarketplaceImport = { type: 'StartMarketplaceImport'; data: { at: string } };
export type RecordImportBatch = {
  type: 'RecordImportBatch';
  data: {
    accepted: AcceptedRow[];
    rejected: RejectedRow[];
    new_products: number;
    bytes_read: number;
    bytes_total: number | null;
    at: string;
  };
};
export type CompleteMarketplaceImport = { type: 'CompleteMarketplaceImport'; data: { at: string } };
export type FailMarketplaceImport = { type: 'FailMarketplaceImport'; data: { error_code: ImportFailureCode; error: string; at: string } };

export type MarketplaceImportCommand =
  RequestMarketplaceImport | StartMarketplaceImport | RecordImportBatch | CompleteMarketplaceImport | FailMarketplaceImport;

function check(state: MarketplaceImportState, action: ImportAction): void {
  if (state.status === 'none' && action !== 'request') throw new MarketplaceImportJobNotFoundException('Import job not found');
  checkTransition('Import job', IMPORT_TRANSITIONS, action, state.status);
}

export function decideImport(command: MarketplaceImportCommand, state: MarketplaceImportState): MarketplaceImportEvent[] {
  if (command.type === 'RequestMarketplaceImport') {
    check(state, 'request');
    const { at, ...data } = command.data;
    return [{ type: 'MarketplaceImportRequested', data: { ...data, requested_at: at } }];
  }
  if (state.status === 'none') throw new MarketplaceImportJobNotFoundException('Import job not found');
  const { job_id, vendor_id, language } = state;
  switch (command.type) {
    case 'StartMarketplaceImport':
      check(state, 'start');
      return [{ type: 'MarketplaceImportStarted', data: { job_id, vendor_id, attempt: state.attempt + 1, at: command.data.at } }];
    case 'RecordImportBatch': {
      check(state, 'record_batch');
      const { accepted, rejected, new_products, bytes_read, bytes_total, at } = command.data;
      if (accepted.length + rejected.length === 0) return [];
      const last = Math.max(...accepted.map((r) => r.row), ...rejected.map((r) => r.row));
      const first = Math.min(...accepted.map((r) => r.row), ...rejected.map((r) => r.row));
      if (first <= state.rows_processed) {
        throw new BusinessLogicException(`Import job ${job_id}: row ${first} was already recorded (up to row ${state.rows_processed})`);
      }
      // A job writes its own vendor's marketplace products only: every key names the job's vendor.
      const own = vendorKeyPrefix(vendor_id);
      const foreign = accepted.find((r) => !r.key.startsWith(own));
      if (foreign) {
        throw new BusinessLogicException(
          `Import job ${job_id} of vendor ${vendor_id}: row ${foreign.row} is keyed '${foreign.key}', outside the vendor's products`,
        );
      }
      const batch = state.batch + 1;
      const events: MarketplaceImportEvent[] = [];
      if (accepted.length > 0)
        events.push({ type: 'MarketplaceImportRowsAccepted', data: { job_id, vendor_id, language, batch, rows: accepted } });
      if (rejected.length > 0) events.push({ type: 'MarketplaceImportRowsRejected', data: { job_id, vendor_id, batch, errors: rejected } });
      events.push({
        type: 'MarketplaceImportProgressed',
        data: {
          job_id,
          batch,
          rows_processed: last,
          accepted: state.accepted + accepted.length,
          rejected: state.rejected + rejected.length,
          new_products: state.new_products + new_products,
          bytes_read,
          bytes_total,
          at,
        },
      });
      return events;
    }
    case 'CompleteMarketplaceImport': {
      check(state, 'complete');
      const { rows_processed, accepted, rejected, new_products } = state;
      // A header without a single data row is a mistake worth reporting, not an empty success.
      if (accepted + rejected === 0) {
        return [
          {
            type: 'MarketplaceImportFailed',
            data: {
              job_id,
              vendor_id,
              error_code: 'no_data_rows',
              error: 'The file has a header row but no data rows',
              rows_processed,
              at: command.data.at,
            },
          },
        ];
      }
      return [
        {
          type: 'MarketplaceImportCompleted',
          data: { job_id, vendor_id, language, rows_processed, accepted, rejected, new_products, at: command.data.at },
        },
      ];
    }
    case 'FailMarketplaceImport':
      check(state, 'fail');
      return [{ type: 'MarketplaceImportFailed', data: { job_id, vendor_id, ...command.data, rows_processed: state.rows_processed } }];
    default:
      return assertNever(command);
  }
}

export const marketplaceImport: Decider<MarketplaceImportState, MarketplaceImportCommand, MarketplaceImportEvent> = {
  aggregate: 'marketplace_import',
  initialState: initialImportState,
  evolve: evolveImport,
  decide: decideImport,
};
