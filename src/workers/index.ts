import type { EventStore } from '../eventstore/port.ts';
import type { Services } from '../runtime/services.ts';
import { MarketplaceImportWorker } from './marketplaceImportWorker.ts';

/**
 * The job workers of the service (ARCHITECTURE.md "Layout": job workers for imports, syncs,
 * scans), started by src/main.ts after the consumers, and by the test app. Process managers reach
 * the workers of their process through `workersOf(store)`; a process without workers (a CLI)
 * gets null, and the workers' sweep picks the job up wherever they run.
 */
export interface Workers {
  marketplaceImports: MarketplaceImportWorker;
  stop(): Promise<void>;
}

const running = new WeakMap<EventStore, Workers>();

export function startWorkers(services: Services): Workers {
  const marketplaceImports = new MarketplaceImportWorker({
    knex: services.db.knex, store: services.store, dataDir: services.config.dataDir, logger: services.logger,
  });
  const workers: Workers = {
    marketplaceImports,
    async stop() {
      running.delete(services.store);
      await marketplaceImports.stop();
    },
  };
  running.set(services.store, workers);
  marketplaceImports.start();
  return workers;
}

export function workersOf(store: EventStore): Workers | null {
  return running.get(store) ?? null;
}
