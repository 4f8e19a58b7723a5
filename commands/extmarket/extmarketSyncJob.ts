import { assertNever, type Decider } from '../../src/core/decider.ts';
import { ExtmarketSyncJobNotFoundException } from './errors.ts';
import { checkTransition, type TransitionTable } from '../../src/core/transitions.ts';
import type { ExtmarketSyncEvent, ExtmarketSyncRequested, SyncCounters, SyncJobOptions, SyncJobType } from './events.ts';

/**
 * A sync log record as a job aggregate, stream `extmarket_sync-<job id>`. SPEC.md part 3 leaves
 * job transitions open; ours: requested → running → completed | failed, and requested → failed
 * when no worker can start it.
 */
export type SyncJobState =
  | { status: 'none' }
  | ({
      status: 'requested' | 'running' | 'completed' | 'failed';
      job_id: number;
      vendor_id: number;
      job_type: SyncJobType;
      options: SyncJobOptions;
      attempt: number;
    } & SyncCounters);
type Status = SyncJobState['status'];
type Action = 'request' | 'start' | 'progress' | 'complete' | 'fail';

export const SYNC_JOB_TRANSITIONS: TransitionTable<Status, Action> = {
  request: { from: ['none'], to: 'requested' },
  start: { from: ['requested'], to: 'running' },
  progress: { from: ['running'], to: 'running' },
  complete: { from: ['running'], to: 'completed' },
  fail: { from: ['requested', 'running'], to: 'failed' },
};

export type SyncJobCommand =
  | { type: 'RequestExtmarketSync'; data: ExtmarketSyncRequested['data'] }
  | { type: 'StartExtmarketSync'; data: { at: string } }
  | { type: 'RecordSyncProgress'; data: SyncCounters & { progress_message: string; errors: string[]; at: string } }
  | { type: 'CompleteExtmarketSync'; data: SyncCounters & { error_details: Record<string, unknown>; at: string } }
  | { type: 'FailExtmarketSync'; data: SyncCounters & { error: string; at: string } };

const ZERO: SyncCounters = { files_processed: 0, files_succeeded: 0, files_failed: 0, orders_imported: 0, orders_skipped: 0 };
const counters = (c: SyncCounters): SyncCounters => ({
  files_processed: c.files_processed,
  files_succeeded: c.files_succeeded,
  files_failed: c.files_failed,
  orders_imported: c.orders_imported,
  orders_skipped: c.orders_skipped,
});

function evolve(state: SyncJobState, event: ExtmarketSyncEvent): SyncJobState {
  if (event.type === 'ExtmarketSyncRequested') {
    const { job_id, vendor_id, job_type, options } = event.data;
    return { status: 'requested', job_id, vendor_id, job_type, options, attempt: 0, ...ZERO };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'ExtmarketSyncStarted':
      return { ...state, status: 'running', attempt: event.data.attempt };
    case 'ExtmarketSyncProgressed':
      return { ...state, ...counters(event.data) };
    case 'ExtmarketSyncCompleted':
      return { ...state, ...counters(event.data), status: 'completed' };
    case 'ExtmarketSyncFailed':
      return { ...state, ...counters(event.data), status: 'failed' };
  }
}

function decide(command: SyncJobCommand, state: SyncJobState): ExtmarketSyncEvent[] {
  if (command.type === 'RequestExtmarketSync') {
    checkTransition('Sync job', SYNC_JOB_TRANSITIONS, 'request', state.status);
    return [{ type: 'ExtmarketSyncRequested', data: command.data }];
  }
  if (state.status === 'none') throw new ExtmarketSyncJobNotFoundException('Sync job not found');
  const { job_id, vendor_id, job_type } = state;
  switch (command.type) {
    case 'StartExtmarketSync':
      checkTransition('Sync job', SYNC_JOB_TRANSITIONS, 'start', state.status);
      return [{ type: 'ExtmarketSyncStarted', data: { job_id, vendor_id, attempt: state.attempt + 1, at: command.data.at } }];
    case 'RecordSyncProgress':
      checkTransition('Sync job', SYNC_JOB_TRANSITIONS, 'progress', state.status);
      return [{ type: 'ExtmarketSyncProgressed', data: { job_id, vendor_id, ...command.data } }];
    case 'CompleteExtmarketSync':
      checkTransition('Sync job', SYNC_JOB_TRANSITIONS, 'complete', state.status);
      return [{ type: 'ExtmarketSyncCompleted', data: { job_id, vendor_id, job_type, ...command.data } }];
    case 'FailExtmarketSync':
      checkTransition('Sync job', SYNC_JOB_TRANSITIONS, 'fail', state.status);
      return [{ type: 'ExtmarketSyncFailed', data: { job_id, vendor_id, job_type, ...command.data } }];
    default:
      return assertNever(command);
  }
}

export const extmarketSyncJob: Decider<SyncJobState, SyncJobCommand, ExtmarketSyncEvent> = {
  aggregate: 'extmarket_sync',
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
};
