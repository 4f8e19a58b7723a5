import type { Knex } from 'knex';
import type { BackgroundTaskRow } from '../../src/modules/module.ts';
import { containing } from '../../src/core/likePattern.ts';
import { paginate, type Page, type PageRequest } from '../../src/core/pagination.ts';

export interface TaskFilter {
  type?: string;
  status?: string;
  search?: string;
}

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

export function taskOut(r: BackgroundTaskRow) {
  const started = r.started_at ? new Date(r.started_at).getTime() : null;
  const ended = r.completed_at ? new Date(r.completed_at).getTime() : null;
  return {
    id: `${r.type}:${r.task_id}`,
    type: r.type,
    task_id: r.task_id,
    status: r.status,
    progress: r.progress ?? null,
    error: r.error ?? null,
    created_at: iso(r.created_at)!,
    started_at: iso(r.started_at),
    completed_at: iso(r.completed_at),
    duration_ms: started !== null && ended !== null ? Math.max(0, ended - started) : null,
  };
}
export type TaskOut = ReturnType<typeof taskOut>;

/**
 * Every module's background work in one list (each module's backgroundTasks query, plus the
 * scheduled tasks' runs), newest first, filtered by type, status and text.
 */
export function listBackgroundTasks(
  knex: Knex,
  sources: Knex.QueryBuilder[],
  filter: TaskFilter,
  request: PageRequest,
): Promise<Page<TaskOut>> {
  const all = knex.queryBuilder().from(knex.raw(`(${sources.map((q) => q.toQuery()).join(' UNION ALL ')}) AS tasks`));
  if (filter.type) all.where('type', filter.type);
  if (filter.status) all.where('status', filter.status);
  if (filter.search)
    all.where((b) =>
      b
        .whereILike('progress', containing(filter.search!))
        .orWhereILike('error', containing(filter.search!))
        .orWhere('task_id', filter.search!),
    );
  return paginate(
    all.select('*'),
    request,
    (b) => b.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'type' }, { column: 'task_id', order: 'desc' }]),
    taskOut,
  );
}

/** The scheduled tasks' runs, as background work (the scheduler's own bookkeeping table). */
export function scheduledRunTasks(knex: Knex): Knex.QueryBuilder {
  return knex('scheduled_runs').select(
    knex.raw("'scheduled_task' AS type"),
    knex.raw(`task || '@' || to_char(tick AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS task_id`),
    knex.raw("CASE WHEN error IS NOT NULL THEN 'failed' WHEN finished_at IS NULL THEN 'running' ELSE 'completed' END AS status"),
    knex.raw("task || ' on ' || instance AS progress"),
    'error',
    knex.raw('started_at AS created_at'),
    'started_at',
    knex.raw('finished_at AS completed_at'),
  );
}
