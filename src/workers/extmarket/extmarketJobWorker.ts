import type { EventStore } from '../../eventstore/port.ts';
import { runSyncJobCommand, ZERO_COUNTERS } from '../../../commands/extmarket/handlers.ts';
import { ConflictException } from '../../core/errors.ts';
import { runOrderCommand } from '../../modules/orders.ts';
import { pushToExtmarket, type PushRequest } from './pushToExtmarket.ts';
import { runExtmarketSync, SYNC_ACTOR, type SyncWorkerDeps } from './runExtmarketSync.ts';

/**
 * The background runner of extmarket jobs (order syncs, historical imports, product exports).
 * Jobs arrive from the feed (src/processes/runExtmarketJobOnRequested.ts) and from a sweep of
 * the sync log, which also covers a process that stopped while a job waited or ran: a pending
 * job is started (the Started append decides who runs it); a processing job without progress
 * for `staleMs` lost its worker and is failed, so a client polling it gets an answer.
 */
export class ExtmarketJobWorker {
  private readonly queue: number[] = [];
  private readonly pushes: PushRequest[] = [];
  private pushing: Promise<void> | null = null;
  private readonly known = new Set<number>();
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    readonly deps: SyncWorkerDeps,
    private readonly options = { sweepEveryMs: 5000, staleMs: 10 * 60_000 },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.sweep(), this.options.sweepEveryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all([this.running, this.pushing]);
  }

  enqueue(jobId: number): void {
    if (this.stopped || this.known.has(jobId)) return;
    this.known.add(jobId);
    this.queue.push(jobId);
    if (!this.running)
      this.running = this.drain().finally(() => {
        this.running = null;
      });
  }

  /** Resolves when no job or push of this process is queued or running (tests). */
  async idle(): Promise<void> {
    while (this.running || this.pushing) await Promise.all([this.running, this.pushing]);
  }

  /**
   * Sends one of our decisions to the extmarket (first attempt) and records the outcome on the
   * order. Outside any transaction: a slow extmarket holds up no consumer. A push lost with the
   * process stays pending and the retryExtmarketPushes task sends it.
   */
  enqueuePush(push: PushRequest): void {
    if (this.stopped) return;
    this.pushes.push(push);
    if (!this.pushing)
      this.pushing = this.drainPushes().finally(() => {
        this.pushing = null;
      });
  }

  private async drainPushes(): Promise<void> {
    while (!this.stopped && this.pushes.length > 0) {
      const push = this.pushes.shift()!;
      try {
        const outcome = await pushToExtmarket(this.deps, push, 1);
        await runOrderCommand(
          { store: this.deps.store, db: this.deps.knex, clock: this.deps.clock },
          push.order_id,
          {
            type: 'RecordExtmarketPush',
            data: { ...push, attempt: 1, ...outcome, at: this.deps.clock.now().toISOString() },
          },
          { userId: 'system:extmarket-push', vendorId: push.vendor_id, correlationId: `extmarket-push-${push.key}` },
        );
      } catch (err) {
        this.deps.logger.error({ err, key: push.key }, 'extmarket push could not be recorded; the retry task will send it');
      }
    }
  }

  private async drain(): Promise<void> {
    while (!this.stopped && this.queue.length > 0) {
      const jobId = this.queue.shift()!;
      await runExtmarketSync(this.deps, jobId).catch((err) => this.deps.logger.error({ err, job_id: jobId }, 'extmarket worker error'));
      this.known.delete(jobId);
    }
  }

  async sweep(): Promise<void> {
    if (this.stopped) return;
    try {
      const pending = await this.deps.knex('extmarket_sync_logs').where('status', 'pending').orderBy('id').limit(100).pluck('id');
      for (const id of pending) this.enqueue(Number(id));
      const stale = await this.deps
        .knex('extmarket_sync_logs')
        .where('status', 'processing')
        .where('updated_at', '<', new Date(this.deps.clock.now().getTime() - this.options.staleMs))
        .limit(100);
      for (const job of stale.filter((j) => !this.known.has(j.id))) {
        await runSyncJobCommand(
          { store: this.deps.store, db: this.deps.knex, clock: this.deps.clock },
          job.id,
          {
            type: 'FailExtmarketSync',
            data: {
              ...ZERO_COUNTERS,
              error: 'The job stopped making progress (its worker stopped); start a new one',
              at: this.deps.clock.now().toISOString(),
            },
          },
          { userId: SYNC_ACTOR, vendorId: job.vendor_id, correlationId: `extmarket-sweep-${job.id}` },
        ).catch((err) => {
          if (!(err instanceof ConflictException)) throw err;
        });
      }
    } catch (err) {
      this.deps.logger.error({ err }, 'extmarket job sweep failed');
    }
  }
}

const workers = new WeakMap<EventStore, ExtmarketJobWorker>();

/** Starts this process's extmarket worker once per event store (idempotent). */
export function startExtmarketWorker(deps: SyncWorkerDeps): ExtmarketJobWorker {
  let w = workers.get(deps.store);
  if (!w) {
    w = new ExtmarketJobWorker(deps);
    workers.set(deps.store, w);
    w.start();
  }
  return w;
}

export function extmarketWorkerOf(store: EventStore): ExtmarketJobWorker | null {
  return workers.get(store) ?? null;
}

export async function stopExtmarketWorker(store: EventStore): Promise<void> {
  const w = workers.get(store);
  workers.delete(store);
  await w?.stop();
}
