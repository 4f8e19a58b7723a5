import { hostname } from 'node:os';
import schedule from 'node-schedule';
import type { Logger } from 'pino';
import { sql } from './database.ts';
import type { Services } from './services.ts';

/**
 * Scheduled tasks (ARCHITECTURE.md "Scheduled tasks"). Every instance schedules every task; at a
 * tick each one tries to claim (task, tick) in scheduled_runs, and only the instance whose insert
 * wins runs it. The claim commits before the work starts, so no transaction stays open during a
 * long task (that would hold back every projector), and the table doubles as the run history.
 */
export interface ScheduledTask {
  name: string;
  /** cron expression (node-schedule syntax, seconds optional). */
  cron: string;
  run(services: Services): Promise<void>;
}

export class Scheduler {
  private jobs: schedule.Job[] = [];
  private readonly instance = `${hostname()}:${process.pid}`;

  constructor(private readonly services: Services, private readonly tasks: readonly ScheduledTask[], private readonly logger: Logger) {}

  start(): void {
    for (const task of this.tasks) {
      this.jobs.push(schedule.scheduleJob(task.name, task.cron, (fireDate: Date) => { void this.fire(task, fireDate); }));
    }
  }

  stop(): void {
    for (const job of this.jobs) job.cancel();
    this.jobs = [];
  }

  /** Runs `task` for `tick` unless another instance claimed that tick; true when it ran here. */
  async fire(task: ScheduledTask, tick: Date): Promise<boolean> {
    const at = new Date(Math.floor(tick.getTime() / 1000) * 1000);
    const claimed = await sql(this.services.db.knex, `INSERT INTO scheduled_runs (task, tick, instance) VALUES ($1, $2, $3)
      ON CONFLICT DO NOTHING RETURNING 1 AS ok`, [task.name, at, this.instance]);
    if (claimed.length === 0) return false;
    let error: string | null = null;
    try {
      await task.run(this.services);
    } catch (err) {
      error = (err as Error).message;
      this.logger.error({ task: task.name, err }, 'scheduled task failed');
    }
    await sql(this.services.db.knex, 'UPDATE scheduled_runs SET finished_at = now(), error = $3 WHERE task = $1 AND tick = $2',
      [task.name, at, error]);
    return true;
  }
}
