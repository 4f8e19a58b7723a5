import { extmarketCredentials } from '../../commands/extmarket/extmarketCredentials.ts';
import { extmarketSyncJob } from '../../commands/extmarket/extmarketSyncJob.ts';
import { ExtmarketCredentialsException, InvalidTransitionException } from '../../src/core/errors.ts';
import { ExtmarketSyncJobNotFoundException } from '../../commands/extmarket/errors.ts';
import { given } from '../support/decider.ts';

const at = '2026-11-21T10:00:00.000Z';
const zero = { files_processed: 0, files_succeeded: 0, files_failed: 0, orders_imported: 0, orders_skipped: 0 };
const requested = {
  type: 'ExtmarketSyncRequested' as const,
  data: { job_id: 3, vendor_id: 7, job_type: 'order_sync' as const, requested_by: 1, created_by_name: null, options: {}, at },
};
const started = { type: 'ExtmarketSyncStarted' as const, data: { job_id: 3, vendor_id: 7, attempt: 1, at } };
const completed = {
  type: 'ExtmarketSyncCompleted' as const,
  data: { job_id: 3, vendor_id: 7, job_type: 'order_sync' as const, ...zero, error_details: {}, at },
};

describe('extmarket sync job (the sync log record)', () => {
  it('starts once: a second worker is refused, naming the state', () => {
    given(extmarketSyncJob, [requested]).when({ type: 'StartExtmarketSync', data: { at } }).then([started]);
    given(extmarketSyncJob, [requested, started])
      .when({ type: 'StartExtmarketSync', data: { at } })
      .thenThrows(InvalidTransitionException, /'running'/);
  });
  it('records progress and completion only while running', () => {
    given(extmarketSyncJob, [requested])
      .when({ type: 'RecordSyncProgress', data: { ...zero, progress_message: 'x', errors: [], at } })
      .thenThrows(InvalidTransitionException, /'requested'/);
    given(extmarketSyncJob, [requested, started])
      .when({ type: 'CompleteExtmarketSync', data: { ...zero, error_details: {}, at } })
      .then([completed]);
    given(extmarketSyncJob, [requested, started, completed])
      .when({ type: 'FailExtmarketSync', data: { ...zero, error: 'x', at } })
      .thenThrows(InvalidTransitionException, /'completed'/);
  });
  it('fails a job no worker started', () => {
    given(extmarketSyncJob, [requested])
      .when({ type: 'FailExtmarketSync', data: { ...zero, error: 'lost', at } })
      .then([{ type: 'ExtmarketSyncFailed', data: { job_id: 3, vendor_id: 7, job_type: 'order_sync', ...zero, error: 'lost', at } }]);
  });
  it('knows no job that was never requested', () => {
    given(extmarketSyncJob, []).when({ type: 'StartExtmarketSync', data: { at } }).thenThrows(ExtmarketSyncJobNotFoundException);
  });
});

describe('extmarket credentials', () => {
  const save = (sealed: string | null) => ({
    type: 'SaveExtmarketCredentials' as const,
    data: {
      vendor_id: 7,
      api_key_sealed: sealed,
      api_key_hint: sealed ? '…abcd' : null,
      api_endpoint: 'https://x.test/graphql',
      auto_sync_enabled: true,
      by: 1,
      at,
    },
  });
  it('stores a sealed key; settings alone need a key stored before', () => {
    given(extmarketCredentials, []).when(save(null)).thenThrows(ExtmarketCredentialsException);
    const [saved] = extmarketCredentials.decide(save('v1:a:b:c'), extmarketCredentials.initialState());
    given(extmarketCredentials, [saved]).when(save(null)).then([]);
  });
  it('removes a stored key, and refuses to remove none', () => {
    given(extmarketCredentials, [])
      .when({ type: 'RemoveExtmarketCredentials', data: { vendor_id: 7, by: 1, at } })
      .thenThrows(ExtmarketCredentialsException);
  });
});
