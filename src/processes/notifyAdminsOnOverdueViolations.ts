import type { ScheduledTask } from '../runtime/scheduler.ts';
import type { Services } from '../runtime/services.ts';
import { raiseNotice } from '../modules/notifications.ts';

/**
 * Assigned violations past their due date: the admins are told once per violation and due date
 * (a new due date, once past, is told again). The query skips those told before; a race between
 * two runs still raises each key once. Returns how many it raised.
 */
export async function notifyAdminsOfOverdueViolations(services: Services): Promise<number> {
  const knex = services.db.knex;
  const now = services.clock.now();
  const today = now.toISOString().slice(0, 10);
  const overdue = await knex('code_quality_violations as v')
    .where('v.status', 'assigned')
    .whereNotNull('v.due_date')
    .where('v.due_date', '<', today)
    .whereNotExists(
      knex('admin_notifications as n').whereRaw(
        `n.key = 'code_quality_violation_overdue:' || v.id || ':' || to_char(v.due_date, 'YYYY-MM-DD')`,
      ),
    )
    .orderBy('v.id')
    .limit(500)
    .select<{ id: number; rule_id: string; file_path: string; assignee: string | null; due: string }[]>(
      'v.id',
      'v.rule_id',
      'v.file_path',
      'v.assignee',
      knex.raw(`to_char(v.due_date, 'YYYY-MM-DD') AS due`),
    );
  for (const v of overdue) {
    const key = `code_quality_violation_overdue:${v.id}:${v.due}`;
    await raiseNotice(
      services.store,
      {
        key,
        kind: 'code_quality_violation_overdue',
        severity: 'warning',
        title: `Violation ${v.id} (${v.rule_id}) is past its due date`,
        body: `${v.file_path} still breaks ${v.rule_id}; it was due on ${v.due} and is assigned to ${v.assignee}.`,
        link: `/admin/code-quality/violations/${v.id}`,
        data: { violation_id: v.id, due_date: v.due, assignee: v.assignee },
      },
      now.toISOString(),
      { userId: 'system:notifyAdminsOfOverdueViolations', correlationId: `violation-overdue-${v.id}`, causationId: key },
    );
  }
  return overdue.length;
}

/** Hourly: a violation is reported within the hour after its due day ended. */
export const notifyAdminsOnOverdueViolations: ScheduledTask = {
  name: 'notifyAdminsOnOverdueViolations',
  cron: '37 * * * *',
  async run(services) {
    await notifyAdminsOfOverdueViolations(services);
  },
};
