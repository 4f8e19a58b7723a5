import { hostname } from 'node:os';
import cronParser from 'cron-parser';
import schedule from 'node-schedule';
import type { Logger } from 'pino';
import { sql } from './database.ts';
import type { Services } from './services.ts';

/**
 * Scheduled tasks (ARCHITECTURE.md "Scheduled tasks"). Every instance schedules every task; at a
 * tick each one tries to claim (task, tick) in scheduled_runs, and only the instance whose insert
 * wins runs it. The claim commits before the work starts, so no transaction stays open during a
 * long task (that would hold back every projector), and the table doubles as the run history.
 *
 * A tick missed while no instance was up is caught up at start: a task whose previous cron
 * occurrence (before services.clock's now) has no recorded run runs once for that occurrence.
 * The catch-up claims the same (task, tick) a live tick would, so it never runs twice.
 */
export interface ScheduledTask {
  name: string;
  /** cron expression (node-schedule syntax, seconds optional). */
  cron: string;
  /** Time zone the cron expression is read in (IANA name); default the server's. */
  tz?: string;
  run(services: Services): Promise<void>;
  /** The module that declares the task (src/modules/index.ts sets it). */
  module?: string;
}

/** Whether a task's module is on (the platform-modules switch); absent: every task runs. */
export type TaskSwitch = (task: ScheduledTask) => boolean;

export class Scheduler {
  private jobs: schedule.Job[] = [];
  /** Runs under way (ticks and the start-up catch-up): stopping waits for them, so none outlives the pools. */
  private readonly running = new Set<Promise<unknown>>();
  private stopping = false;
  private readonly instance = `${hostname()}:${process.pid}`;

  constructor(
    private readonly services: Services,
    private readonly tasks: readonly ScheduledTask[],
    private readonly logger: Logger,
    private readonly isOn: TaskSwitch = () => true,
  ) {}

  start(): void {
    this.stopping = false;
    for (const task of this.tasks) {
      const rule = task.tz ? { rule: task.cron, tz: task.tz } : task.cron;
      this.jobs.push(
        schedule.scheduleJob(task.name, rule, (fireDate: Date) => {
          this.track(this.fire(task, fireDate));
        }),
      );
    }
    this.track(this.catchUp().catch((err) => this.logger.error({ err }, 'scheduled task catch-up failed')));
  }

  private track(run: Promise<unknown>): void {
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  /** The task's latest occurrence before `now`. */
  static previousOccurrence(task: ScheduledTask, now: Date): Date {
    const next = cronParser.parseExpression(task.cron, { currentDate: now, tz: task.tz });
    return next.prev().toDate();
  }

  /**
   * Runs, once, every task whose previous occurrence has no recorded run at or after it (none
   * ever, or only older ones): the tick no instance was up for. Returns the tasks run here.
   */
  async catchUp(): Promise<string[]> {
    const now = this.services.clock.now();
    const ran: string[] = [];
    for (const task of this.tasks) {
      if (this.stopping) break;
      const due = Scheduler.previousOccurrence(task, now);
      const [last] = await sql<{ tick: Date | string | null }>(
        this.services.db.knex,
        'SELECT max(tick) AS tick FROM scheduled_runs WHERE task = $1',
        [task.name],
      );
      if (last?.tick && new Date(last.tick).getTime() >= Math.floor(due.getTime() / 1000) * 1000) continue;
      this.logger.info({ task: task.name, tick: due.toISOString(), last_run: last?.tick ?? null }, 'catching up a missed scheduled run');
      if (await this.fire(task, due)) ran.push(task.name);
    }
    return ran;
  }

  /** No new run starts; the runs under way finish (a task already claimed records its end). */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const job of this.jobs) job.cancel();
    this.jobs = [];
    await Promise.allSettled([...this.running]);
  }

  /**
   * Runs `task` for `tick` unless another instance claimed that tick; true when it ran here. A
   * task of a module switched off on every platform does not run, and claims nothing: enabled
   * again, its next tick runs.
   */
  async fire(task: ScheduledTask, tick: Date): Promise<boolean> {
    if (!this.isOn(task)) return false;
    const at = new Date(Math.floor(tick.getTime() / 1000) * 1000);
    const claimed = await sql(
      this.services.db.knex,
      `INSERT INTO scheduled_runs (task, tick, instance) VALUES ($1, $2, $3)
      ON CONFLICT DO NOTHING RETURNING 1 AS ok`,
      [task.name, at, this.instance],
    );
    if (claimed.length === 0) return false;
    let error: string | null = null;
    try {
      await task.run(this.services);
    } catch (err) {
      error = (err as Error).message;
      this.logger.error({ task: task.name, err }, 'scheduled task failed');
    }
    await sql(this.services.db.knex, 'UPDATE scheduled_runs SET finished_at = now(), error = $3 WHERE task = $1 AND tick = $2', [
      task.name,
      at,
      error,
    ]);
    return true;
  }
}
