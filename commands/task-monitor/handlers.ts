import { ConflictException } from '../../src/core/errors.ts';
import { handleCommand, load, type CommandContext, type Handled } from '../../src/runtime/commandHandler.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import type { TaskRef } from './events.ts';
import { taskRetry, taskRetryId } from './taskRetry.ts';

export interface RetryOutcome {
  retry: TaskRef;
  /** True when an earlier request had already retried the task (nothing new was started). */
  already: boolean;
  done: Handled<unknown, any>[];
}

/**
 * Retries a failed background task once: claims the retry on the task's retry stream, lets the
 * task's area start the new job (`start`), records it; a repeated request starts nothing and
 * answers the job of the first. Refused (409) for a task that has not failed, or while another
 * request's retry is being started.
 */
export async function retryFailedTask(
  store: EventStore,
  task: TaskRef & { status: string },
  by: number | string,
  at: () => string,
  ctx: CommandContext,
  start: () => Promise<TaskRef>,
): Promise<RetryOutcome> {
  const id = taskRetryId(task);
  const { state } = await load(store, taskRetry, id);
  if (state.status === 'started') return { retry: state.retry, already: true, done: [] };
  if (task.status !== 'failed')
    throw new ConflictException(`Only a failed task can be retried: ${task.type}:${task.task_id} is ${task.status}`, {
      current_state: task.status,
    });
  const ref = { type: task.type, task_id: task.task_id };
  const claimed = await handleCommand(store, taskRetry, id, { type: 'RequestTaskRetry', data: { ...ref, by, at: at() } }, ctx);
  if (claimed.events.length === 0) {
    const now = claimed.state;
    if (now.status === 'started') return { retry: now.retry, already: true, done: [] };
    throw new ConflictException(`A retry of ${task.type}:${task.task_id} is being started`, { current_state: now.status });
  }
  let retry: TaskRef;
  try {
    retry = await start();
  } catch (err) {
    await handleCommand(
      store,
      taskRetry,
      id,
      { type: 'AbandonTaskRetry', data: { ...ref, reason: err instanceof Error ? err.message : String(err), at: at() } },
      ctx,
    );
    throw err;
  }
  const recorded = await handleCommand(store, taskRetry, id, { type: 'RecordTaskRetryStarted', data: { ...ref, retry, at: at() } }, ctx);
  return { retry, already: false, done: [claimed, recorded] };
}

/** The job that retried a task, or null when it was never retried. */
export async function retryOf(store: EventStore, task: TaskRef): Promise<TaskRef | null> {
  const { state } = await load(store, taskRetry, taskRetryId(task));
  return state.status === 'started' ? state.retry : null;
}
