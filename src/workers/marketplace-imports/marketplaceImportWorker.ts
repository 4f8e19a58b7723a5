import { failMarketplaceImport } from '../../../commands/marketplace-imports/handlers.ts';
import { ConcurrencyException, InvalidTransitionException } from '../../core/errors.ts';
import { importSettings } from '../importSettings.ts';
import { IMPORT_ACTOR, runMarketplaceImport, type ImportWorkerDeps } from './runMarketplaceImport.ts';
import type { EventStore } from '../../eventstore/port.ts';
import type { Background } from '../../modules/module.ts';
import type { Services } from '../../runtime/services.ts';

/**
 * The background runner of marketplace import jobs (ARCHITECTURE.md "Long operations").
 * Jobs arrive from the feed (src/processes/runMarketplaceImportOnRequested.ts) and from a sweep
 * of the job list, which also covers a process that stopped while a job waited or ran:
 * - a pending job no worker holds is started (the Started append decides who runs it);
 * - a processing job without progress for `staleMs` lost its worker and is failed, so a client
 *   polling it gets an answer; its staged rows never reach the catalogue.
 */
export class MarketplaceImportWorker {
  private readonly queue: number[] = [];
  private readonly known = new Set<number>();
  private readonly active = new Map<number, { done: Promise<void>; abort: AbortController }>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly deps: ImportWorkerDeps) {}

  start(): void {
    this.timer = setInterval(() => void this.sweep(), importSettings.sweepEveryMs);
    this.timer.unref();
    void this.sweep();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const { abort } of this.active.values()) abort.abort();
    await Promise.all([...this.active.values()].map((a) => a.done));
  }

  enqueue(jobId: number): void {
    if (this.stopped || this.known.has(jobId)) return;
    this.known.add(jobId);
    this.queue.push(jobId);
    this.pump();
  }

  /** Resolves when no job of this process is queued or running (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.known.size > 0 && this.active.size > 0) await Promise.all([...this.active.values()].map((a) => a.done));
  }

  private pump(): void {
    while (!this.stopped && this.active.size < importSettings.concurrency && this.queue.length > 0) {
      const jobId = this.queue.shift()!;
      const abort = new AbortController();
      const done = runMarketplaceImport(this.deps, jobId, abort.signal)
        .catch((err) => this.deps.logger.error({ err, job_id: jobId }, 'marketplace import worker error'))
        .finally(() => {
          this.active.delete(jobId);
          this.known.delete(jobId);
          this.pump();
        });
      this.active.set(jobId, { done, abort });
    }
  }

  async sweep(): Promise<void> {
    if (this.stopped) return;
    try {
      const pending = await this.deps.knex('marketplace_import_jobs').where('status', 'pending').orderBy('id').limit(100).pluck('id');
      for (const id of pending) this.enqueue(Number(id));
      const staleBefore = new Date(this.deps.clock.now().getTime() - importSettings.staleMs);
      const stale = await this.deps
        .knex('marketplace_import_jobs')
        .where('status', 'processing')
        .where('updated_at', '<', staleBefore)
        .limit(100)
        .pluck('id');
      for (const id of stale.map(Number).filter((id) => !this.known.has(id))) {
        await failMarketplaceImport(
          { store: this.deps.store, db: this.deps.knex, clock: this.deps.clock },
          id,
          'worker_lost',
          `The import stopped making progress for ${Math.round(importSettings.staleMs / 1000)} s (its worker stopped); start a new import`,
          { userId: IMPORT_ACTOR, correlationId: `marketplace-import-sweep-${id}` },
        ).catch((err) => {
          if (!(err instanceof ConcurrencyException || err instanceof InvalidTransitionException)) throw err;
        });
      }
    } catch (err) {
      this.deps.logger.error({ err }, 'marketplace import sweep failed');
    }
  }
}

const workers = new WeakMap<EventStore, MarketplaceImportWorker>();

/**
 * The import worker of this process, started with the module's background work (src/modules/
 * marketplaceImports.ts) and stopped with it; the process manager hands it new jobs through
 * `marketplaceImportWorkerOf(store)`.
 */
export function startMarketplaceImportWorker(services: Services): Background {
  const worker = new MarketplaceImportWorker({
    knex: services.db.knex,
    store: services.store,
    dataDir: services.config.dataDir,
    logger: services.logger,
    clock: services.clock,
  });
  workers.set(services.store, worker);
  worker.start();
  return {
    async stop() {
      workers.delete(services.store);
      await worker.stop();
    },
  };
}

/** This process's import worker for the store; null in a process without one (a CLI): the sweep of a process that has one picks the job up. */
export function marketplaceImportWorkerOf(store: EventStore): MarketplaceImportWorker | null {
  return workers.get(store) ?? null;
}
