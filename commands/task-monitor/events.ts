/**
 * The task monitor's events, its public contract: the retry of one failed background task
 * (stream `task_retry-<type>.<task id>`, see taskRetry.ts).
 */

/** A background task as the monitor names it: its type and its id within the type. */
export interface TaskRef {
  type: string;
  task_id: string;
}

export type TaskRetryEvent =
  | { type: 'TaskRetryRequested'; data: TaskRef & { by: number | string; at: string } }
  | { type: 'TaskRetryStarted'; data: TaskRef & { retry: TaskRef; at: string } }
  | { type: 'TaskRetryAbandoned'; data: TaskRef & { reason: string; at: string } };
