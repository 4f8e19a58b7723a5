import type { TransitionTable } from '../../src/core/transitions.ts';
import type { Language, MarketplaceImportEvent } from './events.ts';

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
