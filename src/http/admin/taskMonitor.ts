import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import { listBackgroundTasks, scheduledRunTasks, type TaskOut } from '../../../queries/task-monitor/listBackgroundTasks.ts';
import { ConflictException, ResourceNotFoundException } from '../../core/errors.ts';
import { retryFailedTask } from '../../../commands/task-monitor/handlers.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { registeredModules } from '../../modules/registry.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { Nullable, NullableTimestamp, Page, Timestamp } from '../responses.ts';
import { PageQuery } from '../validation.ts';

export const BackgroundTask = Type.Object(
  {
    id: Type.String({ description: '<type>:<task_id>' }),
    type: Type.String(),
    task_id: Type.String(),
    status: Type.String(),
    progress: Nullable(Type.String()),
    error: Nullable(Type.String({ description: 'Why a failed one failed' })),
    created_at: Timestamp,
    started_at: NullableTimestamp,
    completed_at: NullableTimestamp,
    duration_ms: Nullable(Type.Integer()),
  },
  { $id: 'BackgroundTask' },
);

export const ConsumerLag = Type.Object(
  {
    name: Type.String(),
    kind: Type.String(),
    lag: Type.Integer({ description: 'Events of its types past its checkpoint (counted up to 10,000)' }),
    lag_capped: Type.Boolean(),
    last_error: Nullable(Type.String()),
  },
  { $id: 'ConsumerLag' },
);
const ConsumerLags = Type.Object({ items: Type.Array(ConsumerLag) }, { $id: 'ConsumerLagList' });

const MAX_LAG = 10_000;

/** Every module's background-task source, and the scheduled tasks' runs. */
export function taskSources(services: Services) {
  const knex = services.db.knex;
  return [...registeredModules().flatMap((m) => (m.backgroundTasks ? [m.backgroundTasks(knex)] : [])), scheduledRunTasks(knex)];
}

/** Each consumer (projection or process manager) with how far it is behind the event feed. */
export async function consumerLags(services: Services) {
  const out = [];
  for (const c of services.runner.status()) {
    const consumer = services.runner.consumers.find((x) => x.name === c.name)!;
    let lag = 0;
    try {
      lag = (await services.store.readFeed(c.position, { limit: MAX_LAG, types: consumer.eventTypes })).events.length;
    } catch {
      lag = -1;
    }
    out.push({
      name: c.name,
      kind: consumer.kind,
      lag: Math.max(lag, 0),
      lag_capped: lag >= MAX_LAG,
      last_error: c.lastError ? String(c.lastError) : null,
    });
  }
  return out;
}

const TaskRetried = Type.Object(
  {
    task: BackgroundTask,
    retry: Type.Object({ type: Type.String(), task_id: Type.String() }, { description: 'The new job, as the monitor names it' }),
    already_retried: Type.Boolean({ description: 'True when an earlier request had retried the task: nothing new was started' }),
  },
  { $id: 'BackgroundTaskRetried' },
);

/** One background task by its type and id, or a 404. */
export async function findTask(services: Services, type: string, taskId: string): Promise<TaskOut> {
  const page = await listBackgroundTasks(services.db.knex, taskSources(services), { type, search: taskId }, { page: 1, limit: 100 });
  const task = page.items.find((t) => t.task_id === taskId);
  if (!task) throw new ResourceNotFoundException(`No background task ${type}:${taskId}`);
  return task;
}

/**
 * Retries a failed task once (the API's POST …/retry and the monitor page's button): the area
 * that owns the task type starts a new job like it; a repeated retry answers the same new job.
 * A task type no area can retry, or a task that has not failed, is refused with 409.
 */
export async function retryTask(services: Services, type: string, taskId: string, by: { context: CommandContext; name: string | null }) {
  const task = await findTask(services, type, taskId);
  const owner = registeredModules().find((m) => m.backgroundTaskRetry?.canRetry(type))?.backgroundTaskRetry;
  if (!owner) throw new ConflictException(`A ${type} task cannot be retried from the monitor`, { current_state: task.status });
  const outcome = await retryFailedTask(
    services.store,
    task,
    by.context.userId ?? 'unknown',
    () => services.clock.now().toISOString(),
    by.context,
    () => owner.start(services, task, by),
  );
  await services.settle(outcome.done);
  return { task, retry: outcome.retry, already_retried: outcome.already };
}

