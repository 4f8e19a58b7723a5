import { TestRunInProgressException } from '../../../commands/test-runs/errors.ts';
import { testRunner } from '../../../commands/test-runs/testRunner.ts';
import { given } from '../../support/decider.ts';

const AT = '2026-11-28T10:00:00.000Z';

describe('test runner decider: one run queued at a time', () => {
  const request = (run_id: number, after: number | null) => ({
    run_id,
    after,
    kind: 'run' as const,
    category: 'unit' as const,
    collection: null,
    requested_by: 1,
    at: AT,
  });
  const queued = (run_id: number, after: number | null) => ({ type: 'TestRunQueued' as const, data: request(run_id, after) });
  const queue = (run_id: number, after: number | null) => ({ type: 'QueueTestRun' as const, data: request(run_id, after) });
  it('queues the first run after none, and each next one after the one queued last, with its whole request', () => {
    given(testRunner, [])
      .when(queue(3, null))
      .then([queued(3, null)]);
    given(testRunner, [queued(3, null)])
      .when(queue(4, 3))
      .then([queued(4, 3)]);
  });
  it('refuses a run queued after one that is no longer the last, naming the last', () => {
    given(testRunner, [queued(3, null)])
      .when(queue(4, null))
      .thenThrows(TestRunInProgressException, /Test run 3 was queued meanwhile/);
    given(testRunner, [queued(3, null), queued(5, 3)])
      .when(queue(6, 3))
      .thenThrows(TestRunInProgressException, /Test run 5/);
  });
});
