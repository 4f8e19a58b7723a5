import { assertNever, type Decider } from '../../src/core/decider.ts';
import type { TaskRef, TaskRetryEvent } from './events.ts';

export type TaskRetryCommand =
  | { type: 'RequestTaskRetry'; data: TaskRef & { by: number | string; at: string } }
  | { type: 'RecordTaskRetryStarted'; data: TaskRef & { retry: TaskRef; at: string } }
  | { type: 'AbandonTaskRetry'; data: TaskRef & { reason: string; at: string } };

export type TaskRetryState = { status: 'none' } | { status: 'requested'; by: number | string } | { status: 'started'; retry: TaskRef };

/**
 * The retry of one failed background task, at most once: the first request claims it (a
 * concurrent second one loses the append), the job the area started for it is recorded, and any
 * later request decides nothing and is answered with that job. The stream id is the failed
 * task's (taskRetryId). A claim whose job could not be started (the area refused) is abandoned,
 * so that the task can be retried again.
 */
export function decideTaskRetry(command: TaskRetryCommand, state: TaskRetryState): TaskRetryEvent[] {
  switch (command.type) {
    case 'RequestTaskRetry':
      return state.status === 'none' ? [{ type: 'TaskRetryRequested', data: command.data }] : [];
    case 'RecordTaskRetryStarted':
      return state.status === 'requested' ? [{ type: 'TaskRetryStarted', data: command.data }] : [];
    case 'AbandonTaskRetry':
      return state.status === 'requested' ? [{ type: 'TaskRetryAbandoned', data: command.data }] : [];
    default:
      return assertNever(command);
  }
}

export function evolveTaskRetry(state: TaskRetryState, event: TaskRetryEvent): TaskRetryState {
  switch (event.type) {
    case 'TaskRetryRequested':
      return { status: 'requested', by: event.data.by };
    case 'TaskRetryStarted':
      return { status: 'started', retry: event.data.retry };
    case 'TaskRetryAbandoned':
      return { status: 'none' };
    default:
      return state;
  }
}

export const taskRetry: Decider<TaskRetryState, TaskRetryCommand, TaskRetryEvent> = {
  aggregate: 'task_retry',
  initialState: () => ({ status: 'none' }),
  evolve: evolveTaskRetry,
  decide: decideTaskRetry,
};

/** The retry stream's id of a task (`task_retry-extmarket_order_sync.12`). */
export const taskRetryId = (task: TaskRef): string => `${task.type}.${task.task_id}`;