/** Whether a task's work is still ahead of it: waiting for a worker or under way. */
export const isActive = (status: string) => status === 'pending' || status === 'running' || status === 'processing';

/** Whether an area can cancel a task of this type part-way (its module's backgroundTaskCancel). */
export const cancellable = (type: string) => registeredModules().some((m) => m.backgroundTaskCancel?.canCancel(type));

/**
 * Cancels a waiting or running task (the API's POST …/cancel and the monitor page's button): the
 * area that owns the task type records the cancel and its worker stops the work. A task type
 * whose work cannot stop cleanly part-way, or a task that has ended, is refused with 409.
 */
export async function cancelTask(
  services: Services,
  type: string,
  taskId: string,
  by: { context: CommandContext; name: string | null },
): Promise<TaskOut> {
  const task = await findTask(services, type, taskId);
  const owner = registeredModules().find((m) => m.backgroundTaskCancel?.canCancel(type))?.backgroundTaskCancel;
  if (!owner)
    throw new ConflictException(`A ${type} task cannot be cancelled from the monitor: its work does not stop cleanly part-way`, {
      current_state: task.status,
    });
  if (!isActive(task.status))
    throw new ConflictException(`Only a waiting or running task can be cancelled: ${type}:${taskId} is ${task.status}`, {
      current_state: task.status,
    });
  await services.settle([await owner.cancel(services, task, by)]);
  return findTask(services, type, taskId);
}

/**
 * The background-task monitor (SPEC.md 4.4): every piece of background work of the platform in
 * one list (imports, syncs, exports, scans, test runs, scheduled task runs), filtered and paged;
 * one task; the consumers with their lag. docs/platform-operations.md "Task monitor".
 */
export function adminTaskMonitorRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const knex = services.db.knex;

  api.get(
    '/tasks',
    {
      summary: 'Every background task, newest first; filters type, status, text (progress or error)',
      query: Type.Object({
        ...PageQuery,
        type: Type.Optional(Type.String({ maxLength: 60 })),
        status: Type.Optional(Type.String({ maxLength: 30 })),
        search: Type.Optional(Type.String({ maxLength: 200 })),
      }),
      responses: { 200: Page(BackgroundTask) },
    },
    async (ctx, { query }) => {
      const { page, limit, ...filter } = query;
      ctx.body = await listBackgroundTasks(knex, taskSources(services), filter, { page: page ?? 1, limit: limit ?? 20 });
    },
  );

  api.get(
    '/tasks/consumers',
    {
      summary: 'Projections and process managers with their lag behind the event feed',
      responses: { 200: ConsumerLags },
    },
    async (ctx) => {
      ctx.body = { items: await consumerLags(services) };
    },
  );

  const TaskParams = Type.Object({ type: Type.String({ maxLength: 60 }), task_id: Type.String({ maxLength: 200 }) });

  api.get(
    '/tasks/:type/:task_id',
    {
      summary: 'One background task',
      params: TaskParams,
      responses: { 200: BackgroundTask },
      errors: [ResourceNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await findTask(services, params.type, params.task_id);
    },
  );

  api.post(
    '/tasks/:type/:task_id/retry',
    {
      summary:
        'Retry a failed task once: its area starts a new job like it (202); a repeated retry answers the same new job and starts nothing',
      params: TaskParams,
      responses: { 202: TaskRetried },
      errors: [ResourceNotFoundException, ConflictException],
    },
    async (ctx, { params }) => {
      const adminId: number = adminCaller(ctx).id;
      ctx.body = await retryTask(services, params.type, params.task_id, {
        context: commandContext(ctx, adminId),
        name: adminCaller(ctx).claims.username ?? null,
      });
      ctx.status = 202;
    },
  );

  api.post(
    '/tasks/:type/:task_id/cancel',
    {
      summary:
        'Cancel a waiting or running task whose work stops cleanly part-way (scans, test runs): its worker stops it; answers the task, cancelled',
      params: TaskParams,
      responses: { 200: BackgroundTask },
      errors: [ResourceNotFoundException, ConflictException],
    },
    async (ctx, { params }) => {
      const adminId: number = adminCaller(ctx).id;
      ctx.body = await cancelTask(services, params.type, params.task_id, {
        context: commandContext(ctx, adminId),
        name: adminCaller(ctx).claims.username ?? null,
      });
    },
  );

  return api.router;
}
